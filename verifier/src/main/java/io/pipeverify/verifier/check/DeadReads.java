package io.pipeverify.verifier.check;

import io.pipeverify.model.Intent;
import io.pipeverify.model.Op;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The read instances of one execution whose value nothing uses (issue 36; proofs/dead-reads.md):
 * their races and uninitialised bytes cannot make a result wrong. A read stated by the lift ({@link
 * ReadUse.Stated}) is dead in the instances it says; one decided by the ops ({@link ReadUse.ByOps})
 * is dead when no later op of its wave reads its register (an mfma operand, a ds_write source). In
 * a schedule without GEMM intent the ops do not show every use of a register (a lifted kernel's
 * VALU instructions are no ops), so there only stated reads are dead.
 */
public final class DeadReads {
  private final Map<Instance, String> why = new HashMap<>();

  private DeadReads() {}

  public static DeadReads of(Execution e) {
    DeadReads d = new DeadReads();
    boolean byOps = e.schedule().intent() != Intent.NONE;
    for (List<Instance> wave : e.waves()) {
      Set<String> readLater = new HashSet<>();
      for (int i = wave.size() - 1; i >= 0; i--) {
        Instance inst = wave.get(i);
        Op op = inst.op();
        if (op instanceof Op.Mfma m) {
          readLater.add(m.a());
          readLater.add(m.b());
        } else if (op instanceof Op.DsWrite w) {
          readLater.add(w.src());
        } else if (op instanceof Op.DsRead r) {
          d.decide(inst, r, byOps && !readLater.contains(r.dst()), e.tripCount());
        }
      }
    }
    return d;
  }

  private void decide(Instance inst, Op.DsRead r, boolean unreadByOps, int tripCount) {
    if (r.use() instanceof ReadUse.Stated s) {
      boolean dead =
          switch (s.dead()) {
            case NEVER -> false;
            case ALWAYS -> true;
            case LAST_ITERATION ->
                inst.section() == Section.LOOP && inst.iteration() == tripCount - 1;
          };
      if (dead) {
        why.put(inst, s.why());
      }
    } else if (unreadByOps) {
      why.put(inst, r.dst() + " never read");
    }
  }

  /** Why the value {@code read} loads is never used ({@code a[0:7] never read}), if it is not. */
  public Optional<String> why(Instance read) {
    return Optional.ofNullable(why.get(read));
  }

  /** Whether no read is dead. */
  public boolean none() {
    return why.isEmpty();
  }
}

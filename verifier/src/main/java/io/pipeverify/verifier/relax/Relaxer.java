package io.pipeverify.verifier.relax;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Relaxes a verified schedule's waits and barriers as far as it still verifies (docs/relax.md).
 *
 * <p>The order: barriers before waits (a barrier stalls every wave of the workgroup, a wait only
 * its own), each program's loop before its prologue and epilogue (loop ops run T times), program
 * order within a section. A barrier is removed if the schedule then verifies. A wait's counters,
 * vmcnt then lgkmcnt, are each dropped if that verifies, else raised to the largest value that
 * verifies (a binary search up to what the counter encodes); a wait left with no counter is
 * removed. Every step is a full verification (every trip count, P1-P7) and is kept only when it
 * says "verified".
 *
 * <p>The pass is followed by a check of every single further relaxation of the result (remove one
 * barrier, drop one counter of a wait, raise one by one); if one verifies, it is kept and the pass
 * runs again. So the result is a local maximum by construction: no single further relaxation of it
 * verifies. It need not be the global one: removing one of two redundant barriers keeps the other.
 */
public final class Relaxer {
  private static final List<Counter> COUNTERS = List.of(Counter.VMCNT, Counter.LGKMCNT);

  private final VerifyOptions options;
  private int verifications;

  public Relaxer(VerifyOptions options) {
    this.options = options;
  }

  /** Relaxes the schedule of {@code original}, which must be verified. */
  public Relaxation relax(VerificationReport original) {
    if (!(original.verdict() instanceof Verdict.Verified)) {
      throw new IllegalArgumentException("only a verified schedule can be relaxed");
    }
    Schedule schedule = original.schedule();
    SyncState state = SyncState.of(schedule);
    int neighbours;
    while (true) {
      state = pass(state);
      List<SyncState> around = neighbours(state);
      neighbours = around.size();
      Optional<SyncState> better = around.stream().filter(this::verifies).findFirst();
      if (better.isEmpty()) {
        break;
      }
      state = better.get();
    }
    List<RelaxedOp> rows = new ArrayList<>();
    for (SyncPoint p : state.points()) {
      Op before = p.op(schedule);
      rows.add(
          new RelaxedOp(
              p.describe(schedule), p.section(), before.origin().describe(), before, state.at(p)));
    }
    // Verified once more as written: what is printed and written is this report's schedule.
    verifications++;
    VerificationReport after = Verifier.verify(state.schedule(), options);
    return new Relaxation(original, state.schedule(), after, rows, neighbours, verifications);
  }

  private SyncState pass(SyncState start) {
    SyncState state = start;
    for (SyncPoint p : state.points()) {
      if (state.at(p).orElse(null) instanceof Op.Barrier) {
        state = keepIfVerified(state, state.with(p, Optional.empty()));
      }
    }
    for (SyncPoint p : state.points()) {
      for (Counter c : COUNTERS) {
        if (!(state.at(p).orElse(null) instanceof Op.Wait w) || c.of(w).isEmpty()) {
          continue;
        }
        SyncState dropped = state.with(p, without(w, c));
        if (verifies(dropped)) {
          state = dropped;
          continue;
        }
        state = raised(state, p, w, c);
      }
    }
    return state;
  }

  /** The wait with counter c at the largest value that verifies (binary search). */
  private SyncState raised(SyncState state, SyncPoint p, Op.Wait w, Counter c) {
    int lo = c.of(w).getAsInt();
    if (lo >= c.max() || !verifies(state.with(p, Optional.of(with(w, c, lo + 1))))) {
      return state;
    }
    lo++;
    int hi = c.max();
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      if (verifies(state.with(p, Optional.of(with(w, c, mid))))) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return state.with(p, Optional.of(with(w, c, lo)));
  }

  /** Every single further relaxation of {@code state}, in relaxation order. */
  private static List<SyncState> neighbours(SyncState state) {
    List<SyncState> out = new ArrayList<>();
    for (SyncPoint p : state.points()) {
      Optional<Op> op = state.at(p);
      if (op.orElse(null) instanceof Op.Barrier) {
        out.add(state.with(p, Optional.empty()));
      } else if (op.orElse(null) instanceof Op.Wait w) {
        for (Counter c : COUNTERS) {
          OptionalInt n = c.of(w);
          if (n.isPresent()) {
            out.add(state.with(p, without(w, c)));
            if (n.getAsInt() < c.max()) {
              out.add(state.with(p, Optional.of(with(w, c, n.getAsInt() + 1))));
            }
          }
        }
      }
    }
    return out;
  }

  private SyncState keepIfVerified(SyncState current, SyncState candidate) {
    return verifies(candidate) ? candidate : current;
  }

  private boolean verifies(SyncState state) {
    verifications++;
    return Verifier.verify(state.schedule(), options).verdict() instanceof Verdict.Verified;
  }

  /** The wait without counter c; nothing when that was its only counter. */
  private static Optional<Op> without(Op.Wait w, Counter c) {
    OptionalInt vm = c == Counter.VMCNT ? OptionalInt.empty() : w.vmcnt();
    OptionalInt lgkm = c == Counter.LGKMCNT ? OptionalInt.empty() : w.lgkmcnt();
    return vm.isEmpty() && lgkm.isEmpty()
        ? Optional.empty()
        : Optional.of(new Op.Wait(vm, lgkm, w.origin()));
  }

  private static Op.Wait with(Op.Wait w, Counter c, int n) {
    return new Op.Wait(
        c == Counter.VMCNT ? OptionalInt.of(n) : w.vmcnt(),
        c == Counter.LGKMCNT ? OptionalInt.of(n) : w.lgkmcnt(),
        w.origin());
  }
}

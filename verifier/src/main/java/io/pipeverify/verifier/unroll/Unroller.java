package io.pipeverify.verifier.unroll;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Unrolls a schedule for one trip count: prologue, loop body for k = 0..T-1, epilogue, per wave.
 * Under the {@code llvm} implicit-wait model it inserts the wait LLVM's SIInsertWaitcnts would put
 * before the first use of a register whose ds_read (lgkmcnt) or gload (vmcnt) may be outstanding:
 * in the ordered mode the exact count that retires the defining op, in the unordered mode 0 (LLVM
 * also falls back to 0 when a counter holds out-of-order events). The count is computed per
 * instance, which is never stronger than LLVM's loop-invariant choice, so it is sound for proving.
 */
public final class Unroller {
  private final Schedule schedule;
  private final CounterMode mode;
  private final List<Execution.Retirement> retirements = new ArrayList<>();
  private final List<Execution.CountingWait> countingWaits = new ArrayList<>();

  private Unroller(Schedule schedule, CounterMode mode) {
    this.schedule = schedule;
    this.mode = mode;
  }

  public static Execution unroll(Schedule schedule, int tripCount, CounterMode mode) {
    if (tripCount < 1) {
      throw new IllegalArgumentException("trip count must be >= 1, got " + tripCount);
    }
    Unroller u = new Unroller(schedule, mode);
    List<List<Instance>> waves = new ArrayList<>();
    for (int w = 0; w < schedule.waves(); w++) {
      waves.add(u.unrollWave(w, tripCount));
    }
    return new Execution(schedule, tripCount, mode, waves, u.retirements, u.countingWaits);
  }

  /** Per-wave state while walking its program. */
  private final class WaveState {
    final int wave;
    final List<Instance> stream = new ArrayList<>();
    final Map<Counter, ArrayDeque<Instance>> pending = new EnumMap<>(Counter.class);
    final Map<String, Instance> registerDef = new HashMap<>();

    /** Scalar loads in flight: out of order, retired only by a wait for lgkmcnt 0. */
    final List<Instance> scalarLoads = new ArrayList<>();

    WaveState(int wave) {
      this.wave = wave;
      for (Counter c : Counter.values()) {
        pending.put(c, new ArrayDeque<>());
      }
    }

    void run(Section section, int iteration, List<Op> ops, Map<String, Long> env) {
      for (int position = 0; position < ops.size(); position++) {
        Op op = ops.get(position);
        if (schedule.implicitWaits() == ImplicitWaits.LLVM) {
          implicitWaitBefore(op, section, iteration, position);
        }
        fullCounterStall(op, section, iteration, position);
        Instance inst =
            new Instance(
                wave, stream.size(), section, iteration, position, op, false, access(op, env));
        append(inst);
      }
    }

    /**
     * The hardware stalls a counted op's issue while its counter is full (semantics.md section 1:
     * 15 for lgkmcnt, 63 for vmcnt), so with a full queue the op issues only once the oldest
     * outstanding op has retired: an implicit wait for max - 1 before it. In the ordered mode that
     * retires a known op (LLVM's waitcnt insertion relies on the same: an op older than the counter
     * can track needs no wait); in the unordered mode it would retire an unknown one, so nothing.
     */
    private void fullCounterStall(Op op, Section section, int iteration, int position) {
      Optional<Counter> counter = Counter.of(op);
      if (mode != CounterMode.ORDERED
          || counter.isEmpty()
          || pending.get(counter.get()).size() < counter.get().max()) {
        return;
      }
      Counter c = counter.get();
      OptionalInt stall = OptionalInt.of(c.max() - 1);
      Op.Wait wait =
          new Op.Wait(
              c == Counter.VMCNT ? stall : OptionalInt.empty(),
              c == Counter.LGKMCNT ? stall : OptionalInt.empty(),
              op.origin());
      append(
          new Instance(
              wave, stream.size(), section, iteration, position, wait, true, Optional.empty()));
    }

    private void implicitWaitBefore(Op op, Section section, int iteration, int position) {
      List<String> uses = registersUsed(op);
      Map<Counter, Integer> need = new EnumMap<>(Counter.class);
      for (String reg : uses) {
        Instance def = registerDef.get(reg);
        if (def == null) {
          continue;
        }
        Counter c = Counter.of(def.op()).orElseThrow();
        int newer = newerThan(pending.get(c), def);
        if (newer < 0) {
          continue;
        }
        int value = mode == CounterMode.ORDERED ? newer : 0;
        need.merge(c, value, Math::min);
      }
      if (need.isEmpty()) {
        return;
      }
      OptionalInt vm =
          need.containsKey(Counter.VMCNT)
              ? OptionalInt.of(need.get(Counter.VMCNT))
              : OptionalInt.empty();
      OptionalInt lgkm =
          need.containsKey(Counter.LGKMCNT)
              ? OptionalInt.of(need.get(Counter.LGKMCNT))
              : OptionalInt.empty();
      Op.Wait wait = new Op.Wait(vm, lgkm, op.origin());
      append(
          new Instance(
              wave, stream.size(), section, iteration, position, wait, true, Optional.empty()));
    }

    /**
     * How many pending ops are newer than {@code def}, or -1 when it is no longer pending. By
     * identity: a record's equals compares every field, op and access included.
     */
    private static int newerThan(ArrayDeque<Instance> pending, Instance def) {
      int newer = 0;
      for (var it = pending.descendingIterator(); it.hasNext(); newer++) {
        if (it.next() == def) {
          return newer;
        }
      }
      return -1;
    }

    private void append(Instance inst) {
      stream.add(inst);
      Op op = inst.op();
      if (!Counter.inOrder(op)) {
        scalarLoads.add(inst);
      } else {
        Counter.of(op).ifPresent(c -> pending.get(c).addLast(inst));
      }
      if (op instanceof Op.DsRead r) {
        registerDef.put(r.dst(), inst);
      } else if (op instanceof Op.GLoad g) {
        registerDef.put(g.dst(), inst);
      } else if (op instanceof Op.Wait w) {
        for (Counter c : Counter.ALL) {
          OptionalInt n = c.of(w);
          if (n.isPresent()) {
            retire(inst, c, n.getAsInt());
          }
        }
      }
    }

    private void retire(Instance wait, Counter c, int allowed) {
      if (c == Counter.LGKMCNT && allowed == 0) {
        for (Instance s : scalarLoads) {
          retirements.add(new Execution.Retirement(s, wait));
        }
        scalarLoads.clear();
      }
      ArrayDeque<Instance> q = pending.get(c);
      if (mode == CounterMode.ORDERED) {
        while (q.size() > allowed) {
          retirements.add(new Execution.Retirement(q.pollFirst(), wait));
        }
      } else if (allowed == 0) {
        while (!q.isEmpty()) {
          retirements.add(new Execution.Retirement(q.pollFirst(), wait));
        }
      } else {
        // Only the unordered mode needs the candidates (its cardinality constraints): in the
        // ordered mode the retirements say everything, and a copy of the queue at every wait was
        // the unroller's largest garbage.
        countingWaits.add(new Execution.CountingWait(wait, c, allowed, List.copyOf(q)));
      }
    }
  }

  private List<Instance> unrollWave(int w, int tripCount) {
    var program = schedule.programOf(w);
    Map<String, Long> env = schedule.waveEnv(w);
    env.put(Schedule.TRIP_COUNT, (long) tripCount);
    WaveState state = new WaveState(w);
    state.run(Section.PROLOGUE, -1, program.prologue(), env);
    for (int k = 0; k < tripCount; k++) {
      env.put(Schedule.K, (long) k);
      state.run(Section.LOOP, k, program.loop(), env);
    }
    env.remove(Schedule.K);
    state.run(Section.EPILOGUE, -1, program.epilogue(), env);
    return state.stream;
  }

  /** The registers an op reads: an MFMA its fragments, a ds_write its source. */
  public static List<String> registersUsed(Op op) {
    if (op instanceof Op.Mfma m) {
      return List.of(m.a(), m.b());
    }
    if (op instanceof Op.DsWrite d) {
      return List.of(d.src());
    }
    return List.of();
  }

  private Optional<Access> access(Op op, Map<String, Long> env) {
    if (!(op instanceof Op.LdsAccess a)) {
      return Optional.empty();
    }
    LdsBuffer buffer =
        schedule
            .buffer(a.buffer())
            .orElseThrow(() -> new IllegalArgumentException("unknown buffer " + a.buffer()));
    // A scattered region's span is that of its ranges; columns of rows may come out as one range
    // (every column of a row, say): then it is one.
    List<Region.ByteRange> pieces =
        a.region().isScattered() ? a.region().byteRanges(env, buffer.rowBytes()) : List.of();
    Region.ByteRange span =
        pieces.isEmpty()
            ? a.region().bytes(env, buffer.rowBytes())
            : new Region.ByteRange(pieces.get(0).from(), pieces.get(pieces.size() - 1).to());
    return Optional.of(
        new Access(
            a.buffer(),
            (int) a.slot().eval(env),
            span,
            pieces.size() > 1 ? pieces : List.of(),
            a.tile().tensor(),
            a.tile().kTile().eval(env),
            a.writes()));
  }
}

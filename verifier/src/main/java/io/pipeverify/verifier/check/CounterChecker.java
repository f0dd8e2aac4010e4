package io.pipeverify.verifier.check;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * P7 counter capacity for every trip count. The outstanding count of each counter is a
 * deterministic function of a small state: the counts, and for each register whose defining op may
 * be outstanding, how many newer ops of its counter were issued since (that is what implicit waits
 * depend on). Counts above the counter's capacity are a violation, so while none is found the state
 * space is finite and the states at loop-iteration boundaries eventually repeat; from then on every
 * iteration, and every epilogue, repeats one already simulated. The checker runs the loop until a
 * state repeats and runs the epilogue from every boundary state on the way, so it covers every T >=
 * 1 (proofs/cutoff.md, section 4).
 */
public final class CounterChecker {

  /** The first point where a counter of a wave exceeds its capacity. */
  public record Overflow(
      int wave, Counter counter, int outstanding, Section section, int iteration, int position) {}

  private CounterChecker() {}

  public static Optional<Overflow> check(Schedule schedule, CounterMode mode) {
    for (int w = 0; w < schedule.waves(); w++) {
      Optional<Overflow> o = checkWave(schedule, mode, w);
      if (o.isPresent()) {
        return o;
      }
    }
    return Optional.empty();
  }

  private static Optional<Overflow> checkWave(Schedule schedule, CounterMode mode, int w) {
    WaveProgram program = schedule.programOf(w);
    State state = new State(w, mode, schedule.implicitWaits());
    Optional<Overflow> o = state.run(Section.PROLOGUE, -1, program.prologue());
    Set<String> seen = new HashSet<>();
    for (int k = 0; o.isEmpty(); k++) {
      if (k >= 1) {
        o = state.copy().run(Section.EPILOGUE, -1, program.epilogue());
        if (o.isPresent()) {
          return o;
        }
        if (!seen.add(state.key())) {
          return Optional.empty();
        }
      }
      o = state.run(Section.LOOP, k, program.loop());
    }
    return o;
  }

  private static int capacity(Counter c) {
    return c == Counter.VMCNT ? Target.VMCNT_MAX : Target.LGKMCNT_MAX;
  }

  /** Counts and outstanding register definitions of one wave. */
  private static final class State {
    final int wave;
    final CounterMode mode;
    final ImplicitWaits implicit;
    final Map<Counter, Integer> count = new EnumMap<>(Counter.class);

    /** register -> (counter, number of newer ops of that counter), while possibly outstanding. */
    final Map<String, int[]> pendingDefs = new TreeMap<>();

    State(int wave, CounterMode mode, ImplicitWaits implicit) {
      this.wave = wave;
      this.mode = mode;
      this.implicit = implicit;
      for (Counter c : Counter.values()) {
        count.put(c, 0);
      }
    }

    State copy() {
      State s = new State(wave, mode, implicit);
      s.count.putAll(count);
      pendingDefs.forEach((r, d) -> s.pendingDefs.put(r, d.clone()));
      return s;
    }

    String key() {
      StringBuilder sb = new StringBuilder(count.toString());
      pendingDefs.forEach((r, d) -> sb.append(r).append(':').append(d[0]).append('/').append(d[1]));
      return sb.toString();
    }

    Optional<Overflow> run(Section section, int k, List<Op> ops) {
      for (int position = 0; position < ops.size(); position++) {
        Op op = ops.get(position);
        if (implicit == ImplicitWaits.LLVM) {
          for (String reg : Unroller.registersUsed(op)) {
            int[] def = pendingDefs.get(reg);
            if (def != null) {
              wait(Counter.values()[def[0]], mode == CounterMode.ORDERED ? def[1] : 0);
            }
          }
        }
        Optional<Counter> counted = Counter.of(op);
        if (counted.isPresent()) {
          Counter c = counted.get();
          for (int[] d : pendingDefs.values()) {
            if (d[0] == c.ordinal()) {
              d[1]++;
            }
          }
          int now = count.merge(c, 1, Integer::sum);
          if (now > capacity(c)) {
            return Optional.of(new Overflow(wave, c, now, section, k, position));
          }
          if (op instanceof Op.DsRead r) {
            pendingDefs.put(r.dst(), new int[] {c.ordinal(), 0});
          } else if (op instanceof Op.GLoad g) {
            pendingDefs.put(g.dst(), new int[] {c.ordinal(), 0});
          }
        }
        if (op instanceof Op.Wait wt) {
          for (Counter c : Counter.values()) {
            OptionalInt n = c.of(wt);
            if (n.isPresent()) {
              wait(c, n.getAsInt());
            }
          }
        }
      }
      return Optional.empty();
    }

    /**
     * After {@code wait n}: at most n outstanding. Ordered: exactly the n newest, so defs deeper
     * than n retire. Unordered: only n = 0 retires a known op.
     */
    void wait(Counter c, int n) {
      count.put(c, Math.min(count.get(c), n));
      pendingDefs
          .values()
          .removeIf(d -> d[0] == c.ordinal() && (mode == CounterMode.ORDERED ? d[1] >= n : n == 0));
    }
  }
}

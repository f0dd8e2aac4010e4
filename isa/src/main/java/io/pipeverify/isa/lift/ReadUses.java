package io.pipeverify.isa.lift;

import io.pipeverify.model.ReadUse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link ReadUse} of each read op of one wave's program in a launch class, from the runs the
 * class is made of ({@link ReadLiveness}): {@code run}, whose steps make the ops, and for a class
 * of every trip count {@code longer}, the same launch one period longer (null otherwise).
 *
 * <p>A prologue or epilogue read is dead when it is dead in both runs: with the loop one period
 * longer its value meets one more period's instructions, and further periods repeat those
 * (proofs/dead-reads.md). A loop read is dead in the last iteration when its instance in the last
 * period of each run is; in every iteration when, besides, each of its instances in earlier periods
 * is, and there is one at least.
 */
final class ReadUses {
  private record At(int iteration, int position) {}

  private final Run run;
  private final Run longer;
  private final int loopStart;
  private final int period;

  ReadUses(WaveEvaluator.Trace run, WaveEvaluator.Trace longer, int loopStart, int period) {
    this.run = new Run(run);
    this.longer = longer == null ? null : new Run(longer);
    this.loopStart = loopStart;
    this.period = period;
  }

  /**
   * The use of the op made of read step {@code s}, at {@code position} in its iteration's steps.
   */
  ReadUse of(Step s, int position) {
    int iteration = s.iteration();
    if (period == 0 || iteration < loopStart) {
      Optional<ReadLiveness.Dead> dead = run.deadAt(iteration, position);
      boolean both = longer == null || longer.deadAt(iteration, position).isPresent();
      return dead.isPresent() && both
          ? new ReadUse.Stated(ReadUse.Dead.ALWAYS, dead.get().why())
          : ReadUse.USED;
    }
    int phase = (iteration - loopStart) % period;
    Optional<ReadLiveness.Dead> last = run.lastDead(phase, position);
    if (last.isEmpty() || (longer != null && longer.lastDead(phase, position).isEmpty())) {
      return ReadUse.USED;
    }
    List<Step> mine = run.earlier(phase, position);
    List<Step> theirs = longer == null ? List.of() : longer.earlier(phase, position);
    boolean every =
        !(mine.isEmpty() && theirs.isEmpty())
            && run.allDead(mine)
            && (longer == null || longer.allDead(theirs));
    return new ReadUse.Stated(
        every ? ReadUse.Dead.ALWAYS : ReadUse.Dead.LAST_ITERATION, last.get().why());
  }

  /** One run's read steps by iteration and position. */
  private final class Run {
    final WaveEvaluator.Trace trace;
    final Map<At, Step> reads = new HashMap<>();
    final int lastIteration;

    Run(WaveEvaluator.Trace trace) {
      this.trace = trace;
      int last = -1;
      int position = 0;
      int current = Integer.MIN_VALUE;
      for (Step s : trace.steps()) {
        if (s.iteration() != current) {
          position = 0;
          current = s.iteration();
        }
        if (s.kind() == Step.Kind.READ) {
          reads.put(new At(s.iteration(), position), s);
        }
        position++;
        last = Math.max(last, s.iteration());
      }
      this.lastIteration = last;
    }

    Optional<ReadLiveness.Dead> deadAt(int iteration, int position) {
      Step s = reads.get(new At(iteration, position));
      return s == null ? Optional.empty() : trace.dead(s);
    }

    /** The last period's instance, when the run ends the loop after a whole period. */
    Optional<ReadLiveness.Dead> lastDead(int phase, int position) {
      int steps = lastIteration + 1 - loopStart;
      if (steps < period || steps % period != 0) {
        return Optional.empty();
      }
      return deadAt(lastIteration + 1 - period + phase, position);
    }

    boolean allDead(List<Step> steps) {
      return steps.stream().allMatch(s -> trace.dead(s).isPresent());
    }

    /** The instances before the last period. */
    List<Step> earlier(int phase, int position) {
      List<Step> out = new ArrayList<>();
      for (int it = loopStart + phase; it < lastIteration + 1 - period; it += period) {
        Step s = reads.get(new At(it, position));
        if (s != null) {
          out.add(s);
        }
      }
      return out;
    }
  }
}

package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Schedule;
import java.util.List;

/**
 * A schedule unrolled for trip count {@code tripCount}: each wave's instruction stream in program
 * order, with implicit waits inserted and waits annotated with the ops they retire.
 */
public record Execution(
    Schedule schedule,
    int tripCount,
    CounterMode counters,
    List<List<Instance>> waves,
    List<Retirement> retirements,
    List<CountingWait> countingWaits) {

  public Execution {
    waves = waves.stream().map(List::copyOf).toList();
    retirements = List.copyOf(retirements);
    countingWaits = List.copyOf(countingWaits);
  }

  /**
   * A wait {@code waitOp} on {@code counter} with value {@code allowed} > 0 in the unordered mode,
   * and the ops of that counter that may still be outstanding when it is reached ({@code
   * candidates}, oldest first): at most {@code allowed} of them may still be outstanding, which
   * ones unknown. The ordered mode has none: its waits retire known ops ({@link Retirement}).
   */
  public record CountingWait(
      Instance waitOp, Counter counter, int allowed, List<Instance> candidates) {
    public CountingWait {
      candidates = List.copyOf(candidates);
    }
  }

  /**
   * Wait {@code by} is the first wait that guarantees {@code op} retired (semantics.md section 3,
   * edge 3). Later waits of the wave follow it in program order.
   */
  public record Retirement(Instance op, Instance by) {}
}

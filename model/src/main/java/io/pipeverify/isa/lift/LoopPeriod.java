package io.pipeverify.isa.lift;

import java.util.List;
import java.util.OptionalInt;

/**
 * The period of a kernel's loop as the waves ran it: the smallest P such that in every wave,
 * iteration i + P executes the same instructions as iteration i on the same LDS bytes (slots that
 * rotate with {@code k & 1} give P = 2). The schedule lift makes one schedule iteration of P loop
 * iterations, so that its addresses are constants.
 */
public final class LoopPeriod {
  private LoopPeriod() {}

  /**
   * The smallest P with {@code 2 * P <= iterations} that repeats in every trace, each run for
   * {@code iterations} iterations; empty when none does (the lift then needs a longer run, or the
   * loop's addresses do not repeat).
   */
  public static OptionalInt of(List<WaveEvaluator.Trace> traces, int iterations) {
    for (int p = 1; 2 * p <= iterations; p++) {
      if (repeats(traces, iterations, p)) {
        return OptionalInt.of(p);
      }
    }
    return OptionalInt.empty();
  }

  /**
   * Where a loop that the waves ran {@code steps} K steps of becomes periodic: after {@code offset}
   * steps (a loop tested at its top runs a first step shorter than the others), every step i + P
   * repeats step i.
   */
  public record Shape(int offset, int period) {}

  /**
   * The smallest period P (then the smallest offset up to {@code maxOffset}) with {@code offset + 2
   * * P <= steps} that repeats in every trace; empty when none does.
   */
  public static java.util.Optional<Shape> shape(
      List<WaveEvaluator.Trace> traces, int steps, int maxOffset) {
    for (int p = 1; 2 * p <= steps; p++) {
      for (int q = 0; q <= maxOffset && q + 2 * p <= steps; q++) {
        if (repeats(traces, q, steps, p)) {
          return java.util.Optional.of(new Shape(q, p));
        }
      }
    }
    return java.util.Optional.empty();
  }

  private static boolean repeats(List<WaveEvaluator.Trace> traces, int iterations, int p) {
    return repeats(traces, 0, iterations, p);
  }

  private static boolean repeats(
      List<WaveEvaluator.Trace> traces, int from, int iterations, int p) {
    for (WaveEvaluator.Trace t : traces) {
      for (int i = from; i + p < iterations; i++) {
        if (!same(t.iteration(i), t.iteration(i + p))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The same instructions in the same order, touching the same LDS bytes. */
  static boolean same(List<Step> a, List<Step> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      Step x = a.get(i);
      Step y = b.get(i);
      if (x.instruction().location().line() != y.instruction().location().line()
          || x.kind() != y.kind()
          || !x.lds().stream()
              .map(LdsAccess::laneAddresses)
              .toList()
              .equals(y.lds().stream().map(LdsAccess::laneAddresses).toList())) {
        return false;
      }
    }
    return true;
  }
}

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
    List<List<List<Step>>> steps = byIteration(traces, iterations);
    for (int p = 1; 2 * p <= iterations; p++) {
      if (repeats(steps, 0, p)) {
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
    List<List<List<Step>>> byIteration = byIteration(traces, steps);
    for (int p = 1; 2 * p <= steps; p++) {
      for (int q = 0; q <= maxOffset && q + 2 * p <= steps; q++) {
        if (repeats(byIteration, q, p)) {
          return java.util.Optional.of(new Shape(q, p));
        }
      }
    }
    return java.util.Optional.empty();
  }

  /** Each trace's steps of iterations 0 .. iterations - 1, grouped once for every P tried. */
  private static List<List<List<Step>>> byIteration(
      List<WaveEvaluator.Trace> traces, int iterations) {
    List<List<List<Step>>> out = new java.util.ArrayList<>();
    for (WaveEvaluator.Trace t : traces) {
      List<List<Step>> groups = new java.util.ArrayList<>();
      for (int i = 0; i < iterations; i++) {
        groups.add(new java.util.ArrayList<>());
      }
      for (Step s : t.steps()) {
        if (s.iteration() >= 0 && s.iteration() < iterations) {
          groups.get(s.iteration()).add(s);
        }
      }
      out.add(groups);
    }
    return out;
  }

  /** Whether, in every trace, iteration i + p repeats iteration i from {@code from} on. */
  private static boolean repeats(List<List<List<Step>>> traces, int from, int p) {
    for (List<List<Step>> t : traces) {
      for (int i = from; i + p < t.size(); i++) {
        if (!same(t.get(i), t.get(i + p))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The same instructions in the same order, touching the same LDS bytes; the consumers of loaded
   * registers (InFlightLoads) and the scalar loads are left out: consumers follow the waits, which
   * are compared, and a scalar load counts in no wait's LDS count (it is an op only where a
   * consumer names it).
   */
  static boolean same(List<Step> all, List<Step> others) {
    List<Step> a = withoutFloating(all);
    List<Step> b = withoutFloating(others);
    return a.size() == b.size() && partingOf(a, b).isEmpty();
  }

  /** Where two runs part: each one's first step that differs, or null for a run ended there. */
  record Parting(Step one, Step other) {}

  /** The first place {@link #same} finds two runs different; empty when they are the same. */
  static java.util.Optional<Parting> parting(List<Step> all, List<Step> others) {
    return partingOf(withoutFloating(all), withoutFloating(others));
  }

  private static java.util.Optional<Parting> partingOf(List<Step> a, List<Step> b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      Step x = a.get(i);
      Step y = b.get(i);
      if (x.instruction().location().line() != y.instruction().location().line()
          || x.kind() != y.kind()
          || !sameLanes(x.lds(), y.lds())) {
        return java.util.Optional.of(new Parting(x, y));
      }
    }
    return a.size() == b.size()
        ? java.util.Optional.empty()
        : java.util.Optional.of(
            new Parting(a.size() > n ? a.get(n) : null, b.size() > n ? b.get(n) : null));
  }

  /** A step {@link #same} leaves out: a consumer of loaded registers, a scalar load. */
  static boolean floating(Step s) {
    return s.kind() == Step.Kind.CONSUME || s.kind() == Step.Kind.SLOAD;
  }

  /** {@code steps} without floating ones: the list itself when it has none (the common case). */
  private static List<Step> withoutFloating(List<Step> steps) {
    return steps.stream().noneMatch(LoopPeriod::floating)
        ? steps
        : steps.stream().filter(s -> !floating(s)).toList();
  }

  private static boolean sameLanes(List<LdsAccess> a, List<LdsAccess> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int k = 0; k < a.size(); k++) {
      if (!a.get(k).sameLanes(b.get(k))) {
        return false;
      }
    }
    return true;
  }
}

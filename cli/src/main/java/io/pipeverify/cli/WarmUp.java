package io.pipeverify.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * How bench warms the JIT up before it times ({@code --warmup}): a fixed number of runs, or ({@code
 * auto}, the default) at least {@link #MINIMUM} runs and then until the JVM's compilers spent at
 * most a twentieth of the time of two windows of {@link #WINDOW} runs in a row, at most {@link
 * #MAXIMUM} runs. On two cores the C2 compiler kept compiling the verifier for more than 100 rounds
 * of the targets' schedules (400-600 ms of compiling in every 10 rounds until round 120), and runs
 * timed meanwhile measured the compiler on the other core as much as the verifier: a verification
 * that uses both cores (Z3's proofs beside the graph checks) lost the most (docs/PERFORMANCE.md,
 * "Fourth issue-13 session").
 */
record WarmUp(int minimum, boolean untilQuiet) {
  static final int MINIMUM = 30;
  static final int WINDOW = 10;
  static final int MAXIMUM = 400;

  /** {@code auto} or a number of runs, as {@code --warmup} takes it. */
  static WarmUp parse(String text) throws InputException {
    if (text.equals("auto")) {
      return new WarmUp(MINIMUM, true);
    }
    try {
      int runs = Integer.parseInt(text);
      if (runs >= 0) {
        return new WarmUp(runs, false);
      }
    } catch (NumberFormatException e) {
      // Reported below, as a negative number is.
    }
    throw new InputException(
        "pipeverify: bench --warmup takes auto or a number of runs >= 0, not '" + text + "'");
  }

  /** Runs {@code run} as many times as this warm-up asks, and returns how many that was. */
  int run(Runnable run) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    boolean measurable = jit != null && jit.isCompilationTimeMonitoringSupported();
    return run(run, measurable ? jit::getTotalCompilationTime : null);
  }

  /**
   * {@link #run(Runnable)} with the compilers' total time in milliseconds read from {@code
   * compilingMs}; null when the JVM cannot tell it, which leaves the minimum.
   */
  int run(Runnable run, LongSupplier compilingMs) {
    for (int i = 0; i < minimum; i++) {
      run.run();
    }
    if (!untilQuiet || compilingMs == null) {
      return minimum;
    }
    int done = minimum;
    int quietWindows = 0;
    while (quietWindows < 2 && done < MAXIMUM) {
      long compiling = compilingMs.getAsLong();
      long started = System.nanoTime();
      for (int i = 0; i < WINDOW; i++) {
        run.run();
      }
      done += WINDOW;
      long windowMs = (System.nanoTime() - started) / 1_000_000;
      boolean quiet = (compilingMs.getAsLong() - compiling) * 20 <= windowMs;
      quietWindows = quiet ? quietWindows + 1 : 0;
    }
    return done;
  }
}

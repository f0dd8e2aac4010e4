package io.pipeverify.verifier;

import io.pipeverify.verifier.unroll.CounterMode;
import java.time.Duration;
import java.util.Objects;

/**
 * The model a verification uses beyond the schedule itself: the counter mode and the solver timeout
 * per query. (Target and implicit waits are part of the schedule; the CLI overrides them by
 * rewriting it.) {@code maxViolations} caps how many distinct violations are reported.
 */
public record VerifyOptions(CounterMode counters, Duration solverTimeout, int maxViolations) {
  public VerifyOptions {
    Objects.requireNonNull(counters);
    Objects.requireNonNull(solverTimeout);
    if (maxViolations < 1) {
      throw new IllegalArgumentException("maxViolations must be >= 1");
    }
  }

  public static VerifyOptions defaults() {
    return new VerifyOptions(CounterMode.ORDERED, Duration.ofSeconds(30), 20);
  }

  public VerifyOptions withCounters(CounterMode mode) {
    return new VerifyOptions(mode, solverTimeout, maxViolations);
  }

  public VerifyOptions withSolverTimeout(Duration timeout) {
    return new VerifyOptions(counters, timeout, maxViolations);
  }
}

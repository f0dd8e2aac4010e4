package io.pipeverify.verifier;

import io.pipeverify.verifier.unroll.CounterMode;
import java.time.Duration;
import java.util.Objects;

/**
 * The model a verification uses beyond the schedule itself: the counter mode and the solver timeout
 * per query. (Target and implicit waits are part of the schedule; the CLI overrides them by
 * rewriting it.) {@code maxViolations} caps how many distinct violations are reported.
 */
public record VerifyOptions(
    CounterMode counters, Duration solverTimeout, int maxViolations, ProofMode proof) {

  /**
   * How many of the ordered conflicting pairs Z3 re-proves. {@code FULL}: every one (a complete,
   * independent cross-check of the graph; seconds on the canonical schedule). {@code SHAPES}: one
   * per shape: pairs of the same two stages, wave relation and iteration distance, whose order
   * follows from the same argument shifted, proved at the first trip count where the shape occurs
   * (docs/PERFORMANCE.md).
   */
  public enum ProofMode {
    SHAPES,
    FULL
  }

  public VerifyOptions {
    Objects.requireNonNull(counters);
    Objects.requireNonNull(proof);
    Objects.requireNonNull(solverTimeout);
    if (maxViolations < 1) {
      throw new IllegalArgumentException("maxViolations must be >= 1");
    }
  }

  public static VerifyOptions defaults() {
    return new VerifyOptions(CounterMode.ORDERED, Duration.ofSeconds(30), 20, ProofMode.SHAPES);
  }

  public VerifyOptions withCounters(CounterMode mode) {
    return new VerifyOptions(mode, solverTimeout, maxViolations, proof);
  }

  public VerifyOptions withSolverTimeout(Duration timeout) {
    return new VerifyOptions(counters, timeout, maxViolations, proof);
  }

  public VerifyOptions withProof(ProofMode mode) {
    return new VerifyOptions(counters, solverTimeout, maxViolations, mode);
  }
}

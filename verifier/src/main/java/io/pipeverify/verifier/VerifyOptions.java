package io.pipeverify.verifier;

import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.unroll.CounterMode;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The model a verification uses beyond the schedule itself: the counter mode and the solver timeout
 * per query. (Target and implicit waits are part of the schedule; the CLI overrides them by
 * rewriting it.) {@code maxFindings} caps how many findings (distinct defects, {@link Finding}) are
 * confirmed and reported, 0 for all; the report counts those beyond it. {@code stopAtCap}: stop
 * after the trip count at which the cap is reached; later trip counts could only add findings
 * beyond it or instances of those found, so the verdict and the findings are the same, and the
 * report's trip counts, instance counts and stats cover what was checked (fuzz campaigns,
 * docs/PERFORMANCE.md). {@code traces}: render each counterexample's interleaving; without, a
 * violation has its summary and missing edge but an empty trace (Z3 still confirms every one: the
 * trace only renders its model). Fuzz campaigns show summaries only. {@code assumptions}: the
 * timing assumptions stated ({@link Assumption}), each once, in declaration order. {@code
 * crossCheck}: a second solver that re-decides every query Z3 answers, the run failing on a
 * disagreement ({@code verify --cross-check}); options derived with the {@code with} methods share
 * it, so one run's count covers all its sessions.
 */
public record VerifyOptions(
    CounterMode counters,
    Duration solverTimeout,
    int maxFindings,
    ProofMode proof,
    boolean stopAtCap,
    boolean traces,
    List<Assumption> assumptions,
    Optional<CrossCheck> crossCheck) {

  /**
   * How many of the ordered conflicting pairs Z3 re-proves. {@code FULL}: every one (a complete,
   * independent cross-check of the graph; seconds on the canonical schedule). {@code SHAPES}: one
   * per shape: pairs of the same two stages, wave relation and iteration distance, whose order
   * follows from the same argument shifted, proved at the first trip count where the shape occurs,
   * and none for a pair whose order follows from two others through a write between them (an
   * obligation without a shape; proofs/certificate.md, docs/PERFORMANCE.md).
   */
  public enum ProofMode {
    SHAPES,
    FULL
  }

  public VerifyOptions {
    Objects.requireNonNull(counters);
    Objects.requireNonNull(proof);
    Objects.requireNonNull(solverTimeout);
    Objects.requireNonNull(crossCheck);
    if (maxFindings < 0) {
      throw new IllegalArgumentException("maxFindings must be >= 0 (0: all), got " + maxFindings);
    }
    // Each once, in declaration order: the same options whatever order they were stated in.
    assumptions = assumptions.isEmpty() ? List.of() : List.copyOf(EnumSet.copyOf(assumptions));
  }

  public static VerifyOptions defaults() {
    return new VerifyOptions(
        CounterMode.ORDERED,
        Duration.ofSeconds(30),
        20,
        ProofMode.SHAPES,
        false,
        true,
        List.of(),
        Optional.empty());
  }

  public VerifyOptions withCounters(CounterMode mode) {
    return new VerifyOptions(
        mode, solverTimeout, maxFindings, proof, stopAtCap, traces, assumptions, crossCheck);
  }

  public VerifyOptions withSolverTimeout(Duration timeout) {
    return new VerifyOptions(
        counters, timeout, maxFindings, proof, stopAtCap, traces, assumptions, crossCheck);
  }

  /** At most {@code max} findings confirmed and reported; 0 for all. */
  public VerifyOptions withMaxFindings(int max) {
    return new VerifyOptions(
        counters, solverTimeout, max, proof, stopAtCap, traces, assumptions, crossCheck);
  }

  /** Whether {@code count} findings reach the cap. */
  public boolean findingsCapped(int count) {
    return maxFindings > 0 && count >= maxFindings;
  }

  public VerifyOptions withProof(ProofMode mode) {
    return new VerifyOptions(
        counters, solverTimeout, maxFindings, mode, stopAtCap, traces, assumptions, crossCheck);
  }

  public VerifyOptions withStopAtCap(boolean stop) {
    return new VerifyOptions(
        counters, solverTimeout, maxFindings, proof, stop, traces, assumptions, crossCheck);
  }

  /** Instances these assumptions excuse are notes, not findings ({@link Assumption}). */
  public VerifyOptions withAssumptions(List<Assumption> stated) {
    return new VerifyOptions(
        counters, solverTimeout, maxFindings, proof, stopAtCap, traces, stated, crossCheck);
  }

  public boolean assumes(Assumption a) {
    return assumptions.contains(a);
  }

  public VerifyOptions withTraces(boolean render) {
    return new VerifyOptions(
        counters, solverTimeout, maxFindings, proof, stopAtCap, render, assumptions, crossCheck);
  }

  /** Every query Z3 answers re-decided by {@code check}'s second solver. */
  public VerifyOptions withCrossCheck(CrossCheck check) {
    return new VerifyOptions(
        counters,
        solverTimeout,
        maxFindings,
        proof,
        stopAtCap,
        traces,
        assumptions,
        Optional.of(check));
  }
}

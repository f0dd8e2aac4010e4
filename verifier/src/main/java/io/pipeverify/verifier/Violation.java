package io.pipeverify.verifier;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A property violation with its counterexample: the trip count it was found at, the ops involved
 * (the two racing ops, or one op for P2 and P7), the missing happens-before edge in words, and the
 * interleaving of a concrete execution (a Z3 model) shortened to the events that matter. {@code
 * raceClass}: for a P1 race, unordered or in flight across the barrier (semantics.md section 4).
 */
public record Violation(
    Property property,
    ViolationKind kind,
    int tripCount,
    List<OpRef> ops,
    String summary,
    String missingEdge,
    List<Integer> traceWaves,
    List<TraceStep> trace,
    Optional<RaceClass> raceClass) {

  public Violation {
    ops = List.copyOf(ops);
    traceWaves = List.copyOf(traceWaves);
    trace = List.copyOf(trace);
    Objects.requireNonNull(raceClass);
  }

  /** A violation that is no P1 race (or whose race is not classified). */
  public Violation(
      Property property,
      ViolationKind kind,
      int tripCount,
      List<OpRef> ops,
      String summary,
      String missingEdge,
      List<Integer> traceWaves,
      List<TraceStep> trace) {
    this(property, kind, tripCount, ops, summary, missingEdge, traceWaves, trace, Optional.empty());
  }
}

package io.pipeverify.verifier;

import java.util.List;

/**
 * A property violation with its counterexample: the trip count it was found at, the ops involved
 * (the two racing ops, or one op for P2 and P7), the missing happens-before edge in words, and the
 * interleaving of a concrete execution (a Z3 model) shortened to the events that matter.
 */
public record Violation(
    Property property,
    ViolationKind kind,
    int tripCount,
    List<OpRef> ops,
    String summary,
    String missingEdge,
    List<Integer> traceWaves,
    List<TraceStep> trace) {

  public Violation {
    ops = List.copyOf(ops);
    traceWaves = List.copyOf(traceWaves);
    trace = List.copyOf(trace);
  }
}

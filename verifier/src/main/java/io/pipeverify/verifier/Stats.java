package io.pipeverify.verifier;

import java.time.Duration;

/**
 * Work done for a verdict, summed over all trip counts checked: events and edges of the
 * happens-before graphs, conflicting access pairs checked, Z3 queries and time in Z3, and the total
 * wall time. Loading and solving the proofs of a trip count run on a thread of their own beside the
 * graph checks of the next one, and on the verifier's thread once it waits for them ({@code
 * ProofThread}); their times are summed over both threads, so the times overlap.
 */
public record Stats(
    long events,
    long edges,
    long pairsChecked,
    long obligationsProved,
    int solverQueries,
    Duration graphTime,
    Duration encodingTime,
    Duration solverTime,
    Duration totalTime) {

  /** No work. */
  public static final Stats NONE =
      new Stats(0, 0, 0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

  /** This work and {@code other}'s together. */
  public Stats plus(Stats other) {
    return new Stats(
        events + other.events,
        edges + other.edges,
        pairsChecked + other.pairsChecked,
        obligationsProved + other.obligationsProved,
        solverQueries + other.solverQueries,
        graphTime.plus(other.graphTime),
        encodingTime.plus(other.encodingTime),
        solverTime.plus(other.solverTime),
        totalTime.plus(other.totalTime));
  }

  /** This work, taking {@code total} in all. */
  public Stats withTotalTime(Duration total) {
    return new Stats(
        events,
        edges,
        pairsChecked,
        obligationsProved,
        solverQueries,
        graphTime,
        encodingTime,
        solverTime,
        total);
  }
}

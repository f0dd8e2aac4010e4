package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verifies the launch classes of one kernel lifted from assembly (docs/isa.md, "Unknown values"). A
 * kernel's classes are the product of the ways its branches go and its trip-count classes, and most
 * of them share their prologue and K loop or their epilogue: where a class has a full fence after
 * its loop ({@link FenceSplit}), its two halves are verified, each distinct half once for the
 * kernel, and the class verifies when both do (proofs/fence-split.md). A class without a fence, or
 * with a half that does not verify, is verified whole, so every finding, trace and inconclusive
 * query is the one {@link Verifier#verify} gives for the class.
 */
public final class LaunchClassVerifier {
  private final VerifyOptions options;

  /** The verdicts of the halves verified so far: verified or not. */
  private final Map<Schedule, Boolean> halves = new HashMap<>();

  public LaunchClassVerifier(VerifyOptions options) {
    this.options = options;
  }

  /** The report of one launch class: {@link Verifier#verify}'s verdict, by halves where it can. */
  public VerificationReport verify(Schedule schedule) {
    long started = System.nanoTime();
    Schedule lowered = Verifier.lower(schedule);
    Optional<FenceSplit> split = FenceSplit.of(lowered);
    if (split.isPresent()) {
      Work work = new Work();
      if (half(split.get().before(), false, work) && half(split.get().after(), true, work)) {
        return new VerificationReport(
            lowered,
            options,
            lowered.period(),
            Verifier.tripCounts(lowered),
            new Verdict.Verified(),
            0,
            work.stats(System.nanoTime() - started));
      }
    }
    return Verifier.verify(schedule, options);
  }

  /**
   * Whether a half verifies; verified now and added to {@code work} when it is new. The half after
   * the fence has no loop, so its one unroll is every trip count's.
   */
  private boolean half(Schedule half, boolean loopless, Work work) {
    Boolean known = halves.get(half);
    if (known != null) {
      return known;
    }
    VerificationReport r =
        loopless
            ? Verifier.verifyTripCounts(half, options, List.of(1))
            : Verifier.verify(half, options);
    work.add(r.stats());
    boolean verified = r.verdict() instanceof Verdict.Verified;
    halves.put(half, verified);
    return verified;
  }

  /** The work of the halves one class verified. */
  private static final class Work {
    long events;
    long edges;
    long pairs;
    long proved;
    int queries;
    Duration graph = Duration.ZERO;
    Duration encoding = Duration.ZERO;
    Duration solver = Duration.ZERO;

    void add(Stats s) {
      events += s.events();
      edges += s.edges();
      pairs += s.pairsChecked();
      proved += s.obligationsProved();
      queries += s.solverQueries();
      graph = graph.plus(s.graphTime());
      encoding = encoding.plus(s.encodingTime());
      solver = solver.plus(s.solverTime());
    }

    Stats stats(long nanos) {
      return new Stats(
          events, edges, pairs, proved, queries, graph, encoding, solver, Duration.ofNanos(nanos));
    }
  }
}

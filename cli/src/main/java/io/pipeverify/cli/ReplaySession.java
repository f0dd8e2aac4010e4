package io.pipeverify.cli;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.interp.Outcome;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.replay.RandomReplay;
import io.pipeverify.verifier.replay.Replayer;
import io.pipeverify.verifier.replay.ViolationReplay;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What {@code pipeverify replay} computes, shared with the corpus test: the verification, the
 * replay of every replayable counterexample, or random legal orders for a verified schedule.
 */
record ReplaySession(
    VerificationReport report,
    long seed,
    List<ViolationReplay> replays,
    Optional<RandomReplay> random) {

  ReplaySession {
    replays = List.copyOf(replays);
  }

  /**
   * Verifies {@code schedule} (only at {@code tripCount} when given) and replays: every P1-P5
   * counterexample at its trip count, or, when verified, {@code orders} random legal orders at
   * {@code tripCount} (default: the largest trip count verified).
   */
  static ReplaySession run(
      Schedule schedule, VerifyOptions options, Integer tripCount, long seed, int orders) {
    VerificationReport report =
        tripCount == null
            ? Verifier.verify(schedule, options)
            : Verifier.verifyTripCounts(schedule, options, List.of(tripCount));
    List<ViolationReplay> replays = new ArrayList<>();
    RandomReplay random = null;
    try (Replayer replayer = new Replayer(report)) {
      if (report.verdict() instanceof Verdict.Violated v) {
        for (Violation violation : v.violations()) {
          if (Replayer.REPLAYABLE.contains(violation.property())) {
            replays.add(replayer.replay(violation, seed));
          }
        }
      } else if (report.verdict() instanceof Verdict.Verified) {
        int t = tripCount != null ? tripCount : Collections.max(report.tripCountsChecked());
        random = replayer.random(t, orders, seed);
      }
    }
    return new ReplaySession(report, seed, replays, Optional.ofNullable(random));
  }

  /** Some replay gave a wrong result. */
  boolean anyMismatch() {
    return replays.stream().anyMatch(r -> !r.outcome().matches())
        || random.map(r -> !r.allMatch()).orElse(false);
  }

  /** A counterexample replayed to the right result: a verifier bug (semantics.md section 5). */
  List<ViolationReplay> clean() {
    return replays.stream().filter(r -> r.outcome().matches()).toList();
  }

  /**
   * The headline outcome: the first counterexample's replay, else the first wrong random order,
   * else none (all random orders match).
   */
  Optional<Outcome> headline() {
    if (!replays.isEmpty()) {
      return Optional.of(replays.get(0).outcome());
    }
    return random.flatMap(RandomReplay::firstWrong);
  }

  /**
   * 0 when every replay matches, 1 when one mismatches or a violation cannot be replayed, 3
   * inconclusive.
   */
  int exitCode() {
    if (report.verdict() instanceof Verdict.Inconclusive) {
      return ExitCode.INCONCLUSIVE;
    }
    if (report.verdict() instanceof Verdict.Violated && replays.isEmpty()) {
      return ExitCode.VIOLATED;
    }
    return anyMismatch() ? ExitCode.VIOLATED : ExitCode.OK;
  }
}

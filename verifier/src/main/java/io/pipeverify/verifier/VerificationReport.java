package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import java.util.List;

/**
 * Everything a verification found: the schedule as verified (with the model options applied), the
 * options, the trip counts unrolled (1..cutoff; the verdict covers every T >= 1 by
 * proofs/cutoff.md), the verdict and the stats.
 */
public record VerificationReport(
    Schedule schedule,
    VerifyOptions options,
    long period,
    List<Integer> tripCountsChecked,
    Verdict verdict,
    Stats stats) {

  public VerificationReport {
    tripCountsChecked = List.copyOf(tripCountsChecked);
  }

  /** The exit code of {@code pipeverify verify}: 0 verified, 1 violated, 3 inconclusive. */
  public int exitCode() {
    if (verdict instanceof Verdict.Verified) {
      return 0;
    }
    return verdict instanceof Verdict.Violated ? 1 : 3;
  }
}

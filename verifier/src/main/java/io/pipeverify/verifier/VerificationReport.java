package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import java.util.List;

/**
 * Everything a verification found: the schedule as verified (with the model options applied), the
 * options, the trip counts unrolled (1..cutoff; the verdict covers every T >= 1 by
 * proofs/cutoff.md), the verdict, the stats, and {@code findingsOmitted}: the defects beyond {@link
 * VerifyOptions#maxFindings} that the happens-before graph found and that were neither confirmed by
 * Z3 nor reported (the verdict stands either way; reports say how to see them).
 */
public record VerificationReport(
    Schedule schedule,
    VerifyOptions options,
    long period,
    List<Integer> tripCountsChecked,
    Verdict verdict,
    int findingsOmitted,
    Stats stats) {

  public VerificationReport {
    tripCountsChecked = List.copyOf(tripCountsChecked);
    if (findingsOmitted < 0) {
      throw new IllegalArgumentException("findingsOmitted must be >= 0");
    }
  }

  /** The exit code of {@code pipeverify verify}: 0 verified, 1 violated, 3 inconclusive. */
  public int exitCode() {
    if (verdict instanceof Verdict.Verified) {
      return 0;
    }
    return verdict instanceof Verdict.Violated ? 1 : 3;
  }
}

package io.pipeverify.verifier.relax;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of {@link Relaxer#relax}: the verification of the schedule as given, the relaxed
 * schedule and its verification (always "verified": a step is kept only when the whole schedule
 * verifies), one row per wait and barrier, and the size of the final neighbourhood that was
 * checked: {@code neighbours} single further relaxations, none of which verifies (the local
 * maximum).
 */
public record Relaxation(
    VerificationReport original,
    Schedule relaxed,
    VerificationReport after,
    List<RelaxedOp> rows,
    int neighbours,
    int verifications) {

  public Relaxation {
    Objects.requireNonNull(original);
    Objects.requireNonNull(relaxed);
    Objects.requireNonNull(after);
    rows = List.copyOf(rows);
    if (!(after.verdict() instanceof Verdict.Verified)) {
      throw new IllegalArgumentException("a relaxation ends at a verified schedule");
    }
  }

  /** How many waits and barriers changed (removed or weakened). */
  public long changed() {
    return rows.stream().filter(r -> !r.kept()).count();
  }
}

package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;

/**
 * A schedule that the verifier proved race-free for every trip count. Only {@link Verifier} can
 * make one, so code that takes a {@code VerifiedSchedule} (the HIP emitter) cannot be handed an
 * unverified schedule.
 */
public final class VerifiedSchedule {
  private final Schedule schedule;
  private final VerificationReport report;

  VerifiedSchedule(Schedule schedule, VerificationReport report) {
    if (!(report.verdict() instanceof Verdict.Verified)) {
      throw new IllegalArgumentException("only a verified report makes a VerifiedSchedule");
    }
    this.schedule = schedule;
    this.report = report;
  }

  public Schedule schedule() {
    return schedule;
  }

  public VerificationReport report() {
    return report;
  }
}

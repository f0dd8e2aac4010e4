package io.pipeverify.cli;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifyOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * A kernel lifted from assembly, every launch class verified (docs/isa.md), as {@code verify},
 * {@code fuzz --mutate} and {@code relax} check it: the verdict the worst of the classes', with the
 * class it comes from.
 */
final class LiftedVerification {
  private LiftedVerification() {}

  /** The merged report and the launch class its verdict comes from. */
  record Checked(VerificationReport report, LocatedSchedule located) {}

  /**
   * Verifies every class of {@code read} (a lifted kernel) with the command line's model overrides
   * ({@code target}, {@code implicitWaits}; null: none); {@code halves} shares class halves'
   * verdicts between the kernels one command checks.
   */
  static Checked verify(
      ScheduleSource.Read read,
      String input,
      Target target,
      ImplicitWaits implicitWaits,
      VerifyOptions options,
      LaunchClassVerifier.Halves halves)
      throws InputException {
    List<Schedule> schedules = new ArrayList<>();
    for (LocatedSchedule located : read.schedules()) {
      schedules.add(ScheduleSource.overridden(located.schedule(), input, target, implicitWaits));
    }
    // The reports stop at the first violated class: the verdict is its whatever the others are.
    List<VerificationReport> reports =
        new LaunchClassVerifier(options, halves).verifyAll(schedules);
    VerificationReport merged =
        VerificationReport.ofLaunches(
            reports, read.classes(), read.covers().orElseThrow(), read.uncovered());
    int pick = 0;
    for (int i = 0; i < reports.size(); i++) {
      if (reports.get(i).schedule().equals(merged.schedule())) {
        pick = i;
        break;
      }
    }
    return new Checked(merged, read.schedules().get(pick));
  }
}

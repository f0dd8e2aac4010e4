package io.pipeverify.cli;

import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.LaunchReports;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.report.KnownFindings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A kernel lifted from assembly, every launch class verified (docs/isa.md), as {@code verify},
 * {@code fuzz --mutate} and {@code relax} check it: the verdict the worst of the classes', with the
 * class it comes from.
 */
final class LiftedVerification {
  private LiftedVerification() {}

  /**
   * The merged report, the launch class its verdict comes from, and the input's suppressions
   * ({@code // pipeverify: allow}).
   */
  record Checked(
      VerificationReport report,
      LocatedSchedule located,
      List<KnownFindings.Suppression> suppressions) {}

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
    Checking checking = new Checking(input, target, implicitWaits, options, halves);
    checking.accept(read.schedules(), read.classes());
    return checking.checked(
        read.classes().size(), read.covers().orElseThrow(), read.uncovered(), read.suppressions());
  }

  /**
   * The same for the kernel of assembly {@code opened} ({@code kernel}, else the one {@code
   * --kernel} selects), each batch of classes verified as the lift makes it and then let go ({@link
   * ScheduleSource#readEach}): the memory a kernel needs does not grow with its classes.
   */
  static Checked verifyEach(
      ScheduleSource source,
      Opened.Assembly opened,
      Optional<Kernel> kernel,
      String input,
      Target target,
      ImplicitWaits implicitWaits,
      VerifyOptions options,
      LaunchClassVerifier.Halves halves)
      throws InputException {
    ScheduleSource.Lifted<Checking> lifted =
        source.readEach(
            opened, kernel, () -> new Checking(input, target, implicitWaits, options, halves));
    return lifted
        .batches()
        .checked(lifted.classes(), lifted.covers(), lifted.uncovered(), lifted.suppressions());
  }

  /** Verifies the batches of one exploration of the lift, keeping only the verdict so far. */
  private static final class Checking implements ScheduleSource.Batches {
    private final String input;
    private final Target target;
    private final ImplicitWaits implicitWaits;
    private final VerifyOptions options;
    private final LaunchClassVerifier.Halves halves;
    private final LaunchReports reports = new LaunchReports();
    private LocatedSchedule located;

    Checking(
        String input,
        Target target,
        ImplicitWaits implicitWaits,
        VerifyOptions options,
        LaunchClassVerifier.Halves halves) {
      this.input = input;
      this.target = target;
      this.implicitWaits = implicitWaits;
      this.options = options;
      this.halves = halves;
    }

    @Override
    public void accept(List<LocatedSchedule> batch, List<String> classes) throws InputException {
      // The verdict is the first violated class's, whatever the later classes are.
      if (reports.violated()) {
        return;
      }
      List<Schedule> schedules = new ArrayList<>();
      for (LocatedSchedule l : batch) {
        schedules.add(ScheduleSource.overridden(l.schedule(), input, target, implicitWaits));
      }
      List<VerificationReport> checked =
          new LaunchClassVerifier(options, halves).verifyAll(schedules);
      for (int i = 0; i < checked.size(); i++) {
        if (reports.add(checked.get(i), classes.get(i))) {
          located = batch.get(i);
        }
      }
    }

    Checked checked(
        int classes,
        String covers,
        List<String> uncovered,
        List<KnownFindings.Suppression> suppressions) {
      return new Checked(reports.merged(classes, covers, uncovered), located, suppressions);
    }
  }
}

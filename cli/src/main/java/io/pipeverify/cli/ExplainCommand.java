package io.pipeverify.cli;

import io.pipeverify.verifier.report.ExplanationRenderer;
import io.pipeverify.verifier.report.ScheduleResult;
import picocli.CommandLine.Command;

/**
 * {@code pipeverify explain}: {@code verify} with the repair search always on, and for people an
 * explanation instead of the report: each violation in words, then the weakest verified edit per
 * step and whether the repaired schedule verifies. Takes every option of {@code verify}; {@code
 * --format json|sarif|...} gives those reports with the fixes in them.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Explain a schedule's violations and propose the weakest verified repair for each (insert or"
          + " strengthen an s_waitcnt, drain a counter before a barrier, add a barrier).",
      "Exit codes: as verify (of the schedule as given, not the repaired one)."
    })
final class ExplainCommand extends VerifyCommand {

  ExplainCommand(Console console) {
    super(console);
  }

  @Override
  boolean wantsFixes() {
    return true;
  }

  @Override
  String renderText(ScheduleResult r, boolean timings) {
    return new ExplanationRenderer().render(r);
  }
}

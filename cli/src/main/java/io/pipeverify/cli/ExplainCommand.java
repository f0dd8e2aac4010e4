package io.pipeverify.cli;

import io.pipeverify.verifier.report.ExplanationRenderer;
import io.pipeverify.verifier.report.ScheduleResult;
import picocli.CommandLine.Command;

/**
 * {@code pipeverify explain}: {@code verify} with the repair search always on, and for people an
 * explanation instead of the report: each root cause in words, then the smallest verified repair
 * step by step and whether the repaired schedule verifies. Takes every option of {@code verify};
 * {@code --format json|sarif|...} gives those reports with the fixes in them.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Explain a schedule's violations by root cause and give its smallest verified repair: the"
          + " fewest changes (insert or strengthen an s_waitcnt, move an op, add a barrier) among"
          + " the root causes' candidates, the weakest of that size (--max-edits bounds it).",
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

  /** An explanation is of one kernel: an input with several needs --kernel to pick it. */
  @Override
  boolean everyKernel() {
    return false;
  }

  @Override
  String renderText(ScheduleResult r, boolean timings) {
    return new ExplanationRenderer().render(r);
  }
}

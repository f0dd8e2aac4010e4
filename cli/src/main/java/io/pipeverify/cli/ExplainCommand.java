package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleWriter;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.repair.RepairPlan;
import io.pipeverify.verifier.report.ExplanationRenderer;
import io.pipeverify.verifier.report.ScheduleResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code pipeverify explain}: {@code verify} with the repair search always on, and for people an
 * explanation instead of the report: each root cause in words, then the smallest verified repair
 * step by step and whether the repaired schedule verifies. Takes every option of {@code verify};
 * {@code --format json|sarif|...} gives those reports with the fixes in them. {@code --apply --out
 * DIR} writes the repaired input into DIR and verifies that file again (docs/debugging.md, "Writing
 * the repair").
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

  @Option(
      names = "--apply",
      description =
          "Write the repaired input into --out DIR (an assembler source or listing with the edits"
              + " at their lines, a code object as its listing with the edits, a schedule as JSON)"
              + " and verify that file again, every launch class. The search then makes no moves.")
  boolean apply;

  ExplainCommand(Console console) {
    super(console);
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    if (apply && out == null) {
      throw new ParameterException(
          spec.commandLine(), "--apply writes the repaired input into --out DIR; give --out");
    }
    if (apply && !source.isBuiltin()) {
      List<String> inputs = source.inputs();
      if (inputs.size() != 1) {
        throw new ParameterException(
            spec.commandLine(),
            "--apply writes one input's repair; give one input, not " + inputs.size());
      }
      refuseInputsDirectory(inputs.get(0));
    }
    return super.call();
  }

  /** The repaired file never replaces its input: --out must be another directory. */
  private void refuseInputsDirectory(String input) throws InputException {
    Path dir = Path.of(input).toAbsolutePath().getParent();
    try {
      if (!input.equals("-") && Files.isDirectory(out) && Files.isSameFile(out, dir)) {
        throw new InputException(
            "pipeverify: --out "
                + out
                + " is the directory of the input "
                + input
                + "; --apply does not write beside its input: give another directory");
      }
    } catch (IOException e) {
      throw new InputException("pipeverify: --out " + out + ": " + e.getMessage());
    }
  }

  @Override
  boolean wantsFixes() {
    return true;
  }

  @Override
  boolean patches() {
    return apply;
  }

  @Override
  boolean movesAllowed() {
    return !apply;
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

  /**
   * Writes the repaired input and verifies the written file as {@code verify} would; says what was
   * written and the file's verdict, or why nothing was.
   */
  @Override
  String patch(List<ScheduleResult> results, VerifyOptions options)
      throws InputException, ExternalToolException {
    ScheduleResult r = results.get(0);
    if (!(r.report().verdict() instanceof Verdict.Violated)) {
      return "\nNothing written (--apply): " + r.report().verdict().id() + ", nothing to repair.\n";
    }
    RepairPlan plan = r.repairs().orElseThrow();
    if (!plan.verifies()) {
      return "\nNothing written (--apply): no verified repair to write.\n";
    }
    Written w;
    try {
      w = written(r, plan);
    } catch (RepairPatch.Refused e) {
      return "\nNothing written (--apply): " + e.getMessage() + ".\n";
    }
    Path file = out.resolve(w.name());
    try {
      Files.createDirectories(out);
      Files.writeString(file, w.text(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot write " + file + ": " + e.getMessage());
    }
    console.err().println("pipeverify: wrote " + file + "; verifying it...");
    console.err().flush();
    VerificationReport again = again(file.toString(), options).report();
    String verdict =
        again.verdict() instanceof Verdict.Verified
            ? "VERIFIED"
            : again.verdict().id().toUpperCase(java.util.Locale.ROOT)
                + " ("
                + PipeverifyCommand.firstViolation(again.verdict(), again.findingsOmitted())
                + ")";
    return "\nApplied: wrote "
        + file
        + " ("
        + w.says()
        + "); verified again from that file"
        + again
            .launches()
            .map(l -> ", " + l.classes() + (l.classes() == 1 ? " launch class" : " launch classes"))
            .orElse("")
        + ": "
        + verdict
        + ".\n";
  }

  /** The file --apply writes: its name in --out, its text, what it changed. */
  private record Written(String name, String text, String says) {}

  private Written written(ScheduleResult r, RepairPlan plan) throws RepairPatch.Refused {
    Schedule repaired = plan.repaired();
    if (source.isBuiltin() || !(single() instanceof Opened.Assembly a)) {
      String name =
          source.isBuiltin()
              ? repaired.name() + ".json"
              : Path.of(r.input()).getFileName().toString();
      return new Written(
          name,
          ScheduleWriter.write(repaired),
          "the repaired schedule, " + plan.changeCount() + " changes");
    }
    RepairPatch.Patched p =
        new RepairPatch(ScheduleSource.nameOf(a.input()), a.shown())
            .apply(plan.original().schedule(), repaired);
    String name = Path.of(r.input()).getFileName().toString();
    if (a.what().equals("code object")) {
      name = name.replaceFirst("\\.(co|hsaco)$", "") + ".s";
    }
    return new Written(
        name,
        p.text(),
        p.inserted() + " lines inserted, " + p.changed() + " changed, every other line as it was");
  }
}

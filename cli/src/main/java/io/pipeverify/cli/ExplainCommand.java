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
import java.util.Optional;
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

  /** How often a written file that fails in another launch class is repaired again. */
  private static final int ROUNDS = 4;

  /**
   * Writes the repaired input and verifies the written file as {@code verify} would; when the file
   * fails in a launch class the search did not cover (it searches the class a violation was found
   * in), the file is explained and repaired in its turn, up to {@link #ROUNDS} rounds. Says what
   * each round wrote and the file's verdict, or why nothing was written.
   */
  @Override
  String patch(List<ScheduleResult> results, Optional<Opened> single, VerifyOptions options)
      throws InputException, ExternalToolException {
    ScheduleResult r = results.get(0);
    if (!(r.report().verdict() instanceof Verdict.Violated)) {
      return "\nNothing written (--apply): " + r.report().verdict().id() + ", nothing to repair.\n";
    }
    StringBuilder said = new StringBuilder("\n");
    Opened opened = single.orElse(null);
    String name = writtenName(r, opened);
    for (int round = 1; ; round++) {
      String when = round == 1 ? "" : " (round " + round + ", the written file)";
      RepairPlan plan = r.repairs().orElseThrow();
      if (!plan.verifies()) {
        said.append("Nothing written" + when + " (--apply): no verified repair to write.\n");
        // The first round's explanation says why above; a later round's is said here.
        return round == 1
            ? said.toString()
            : said.append(ExplanationRenderer.unrepaired(plan)).append('\n').toString();
      }
      Written w;
      try {
        w = written(name, plan, opened);
      } catch (RepairPatch.Refused e) {
        return said.append("Nothing written" + when + " (--apply): " + e.getMessage() + ".\n")
            .toString();
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
      boolean last = round == ROUNDS;
      Again again = again(file.toString(), options, !last);
      VerificationReport report = again.result().report();
      said.append("Applied" + when + ": wrote ")
          .append(file)
          .append(" (")
          .append(w.says())
          .append("); verified again from that file")
          .append(
              report
                  .launches()
                  .map(
                      l ->
                          ", "
                              + l.classes()
                              + (l.classes() == 1 ? " launch class" : " launch classes"))
                  .orElse(""))
          .append(": ")
          .append(verdict(report))
          .append(".\n");
      if (last || !(report.verdict() instanceof Verdict.Violated)) {
        return said.toString();
      }
      r = again.result();
      opened = again.opened();
    }
  }

  private static String verdict(VerificationReport report) {
    return report.verdict() instanceof Verdict.Verified
        ? "VERIFIED"
        : report.verdict().id().toUpperCase(java.util.Locale.ROOT)
            + " ("
            + PipeverifyCommand.firstViolation(report.verdict(), report.findingsOmitted())
            + ")";
  }

  /** The file --apply writes: its name in --out, its text, what it changed. */
  private record Written(String name, String text, String says) {}

  /** The name of the file --apply writes in --out: the input's (a code object's listing: .s). */
  private String writtenName(ScheduleResult r, Opened opened) {
    if (opened == null) {
      return r.report().schedule().name() + ".json";
    }
    String name = Path.of(opened.input()).getFileName().toString();
    return opened instanceof Opened.Assembly a && a.what().equals("code object")
        ? name.replaceFirst("\\.(co|hsaco)$", "") + ".s"
        : name;
  }

  /** The repaired {@code opened} (null: a built-in), its text edited or its schedule written. */
  private Written written(String name, RepairPlan plan, Opened opened) throws RepairPatch.Refused {
    Schedule repaired = plan.repaired();
    if (!(opened instanceof Opened.Assembly a)) {
      return new Written(
          name,
          ScheduleWriter.write(repaired),
          "the repaired schedule, " + plan.changeCount() + " changes");
    }
    RepairPatch.Patched p =
        new RepairPatch(ScheduleSource.nameOf(a.input()), a.shown())
            .apply(plan.original().schedule(), repaired);
    return new Written(
        name,
        p.text(),
        lines(p.inserted()) + " inserted, " + p.changed() + " changed, every other line as it was");
  }

  private static String lines(int n) {
    return n + (n == 1 ? " line" : " lines");
  }
}

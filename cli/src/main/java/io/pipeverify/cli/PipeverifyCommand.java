package io.pipeverify.cli;

import io.pipeverify.model.TerminalText;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.report.FindingText;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code pipeverify} without a subcommand: the demo. Verifies every built-in transform at its
 * defaults and prints one row each (transform, verdict, first violation, time). Exits 0 whatever
 * the verdicts: some defaults are meant to be wrong (they are the notes' schedules as written).
 */
@Command(
    name = "pipeverify",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Proves AMD GPU pipeline schedules free of LDS races, uninitialised reads, wrong data in"
          + " registers, barrier mismatches and unencodable waits (P1-P7) for every trip count,"
          + " or prints a counterexample trace.",
      "Without a command: verify every built-in transform at its defaults and print a table."
    },
    footer = {
      "",
      "Exit codes: 0 ok/verified, 1 violated, 2 bad input or usage, 3 inconclusive,"
          + " 4 internal error. Docs: docs/cli.md"
    })
final class PipeverifyCommand implements Callable<Integer> {
  private final Console console;

  PipeverifyCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"transform", "verdict", "first violation", "time (ms)"});
    for (PipelineTransform<?> t : Transforms.all()) {
      console.err().println("pipeverify: verifying " + t.name() + " at its defaults...");
      console.err().flush();
      long started = System.nanoTime();
      VerificationReport report =
          Verifier.verify(t.generateFrom(t.defaults()), VerifyOptions.defaults());
      long ms = (System.nanoTime() - started) / 1_000_000;
      rows.add(
          new String[] {
            t.name(),
            report.verdict().id(),
            firstViolation(report.verdict(), report.findingsOmitted()),
            Long.toString(ms)
          });
    }
    StringBuilder out = new StringBuilder();
    out.append("Built-in transforms at their defaults (gfx950, implicit waits llvm,")
        .append(" ordered counters; every trip count T >= 1):\n\n");
    Table.render(out, "", rows);
    out.append('\n')
        .append("One counterexample trace: ./pipeverify verify --builtin cdna4-interleave\n")
        .append("The knobs of each transform: ./pipeverify list\n")
        .append("A fixed variant: ./pipeverify verify --builtin cdna4-interleave")
        .append(" --opt lgkmDrainBeforeBarrier=true\n");
    console.out().print(TerminalText.escapeLines(out.toString()));
    return ExitCode.OK;
  }

  /**
   * One line: property, kind, buffer and the two ops by wave, section, iteration and stage of the
   * first finding's violation, and with more than one violation the totals (and the findings over
   * the cap, {@code findingsOmitted}), e.g. {@code P1 WAR on B: wave 0 loop k=0 stage 3 ds_read vs
   * wave 1 loop k=1 stage 2 g2s (2 findings, 9 instances)}.
   */
  static String firstViolation(Verdict verdict, int findingsOmitted) {
    List<Violation> violations = verdict.violations();
    if (violations.isEmpty()) {
      return verdict instanceof Verdict.Inconclusive i ? cell(oneLine(i.reason())) : "-";
    }
    Violation v = violations.get(0);
    StringBuilder s = new StringBuilder();
    s.append(v.property()).append(' ').append(v.kind());
    if (!v.ops().isEmpty() && !v.ops().get(0).buffer().isEmpty()) {
      s.append(" on ").append(v.ops().get(0).buffer());
    }
    if (v.ops().isEmpty()) {
      s.append(": ").append(v.missingEdge());
    } else {
      s.append(": ");
      for (int i = 0; i < v.ops().size(); i++) {
        s.append(i == 0 ? "" : " vs ").append(brief(v.ops().get(i)));
      }
    }
    if (verdict.instances() > 1 || findingsOmitted > 0) {
      s.append(" (").append(FindingText.totals(verdict));
      if (findingsOmitted > 0) {
        s.append("; ").append(findingsOmitted).append(" more not reported");
      }
      s.append(')');
    }
    return oneLine(s.toString());
  }

  private static String brief(OpRef op) {
    StringBuilder s = new StringBuilder("wave ").append(op.wave()).append(' ').append(op.section());
    if (op.iteration() >= 0) {
      s.append(" k=").append(op.iteration());
    }
    // Stages are named within their section ("loop stage 3", "prologue"): say the section once.
    String stage = op.stage();
    if (stage.isEmpty()) {
      s.append(" #").append(op.position());
    } else if (stage.startsWith(op.section() + " ")) {
      s.append(stage.substring(op.section().length()));
    } else if (!stage.equals(op.section())) {
      s.append(' ').append(stage);
    }
    return s.append(' ').append(op.op()).toString();
  }

  /** Characters of an inconclusive reason a summary cell shows (a report lists every class). */
  private static final int CELL = 200;

  /**
   * An inconclusive reason cut for a table cell: the launch classes not covered can run to
   * thousands of characters, which would widen every row of the summary to them.
   */
  private static String cell(String reason) {
    return reason.length() <= CELL
        ? reason
        : reason.substring(0, CELL) + "... (the report has it all)";
  }

  private static String oneLine(String s) {
    return s.replace('\n', ' ').replace('\r', ' ');
  }
}

package io.pipeverify.cli;

import io.pipeverify.codegen.compiled.CompiledReport;
import io.pipeverify.codegen.compiled.DrainComparison;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleWriter;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.relax.Relaxation;
import io.pipeverify.verifier.relax.RelaxedOp;
import io.pipeverify.verifier.relax.Relaxer;
import io.pipeverify.verifier.report.JsonOutput;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pipeverify relax}: verify, relax the waits and barriers as far as the schedule still
 * verifies (docs/relax.md), print the table, write the relaxed schedule with {@code --out}. A
 * schedule that does not verify is refused with its report and nothing is written; the relaxed
 * schedule is verified again before it is printed or written.
 */
@Command(
    name = "relax",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Weaken each s_waitcnt to the largest counter values and remove each s_barrier that the"
          + " schedule can do without, re-verifying every step for every trip count, up to a local"
          + " maximum (docs/relax.md).",
      "Exit codes: 0 relaxed (the printed and written schedule verifies), 1 the schedule as"
          + " given is violated (nothing written), 2 bad input or usage, 3 inconclusive,"
          + " 4 internal error, 5 clang++-22 missing or failed (--isa)."
    })
final class RelaxCommand implements Callable<Integer> {
  private final Console console;

  @Mixin ScheduleSource.One source;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the relaxed schedule (a pipeverify-schedule/1 file) to FILE.")
  String out;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      converter = Converters.FormatConverter.class,
      description = "text (a table) or json. Default: text.")
  OutputFormat format = OutputFormat.TEXT;

  @Option(
      names = "--isa",
      paramLabel = "DIR",
      description =
          "Emit the relaxed schedule's HIP into DIR, compile it with clang++-22 and say, for each"
              + " relaxed wait of the loop, whether the compiled loop keeps its counter in flight"
              + " or drains it anyway.")
  String isaDir;

  RelaxCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, IOException, ExternalToolException {
    source.checkUsage();
    Path file = outFile();
    Path isaPath = isaDir == null ? null : KernelBuild.directory("--isa", isaDir);
    if (source.builtin == null
        && source.open(console.in(), source.file) instanceof Opened.Assembly a) {
      if (isaPath != null) {
        throw new InputException(
            "pipeverify: relax --isa emits a schedule's HIP; "
                + input(a)
                + " is lifted from assembly and has none");
      }
      return relaxAssembly(a, file);
    }
    Schedule schedule = source.loadWithIntent(console.in(), source.knobs(), "relax");
    VerifyOptions options = VerifyOptions.defaults();
    VerificationReport report = Verifier.verify(schedule, options);
    if (!(report.verdict() instanceof Verdict.Verified)) {
      console.out().print(new TextReportRenderer(true).render(report));
      console
          .err()
          .println(
              "pipeverify: "
                  + schedule.name()
                  + " does not verify ("
                  + report.verdict().id()
                  + "); relax needs a verified schedule, nothing written");
      return report.exitCode();
    }
    console.err().println("pipeverify: relaxing " + schedule.name() + "...");
    console.err().flush();
    Relaxation r = new Relaxer(options).relax(report);
    console.err().println("pipeverify: " + r.verifications() + " verifications");
    if (file != null) {
      try {
        Files.writeString(file, ScheduleWriter.write(r.relaxed()), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new InputException("pipeverify: cannot write " + out + ": " + e.getMessage());
      }
      console.err().println("pipeverify: wrote " + file);
    }
    Optional<DrainComparison> drains =
        isaPath == null ? Optional.empty() : Optional.of(compiled(r, isaPath));
    console.out().print(format == OutputFormat.JSON ? json(r, drains) : text(r, drains));
    return ExitCode.OK;
  }

  /**
   * {@code relax} of a kernel lifted from assembly: its text relaxed line by line, every step
   * verified for every launch class; with {@code --out}, the relaxed text written and verified
   * again from that file (docs/relax.md, "Assembly").
   */
  private static String input(Opened.Assembly a) {
    return ScheduleSource.nameOf(a.input());
  }

  private int relaxAssembly(Opened.Assembly a, Path file)
      throws InputException, ExternalToolException {
    String input = input(a);
    VerifyOptions options = VerifyOptions.defaults();
    try (KernelVariants variants = new KernelVariants(source, console, options, a)) {
      KernelVariants.Outcome base = variants.check(a.shown());
      if (base.report().isEmpty()) {
        throw new InputException("pipeverify: " + input + ": " + base.reason());
      }
      VerificationReport report = base.report().get();
      String name = report.schedule().name();
      if (!base.verified()) {
        console.out().print(variants.asInput(new TextReportRenderer(true).render(report), input));
        console
            .err()
            .println(
                "pipeverify: "
                    + name
                    + " does not verify ("
                    + report.verdict().id()
                    + "); relax needs a kernel that verifies in every launch class, nothing"
                    + " written");
        return report.exitCode();
      }
      console
          .err()
          .println(
              "pipeverify: relaxing "
                  + name
                  + " ("
                  + base.sync().size()
                  + " waits and barriers)...");
      console.err().flush();
      AssemblyRelaxer.Result r = new AssemblyRelaxer(variants, console).relax(a.shown(), base);
      String again = "";
      if (file != null) {
        try {
          Files.writeString(file, r.text(), StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new InputException("pipeverify: cannot write " + out + ": " + e.getMessage());
        }
        console.err().println("pipeverify: wrote " + file + "; verifying it...");
        ScheduleSource.Read read = source.readOnce(source.open(console.in(), file.toString()));
        VerificationReport written =
            LiftedVerification.verify(
                    read, file.toString(), null, null, options, new LaunchClassVerifier.Halves())
                .report();
        if (!(written.verdict() instanceof Verdict.Verified)) {
          throw new IllegalStateException(
              "the relaxed text verified as a variant but not as written to " + file);
        }
        int classes = written.launches().map(VerificationReport.Launches::classes).orElse(1);
        again =
            file
                + " verified again as written: "
                + classes
                + (classes == 1 ? " launch class" : " launch classes");
      }
      console
          .out()
          .print(
              format == OutputFormat.JSON
                  ? assemblyJson(name, base, r, again)
                  : assemblyText(name, base, r, again));
      return ExitCode.OK;
    }
  }

  static String assemblyText(
      String name, KernelVariants.Outcome base, AssemblyRelaxer.Result r, String again) {
    StringBuilder s = new StringBuilder();
    s.append(name)
        .append(": relaxed ")
        .append(r.changes().size())
        .append(" of ")
        .append(base.sync().size())
        .append(" waits and barriers; the relaxed kernel verifies (every launch class)\n");
    if (!again.isEmpty()) {
      s.append(again).append('\n');
    }
    s.append(
        "local maximum: the last pass's "
            + r.lastPass()
            + " checks relaxed nothing further ("
            + r.checks()
            + " checks in all)\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"line", "before", "after"});
    for (AssemblyRelaxer.Change c : r.changes()) {
      rows.add(new String[] {Integer.toString(c.line()), c.before(), c.after()});
    }
    Table.render(s, "", rows);
    return s.toString();
  }

  static String assemblyJson(
      String name, KernelVariants.Outcome base, AssemblyRelaxer.Result r, String again) {
    return JsonOutput.pretty(
        g -> {
          g.writeStartObject();
          g.writeStringField("kernel", name);
          g.writeNumberField("syncOps", base.sync().size());
          g.writeNumberField("checks", r.checks());
          g.writeNumberField("lastPassChecks", r.lastPass());
          g.writeBooleanField("writtenVerified", !again.isEmpty());
          g.writeArrayFieldStart("changes");
          for (AssemblyRelaxer.Change c : r.changes()) {
            g.writeStartObject();
            g.writeNumberField("line", c.line());
            g.writeStringField("before", c.before());
            g.writeStringField("after", c.after());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        });
  }

  /** The relaxed kernel compiled: where its relaxed waits stay relaxed (docs/relax.md). */
  private DrainComparison compiled(Relaxation r, Path dir)
      throws InputException, IOException, ExternalToolException {
    List<String> problems = HipEmitter.problems(r.relaxed());
    if (!problems.isEmpty()) {
      throw new InputException(
          problems.stream()
              .map(p -> "pipeverify: relax --isa: cannot emit " + r.relaxed().name() + ": " + p)
              .toList());
    }
    VerifiedSchedule verified = Verifier.certify(r.after()).orElseThrow();
    CompiledReport compiled =
        KernelBuild.run(verified, new EmitOptions(false), dir, console)
            .orElseThrow(
                () ->
                    new ExternalToolException(
                        ClangCompiler.EXECUTABLE
                            + " is not on PATH: relax --isa compiles the relaxed kernel (apt-get"
                            + " install clang-22)"));
    return DrainComparison.of(r.rows(), compiled);
  }

  private Path outFile() throws InputException {
    if (out == null) {
      return null;
    }
    try {
      Path p = Path.of(out);
      if (Files.isDirectory(p)) {
        throw new InputException("pipeverify: --out " + out + " is a directory; give a file");
      }
      return p;
    } catch (InvalidPathException e) {
      throw new InputException("pipeverify: --out " + out + ": " + e.getMessage());
    }
  }

  /** The sentence that states the local maximum, shared by both formats. */
  static String localMaximum(Relaxation r) {
    return "local maximum: none of the "
        + r.neighbours()
        + " single further relaxations (remove one barrier, drop one counter of a wait, raise one"
        + " by one) verifies";
  }

  static String text(Relaxation r, Optional<DrainComparison> drains) {
    StringBuilder s = new StringBuilder();
    s.append(r.relaxed().name())
        .append(": relaxed ")
        .append(r.changed())
        .append(" of ")
        .append(r.rows().size())
        .append(" waits and barriers; the relaxed schedule verifies (every trip count T >= 1)\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"op", "origin", "before", "after"});
    for (RelaxedOp op : r.rows()) {
      rows.add(new String[] {op.place(), op.origin(), RelaxedOp.text(op.before()), op.outcome()});
    }
    Table.render(s, "", rows);
    s.append('\n').append(localMaximum(r)).append(".\n");
    s.append(
        "order: barriers, then waits (vmcnt, then lgkmcnt); each program's loop, then prologue,"
            + " then epilogue (docs/relax.md)\n");
    drains.ifPresent(d -> compiledTable(s, d));
    return s.toString();
  }

  private static void compiledTable(StringBuilder s, DrainComparison d) {
    s.append("\ncompiled (kernel.s): ").append(d.summary()).append('\n');
    if (d.rows().isEmpty()) {
      return;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"op", "relaxed", "counter", "compiled"});
    for (DrainComparison.Row row : d.rows()) {
      rows.add(
          new String[] {
            row.op().place(),
            row.op().outcome(),
            row.counter(),
            row.outcome().id() + row.drain().map(f -> " (" + f.where() + ")").orElse("")
          });
    }
    s.append('\n');
    Table.render(s, "", rows);
  }

  static String json(Relaxation r, Optional<DrainComparison> drains) {
    return JsonOutput.pretty(
        g -> {
          g.writeStartObject();
          g.writeStringField("schedule", r.relaxed().name());
          g.writeStringField("verdict", r.after().verdict().id());
          g.writeNumberField("changed", r.changed());
          g.writeArrayFieldStart("ops");
          for (RelaxedOp op : r.rows()) {
            g.writeStartObject();
            g.writeStringField("op", op.place());
            g.writeStringField("origin", op.origin());
            g.writeStringField("before", RelaxedOp.text(op.before()));
            g.writeStringField("after", op.after().map(RelaxedOp::text).orElse(null));
            g.writeStringField("outcome", op.outcome());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeNumberField("neighboursChecked", r.neighbours());
          g.writeStringField("localMaximum", localMaximum(r));
          g.writeNumberField("verifications", r.verifications());
          if (drains.isPresent()) {
            g.writeObjectFieldStart("compiled");
            g.writeStringField("summary", drains.get().summary());
            g.writeArrayFieldStart("counters");
            for (DrainComparison.Row row : drains.get().rows()) {
              g.writeStartObject();
              g.writeStringField("op", row.op().place());
              g.writeStringField("counter", row.counter());
              g.writeStringField("outcome", row.outcome().id());
              if (row.drain().isPresent()) {
                g.writeStringField("where", row.drain().get().where());
              }
              g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
          }
          g.writeEndObject();
        });
  }
}

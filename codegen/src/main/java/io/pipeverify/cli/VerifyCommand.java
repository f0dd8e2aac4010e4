package io.pipeverify.cli;

import io.pipeverify.codegen.isa.ExternalToolException;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.repair.RepairFinder;
import io.pipeverify.verifier.report.DotGraphRenderer;
import io.pipeverify.verifier.report.ExplanationRenderer;
import io.pipeverify.verifier.report.GithubAnnotationRenderer;
import io.pipeverify.verifier.report.HtmlReportRenderer;
import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.JunitReportRenderer;
import io.pipeverify.verifier.report.PerfettoTraceRenderer;
import io.pipeverify.verifier.report.SarifReportRenderer;
import io.pipeverify.verifier.report.ScheduleResult;
import io.pipeverify.verifier.report.TextReportRenderer;
import io.pipeverify.verifier.unroll.CounterMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pipeverify verify}: the verdict for every trip count, with counterexamples. The exit code
 * is the report's: 0 verified, 1 violated, 3 inconclusive.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Prove a schedule free of LDS races (P1), uninitialised reads (P2), wrong tile versions"
          + " (P3), register hazards and wrong fragments (P4), contraction mistakes (P5), barrier"
          + " mismatches (P6) and unencodable waits (P7) for every trip count, or print a"
          + " counterexample.",
      "Exit codes: 0 verified, 1 violated, 2 bad input or usage, 3 inconclusive, 4 internal"
          + " error."
    })
class VerifyCommand implements Callable<Integer> {
  final Console console;

  @Spec CommandSpec spec;

  @Mixin ScheduleSource.Many source;

  @Option(
      names = "--target",
      paramLabel = "gfx950|gfx942",
      converter = Converters.TargetConverter.class,
      description =
          "Override the schedule's target (for --builtin: the transform's target knob); for"
              + " assembly, the target of a listing without .amdgcn_target.")
  Target target;

  @Option(
      names = "--implicit-waits",
      paramLabel = "llvm|none",
      converter = Converters.ImplicitWaitsConverter.class,
      description = "Override the implicit-wait model (for --builtin: the implicitWaits knob).")
  ImplicitWaits implicitWaits;

  @Option(
      names = "--counters",
      paramLabel = "ordered|unordered",
      converter = Converters.CounterModeConverter.class,
      description =
          "ordered: a wait retires exactly the oldest ops; unordered: at least that many, which"
              + " ones unknown. Default: ordered.")
  CounterMode counters = CounterMode.ORDERED;

  @Option(
      names = "--format",
      paramLabel = "FMT[,FMT...]",
      split = ",",
      converter = Converters.ReportFormatConverter.class,
      description =
          "text, json, sarif, junit, github, perfetto, html or dot; several (comma-separated or"
              + " repeated) need --out. Default: text.")
  List<ReportFormat> formats = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write one file per format into DIR (report.txt, report.json, report.sarif,"
              + " report.junit.xml, github.txt, trace.perfetto.json, report.html, hb.dot); stdout"
              + " then gets the summary table.")
  Path out;

  @Option(
      names = "--jsonl",
      description = "Print one JSON report per schedule, one per line, on stdout (for scripts).")
  boolean jsonl;

  @Option(
      names = "--fixes",
      description =
          "Search and verify a repair for each violation (docs/debugging.md); reports carry it as"
              + " a fix.")
  boolean fixes;

  @Option(
      names = "--timeout-ms",
      paramLabel = "N",
      description = "Z3 timeout per query in milliseconds; a timeout is inconclusive (exit 3).")
  long timeoutMs = VerifyOptions.defaults().solverTimeout().toMillis();

  @Option(
      names = "--max-findings",
      paramLabel = "N",
      description =
          "Confirm and report at most N findings (distinct defects; each counts all its"
              + " instances); reports say how many more there are. 0: all. Default: 20.")
  int maxFindings = VerifyOptions.defaults().maxFindings();

  @Option(
      names = "--no-timings",
      description = "Leave out solver and total time, so the output is the same on every run.")
  boolean noTimings;

  VerifyCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    source.checkUsage();
    checkOptions();
    List<ReportFormat> chosen = formats.isEmpty() ? List.of(ReportFormat.TEXT) : formats;
    if (out == null && chosen.size() > 1) {
      throw new ParameterException(
          spec.commandLine(), "several formats need --out DIR (one file per format)");
    }
    VerifyOptions options =
        VerifyOptions.defaults()
            .withCounters(counters)
            .withSolverTimeout(Duration.ofMillis(timeoutMs))
            .withMaxFindings(maxFindings);
    List<ScheduleResult> results = new ArrayList<>();
    List<String[]> rows = new ArrayList<>();
    int exit = ExitCode.OK;
    if (source.isBuiltin()) {
      Schedule schedule = source.load(console.in(), source.knobs(target, implicitWaits));
      results.add(verify("--builtin " + source.builtin, schedule, Optional.empty(), options));
    } else {
      source.assemblyTarget = target;
      List<String> inputs = source.inputs();
      if (inputs.isEmpty()) {
        throw new InputException("pipeverify: no *.json schedule files in " + source.files());
      }
      boolean batch = inputs.size() > 1;
      int i = 0;
      for (String input : inputs) {
        i++;
        if (batch) {
          console.err().println("pipeverify: [" + i + "/" + inputs.size() + "] verifying " + input);
          console.err().flush();
        }
        try {
          LocatedSchedule located = source.readLocated(console.in(), input);
          Schedule schedule =
              ScheduleSource.overridden(located.schedule(), input, target, implicitWaits);
          results.add(verify(input, schedule, Optional.of(located), options));
        } catch (InputException e) {
          if (!batch) {
            throw e;
          }
          for (String line : e.lines()) {
            console.err().println(line);
          }
          exit = Math.max(exit, ExitCode.BAD_INPUT);
          rows.add(new String[] {input, "-", "bad input", "see stderr", "-"});
        }
      }
    }
    for (ScheduleResult r : results) {
      exit = Math.max(exit, r.report().exitCode());
    }
    boolean timings = !noTimings;
    if (out != null) {
      write(results, chosen, timings);
    }
    boolean batch = results.size() + rows.size() > 1;
    if (jsonl) {
      JsonReportRenderer json = new JsonReportRenderer(timings);
      for (ScheduleResult r : results) {
        console.out().println(json.renderLine(r));
      }
    } else if (out != null || (batch && chosen.get(0) == ReportFormat.TEXT)) {
      console.out().print(summary(results, rows));
    } else {
      console.out().print(render(chosen.get(0), results, timings));
    }
    return exit;
  }

  private void checkOptions() {
    if (timeoutMs < 1) {
      throw new ParameterException(
          spec.commandLine(), "--timeout-ms must be at least 1, got " + timeoutMs);
    }
    if (maxFindings < 0) {
      throw new ParameterException(
          spec.commandLine(), "--max-findings must be 0 (all) or more, got " + maxFindings);
    }
    if (jsonl && !formats.isEmpty() && out == null) {
      throw new ParameterException(
          spec.commandLine(), "--jsonl prints JSON lines on stdout; --format needs --out with it");
    }
  }

  private ScheduleResult verify(
      String input, Schedule schedule, Optional<LocatedSchedule> located, VerifyOptions options) {
    VerificationReport report = Verifier.verify(schedule, options);
    ScheduleResult result = new ScheduleResult(input, report, located, Optional.empty());
    if (wantsFixes() && report.verdict() instanceof Verdict.Violated) {
      console
          .err()
          .println("pipeverify: searching repairs for " + report.schedule().name() + "...");
      console.err().flush();
      RepairFinder finder = new RepairFinder(options);
      result = result.withRepairs(finder.plan(report, RepairFinder.DEFAULT_STEPS));
      console.err().println("pipeverify: " + finder.verifications() + " candidate verifications");
    }
    return result;
  }

  /** Whether repairs are searched: {@code --fixes}, and always for {@code explain}. */
  boolean wantsFixes() {
    return fixes;
  }

  /** The text rendering for people; {@code explain} shows the explanation instead. */
  String renderText(ScheduleResult r, boolean timings) {
    String text = new TextReportRenderer(timings).render(r.report());
    if (r.repairs().isPresent()) {
      text += "\n" + new ExplanationRenderer().render(r);
    }
    return text;
  }

  private String render(ReportFormat f, List<ScheduleResult> results, boolean timings) {
    return switch (f) {
      case TEXT -> {
        StringBuilder s = new StringBuilder();
        for (ScheduleResult r : results) {
          s.append(s.length() == 0 ? "" : "\n").append(renderText(r, timings));
        }
        yield s.toString();
      }
      case JSON -> {
        JsonReportRenderer json = new JsonReportRenderer(timings);
        if (results.size() == 1) {
          yield json.render(results.get(0));
        }
        StringBuilder s = new StringBuilder("[\n");
        for (int i = 0; i < results.size(); i++) {
          s.append(json.render(results.get(i)).stripTrailing())
              .append(i + 1 < results.size() ? ",\n" : "\n");
        }
        yield s.append("]\n").toString();
      }
      case SARIF -> new SarifReportRenderer(VersionProvider.version()).render(results);
      case JUNIT -> new JunitReportRenderer(timings).render(results);
      case GITHUB ->
          new GithubAnnotationRenderer(GithubAnnotationRenderer.DEFAULT_CAP).render(results);
      case PERFETTO -> new PerfettoTraceRenderer().render(results);
      case HTML -> new HtmlReportRenderer().render(results);
      case DOT -> new DotGraphRenderer().render(results);
    };
  }

  private void write(List<ScheduleResult> results, List<ReportFormat> chosen, boolean timings)
      throws InputException {
    try {
      Files.createDirectories(out);
      for (ReportFormat f : new LinkedHashSet<>(chosen)) {
        Path file = out.resolve(f.fileName());
        Files.writeString(file, render(f, results, timings), StandardCharsets.UTF_8);
        console.err().println("pipeverify: wrote " + file);
      }
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot write to " + out + ": " + e.getMessage());
    }
  }

  /** One row per schedule: input, schedule, verdict, first violation, exit code. */
  private static String summary(List<ScheduleResult> results, List<String[]> bad) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"input", "schedule", "verdict", "first violation", "exit"});
    for (ScheduleResult r : results) {
      rows.add(
          new String[] {
            r.input(),
            r.report().schedule().name(),
            r.report().verdict().id(),
            PipeverifyCommand.firstViolation(r.report().verdict(), r.report().findingsOmitted()),
            Integer.toString(r.report().exitCode())
          });
    }
    for (String[] b : bad) {
      rows.add(new String[] {b[0], b[1], b[2], b[3], Integer.toString(ExitCode.BAD_INPUT)});
    }
    StringBuilder s = new StringBuilder();
    Table.render(s, "", rows);
    return TerminalText.escapeLines(s.toString());
  }
}

package io.pipeverify.cli;

import io.pipeverify.codegen.tools.Cvc5;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.format.Diagnostic;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.model.format.SourcePosition;
import io.pipeverify.verifier.Assumption;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.repair.SmallestRepair;
import io.pipeverify.verifier.report.DotGraphRenderer;
import io.pipeverify.verifier.report.ExplanationRenderer;
import io.pipeverify.verifier.report.FindingText;
import io.pipeverify.verifier.report.GithubAnnotationRenderer;
import io.pipeverify.verifier.report.HtmlReportRenderer;
import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.JunitReportRenderer;
import io.pipeverify.verifier.report.KnownFindings;
import io.pipeverify.verifier.report.PerfettoTraceRenderer;
import io.pipeverify.verifier.report.SarifReportRenderer;
import io.pipeverify.verifier.report.ScheduleResult;
import io.pipeverify.verifier.report.TextReportRenderer;
import io.pipeverify.verifier.report.Unchecked;
import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.SecondOpinion;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
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
          + " error, 5 the cross-check failed (cvc5 missing or disagreeing with Z3)."
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
          "Search the smallest verified repair of the schedule (docs/debugging.md); reports carry"
              + " it as each violation's fix.")
  boolean fixes;

  @Option(
      names = "--max-edits",
      paramLabel = "K",
      description =
          "The largest repair searched, in changes of the kernel (with --fixes and explain;"
              + " default: ${DEFAULT-VALUE}).")
  int maxEdits = SmallestRepair.DEFAULT_MAX_EDITS;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description =
          "Time limit per input of a batch (default: ${DEFAULT-VALUE}): an input still running"
              + " then is a row 'inconclusive: time limit' (exit 3) and the batch goes on.")
  long timeoutSeconds = 900;

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
      names = "--assume",
      paramLabel = "NAME",
      converter = Converters.AssumptionConverter.class,
      description =
          "State a timing assumption (repeatable; pipeverify list --assumptions): race instances"
              + " it covers are notes, not findings. Only races in flight across a barrier are"
              + " ever excused. Default: none, the ISA's rules.")
  List<Assumption> assume = new ArrayList<>();

  @Option(
      names = "--show-benign",
      description =
          "List the races and uninitialised reads of reads whose value is never used (dead"
              + " reads: docs/format.md), which are not findings; without it the text report"
              + " counts them. JSON always lists them.")
  boolean showBenign;

  @Option(
      names = "--baseline",
      paramLabel = "FILE",
      description =
          "An earlier report (verify --format json or --jsonl): findings whose root cause it has"
              + " (matched by the stable key, not by line) are unchanged and do not fail the run;"
              + " only new ones do (exit 1). docs/ci.md, \"Known findings\".")
  String baseline;

  @Option(
      names = "--jobs",
      paramLabel = "N",
      description = "Inputs verified at once when several are given. Default: the cores.")
  Integer jobs;

  @Option(
      names = "--cross-check",
      paramLabel = "cvc5",
      description =
          "Re-decide every Z3 query with a second solver (cvc5 on the PATH, the same time limit"
              + " per query); a disagreement is a tool error (exit 5), never a verdict.")
  String crossCheck;

  /** The second solver {@code --cross-check cvc5} starts; tests put a fake one here. */
  Function<Duration, SecondOpinion> secondSolver = Cvc5::onPath;

  @Option(
      names = "--no-timings",
      description = "Leave out solver and total time, so the output is the same on every run.")
  boolean noTimings;

  /**
   * The halves of launch classes this command has verified, over all its inputs: a kernel given for
   * two targets is verified once (LaunchClassVerifier.Halves).
   */
  private final LaunchClassVerifier.Halves halves = new LaunchClassVerifier.Halves();

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
            .withMaxFindings(maxFindings)
            .withAssumptions(assume);
    // Started before anything is verified: a missing cvc5 fails the run at once.
    Optional<CrossCheck> check =
        Optional.ofNullable(crossCheck)
            .map(name -> new CrossCheck(secondSolver.apply(Duration.ofMillis(timeoutMs))));
    if (check.isPresent()) {
      options = options.withCrossCheck(check.get());
    }
    baselineRead = baseline == null ? Optional.empty() : Optional.of(Baseline.read(baseline));
    List<ScheduleResult> results = new ArrayList<>();
    List<Unchecked> unchecked = new ArrayList<>();
    int exit = ExitCode.OK;
    if (source.isBuiltin()) {
      Schedule schedule = source.load(console.in(), source.knobs(target, implicitWaits));
      results.add(
          known(
              verify("--builtin " + source.builtin, schedule, Optional.empty(), options),
              List.of()));
    } else {
      source.assemblyTarget = target;
      List<String> inputs = source.inputs();
      if (inputs.isEmpty()) {
        throw new InputException(
            "pipeverify: no schedule files (*.json), assembly (*.s, *.amdgcn) or code objects"
                + " (*.co, *.hsaco) in "
                + source.files());
      }
      if (inputs.size() == 1) {
        results.add(verifyInput(inputs.get(0), options));
      } else {
        exit = verifyAll(inputs, options, results, unchecked);
      }
    }
    for (ScheduleResult r : results) {
      exit = Math.max(exit, r.exitCode());
    }
    boolean timings = !noTimings;
    if (out != null) {
      write(results, unchecked, chosen, timings);
    }
    boolean batch = results.size() + unchecked.size() > 1;
    if (jsonl) {
      JsonReportRenderer json = new JsonReportRenderer(timings);
      for (ScheduleResult r : results) {
        console.out().println(json.renderLine(r));
      }
      for (Unchecked u : unchecked) {
        console.out().println(json.renderLine(u));
      }
    } else if (out != null || (batch && chosen.get(0) == ReportFormat.TEXT)) {
      console.out().print(summary(results, unchecked, timings));
    } else {
      console.out().print(render(chosen.get(0), results, unchecked, timings));
    }
    console.out().flush();
    check.ifPresent(c -> console.err().println(c.summary()));
    return exit;
  }

  /** Reads, lifts where needed, and verifies one input. */
  private ScheduleResult verifyInput(String input, VerifyOptions options)
      throws InputException, ExternalToolException {
    ScheduleSource.Read read = source.readAll(console.in(), input);
    if (read.covers().isEmpty()) {
      LocatedSchedule located = read.schedules().get(0);
      Schedule schedule =
          ScheduleSource.overridden(located.schedule(), input, target, implicitWaits);
      return known(
          verify(input, schedule, Optional.of(located), stated(options, located)), List.of());
    }
    // A lifted kernel: every launch class verified, the verdict the worst of them (docs/isa.md).
    List<Schedule> schedules = new ArrayList<>();
    for (LocatedSchedule located : read.schedules()) {
      schedules.add(ScheduleSource.overridden(located.schedule(), input, target, implicitWaits));
    }
    // The reports stop at the first violated class: the verdict is its whatever the others are.
    List<VerificationReport> reports =
        new LaunchClassVerifier(options, halves).verifyAll(schedules);
    VerificationReport merged =
        VerificationReport.ofLaunches(
            reports, read.classes(), read.covers().get(), read.uncovered());
    int pick = 0;
    for (int i = 0; i < reports.size(); i++) {
      if (reports.get(i).schedule().equals(merged.schedule())) {
        pick = i;
        break;
      }
    }
    return known(
        withRepairs(
            new ScheduleResult(
                input, merged, Optional.of(read.schedules().get(pick)), Optional.empty()),
            options),
        read.suppressions());
  }

  /** The baseline given ({@code --baseline}), read once before anything is verified. */
  private Optional<Baseline> baselineRead = Optional.empty();

  /** The result with what is known of its findings: the baseline's, the input's suppressions. */
  private ScheduleResult known(ScheduleResult r, List<KnownFindings.Suppression> suppressions) {
    String name = r.report().schedule().name();
    KnownFindings k =
        new KnownFindings(
            baselineRead.map(Baseline::file),
            baselineRead.map(b -> b.keysOf(name)).orElse(java.util.Set.of()),
            suppressions);
    return k.any() ? r.withKnown(k) : r;
  }

  /**
   * One input's outcome in a batch: its result, or the lines of its bad-input error, or neither
   * when it ran past {@code --timeout} ({@code timedOut}).
   */
  private record Outcome(
      Optional<ScheduleResult> result, List<String> error, long millis, boolean timedOut) {
    Outcome(Optional<ScheduleResult> result, List<String> error, long millis) {
      this(result, error, millis, false);
    }
  }

  /**
   * Verifies several inputs, {@code --jobs} at a time; results, unchecked inputs and progress come
   * in input order whatever the order they finish in. An input that is bad input (a lift error,
   * say) or runs past {@code --timeout} is {@link Unchecked} and the batch goes on. Returns the
   * worst exit code of the unchecked inputs.
   */
  private int verifyAll(
      List<String> inputs,
      VerifyOptions options,
      List<ScheduleResult> results,
      List<Unchecked> unchecked)
      throws ExternalToolException {
    // Repairs print their progress as they search: one input at a time keeps it readable.
    int threads = wantsFixes() ? 1 : Math.max(1, Math.min(jobs(), inputs.size()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Outcome>> futures = new ArrayList<>();
      AtomicLongArray started = new AtomicLongArray(inputs.size());
      for (int i = 0; i < inputs.size(); i++) {
        String input = inputs.get(i);
        int index = i;
        futures.add(
            pool.submit(
                () -> {
                  started.set(index, System.nanoTime());
                  return outcome(input, options);
                }));
      }
      int exit = ExitCode.OK;
      for (int i = 0; i < inputs.size(); i++) {
        Outcome o = await(futures.get(i), started, i);
        String input = inputs.get(i);
        String done = "pipeverify: [" + (i + 1) + "/" + inputs.size() + "] " + input + ": ";
        if (o.timedOut()) {
          String why = "time limit of " + timeoutSeconds + " s (--timeout)";
          console.err().println(done + "inconclusive: " + why);
          exit = Math.max(exit, ExitCode.INCONCLUSIVE);
          unchecked.add(new Unchecked(input, "inconclusive", why, ExitCode.INCONCLUSIVE));
        } else if (o.result().isPresent()) {
          results.add(o.result().get());
          console.err().println(done + o.result().get().report().verdict().id());
        } else {
          for (String line : o.error()) {
            console.err().println(line);
          }
          console.err().println(done + "bad input");
          exit = Math.max(exit, ExitCode.BAD_INPUT);
          unchecked.add(
              new Unchecked(input, "bad input", reason(input, o.error()), ExitCode.BAD_INPUT));
        }
        console.err().flush();
      }
      return exit;
    } finally {
      pool.shutdownNow();
    }
  }

  private Outcome outcome(String input, VerifyOptions options) throws ExternalToolException {
    long start = System.nanoTime();
    try {
      ScheduleResult r = verifyInput(input, options);
      return new Outcome(Optional.of(r), List.of(), (System.nanoTime() - start) / 1_000_000);
    } catch (InputException e) {
      return new Outcome(Optional.empty(), e.lines(), (System.nanoTime() - start) / 1_000_000);
    }
  }

  /**
   * Input {@code i}'s outcome, once it has run at most {@code --timeout} since it started (its
   * start recorded in {@code started}); past that it is cancelled: the lift and the verifier stop
   * at their next check of the interrupt, and the command's end stops whatever still runs.
   */
  private Outcome await(Future<Outcome> f, AtomicLongArray started, int i)
      throws ExternalToolException {
    long limit = TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (true) {
      long start = started.get(i);
      long wait =
          start == 0 ? TimeUnit.MILLISECONDS.toNanos(100) : start + limit - System.nanoTime();
      if (start != 0 && wait <= 0 && !f.isDone()) {
        f.cancel(true);
        return new Outcome(Optional.empty(), List.of(), limit / 1_000_000, true);
      }
      try {
        return await(f, Math.max(wait, 1));
      } catch (TimeoutException e) {
        // Not started yet, or still within its time: look again.
      }
    }
  }

  private static Outcome await(Future<Outcome> f, long nanos)
      throws ExternalToolException, TimeoutException {
    try {
      return f.get(nanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while verifying", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof ExternalToolException t) {
        throw t;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** {@code --jobs}, by default the cores. */
  private int jobs() {
    return jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
  }

  /**
   * The first line of an input's error for its summary row, without the "pipeverify: " and the
   * input's name it starts with ({@code kernel.co:45: s_cbranch_scc0 ...} becomes {@code line 45:
   * s_cbranch_scc0 ...}).
   */
  private static String reason(String input, List<String> lines) {
    String first = lines.isEmpty() ? "" : lines.get(0);
    first = first.startsWith("pipeverify: ") ? first.substring("pipeverify: ".length()) : first;
    if (first.startsWith(input + ":")) {
      String rest = first.substring(input.length() + 1);
      first = rest.matches("\\d+:.*") ? "line " + rest : rest.strip();
    }
    return first;
  }

  private void checkOptions() {
    if (timeoutMs < 1) {
      throw new ParameterException(
          spec.commandLine(), "--timeout-ms must be at least 1, got " + timeoutMs);
    }
    if (timeoutSeconds < 1) {
      throw new ParameterException(
          spec.commandLine(), "--timeout must be at least 1 second, got " + timeoutSeconds);
    }
    if (maxFindings < 0) {
      throw new ParameterException(
          spec.commandLine(), "--max-findings must be 0 (all) or more, got " + maxFindings);
    }
    if (jobs != null && jobs < 1) {
      throw new ParameterException(spec.commandLine(), "--jobs must be at least 1, got " + jobs);
    }
    if (maxEdits < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-edits must be at least 1, got " + maxEdits);
    }
    if (crossCheck != null && !crossCheck.equals("cvc5")) {
      throw new ParameterException(
          spec.commandLine(), "--cross-check: the second solver is cvc5, got " + crossCheck);
    }
    if (jsonl && !formats.isEmpty() && out == null) {
      throw new ParameterException(
          spec.commandLine(), "--jsonl prints JSON lines on stdout; --format needs --out with it");
    }
  }

  /**
   * {@code options} with the assumptions a schedule file states too ({@code "assumptions"}); an
   * unknown name is bad input at its JSON pointer.
   */
  static VerifyOptions stated(VerifyOptions options, LocatedSchedule located)
      throws InputException {
    if (located.assumptions().isEmpty()) {
      return options;
    }
    List<Assumption> all = new ArrayList<>(options.assumptions());
    for (int i = 0; i < located.assumptions().size(); i++) {
      String name = located.assumptions().get(i);
      Optional<Assumption> a = Assumption.byId(name);
      if (a.isEmpty()) {
        String pointer = "/assumptions/" + i;
        // The reader indexed every value of the file, so the name has its position.
        SourcePosition at = located.position(pointer).orElseThrow();
        throw new InputException(
            new Diagnostic(
                    located.file(),
                    pointer,
                    at.line(),
                    at.column(),
                    "unknown assumption '"
                        + name
                        + "' (expected one of: "
                        + Assumption.names()
                        + "; pipeverify list --assumptions)")
                .render());
      }
      all.add(a.get());
    }
    return options.withAssumptions(all);
  }

  private ScheduleResult verify(
      String input, Schedule schedule, Optional<LocatedSchedule> located, VerifyOptions options) {
    VerificationReport report = Verifier.verify(schedule, options);
    return withRepairs(new ScheduleResult(input, report, located, Optional.empty()), options);
  }

  /** The result with its repairs searched, when asked for and violated. */
  private ScheduleResult withRepairs(ScheduleResult result, VerifyOptions options) {
    VerificationReport report = result.report();
    if (wantsFixes() && report.verdict() instanceof Verdict.Violated) {
      console
          .err()
          .println("pipeverify: searching repairs for " + report.schedule().name() + "...");
      console.err().flush();
      SmallestRepair search = new SmallestRepair(options, maxEdits);
      result = result.withRepairs(search.plan(report));
      console.err().println("pipeverify: " + search.verifications() + " candidate verifications");
    }
    return result;
  }

  /** Whether repairs are searched: {@code --fixes}, and always for {@code explain}. */
  boolean wantsFixes() {
    return fixes;
  }

  /** The text rendering for people; {@code explain} shows the explanation instead. */
  String renderText(ScheduleResult r, boolean timings) {
    String text = new TextReportRenderer(timings, showBenign).render(r.report(), r.known());
    if (r.repairs().isPresent()) {
      text += "\n" + new ExplanationRenderer().render(r);
    }
    return text;
  }

  private String render(
      ReportFormat f, List<ScheduleResult> results, List<Unchecked> unchecked, boolean timings) {
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
        if (results.size() == 1 && unchecked.isEmpty()) {
          yield json.render(results.get(0));
        }
        // The reports, then an object for each input that got none (docs/cli.md).
        List<String> all = new ArrayList<>();
        results.forEach(r -> all.add(json.render(r).stripTrailing()));
        unchecked.forEach(u -> all.add(json.render(u).stripTrailing()));
        yield "[\n" + String.join(",\n", all) + "\n]\n";
      }
      case SARIF -> new SarifReportRenderer(VersionProvider.version()).render(results, unchecked);
      case JUNIT -> new JunitReportRenderer(timings).render(results, unchecked);
      case GITHUB ->
          new GithubAnnotationRenderer(GithubAnnotationRenderer.DEFAULT_CAP).render(results);
      case PERFETTO -> new PerfettoTraceRenderer().render(results);
      case HTML -> new HtmlReportRenderer().render(results);
      case DOT -> new DotGraphRenderer().render(results);
    };
  }

  private void write(
      List<ScheduleResult> results,
      List<Unchecked> unchecked,
      List<ReportFormat> chosen,
      boolean timings)
      throws InputException {
    try {
      Files.createDirectories(out);
      for (ReportFormat f : new LinkedHashSet<>(chosen)) {
        Path file = out.resolve(f.fileName());
        Files.writeString(file, render(f, results, unchecked, timings), StandardCharsets.UTF_8);
        console.err().println("pipeverify: wrote " + file);
      }
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot write to " + out + ": " + e.getMessage());
    }
  }

  /**
   * One row per input: input, kernel or schedule, target, verdict, findings, instances, events,
   * milliseconds (unless {@code --no-timings}), the first violation (or why there is no verdict),
   * exit code.
   */
  private static String summary(
      List<ScheduleResult> results, List<Unchecked> unchecked, boolean timings) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        row(
            timings,
            "input",
            "schedule",
            "target",
            "verdict",
            "findings",
            "instances",
            "events",
            "ms",
            "first violation",
            "exit"));
    for (ScheduleResult r : results) {
      VerificationReport report = r.report();
      List<Finding> findings = report.verdict().findings();
      rows.add(
          row(
              timings,
              r.input(),
              report.schedule().name(),
              report.schedule().target().id(),
              report.verdict().id(),
              Integer.toString(findings.size()),
              Integer.toString(findings.stream().mapToInt(Finding::instances).sum()),
              Long.toString(report.stats().events()),
              Long.toString(report.stats().totalTime().toMillis()),
              report.verifiedUnderAssumptions()
                  ? FindingText.assumptions(report)
                  : PipeverifyCommand.firstViolation(report.verdict(), report.findingsOmitted()),
              Integer.toString(r.exitCode())));
    }
    for (Unchecked u : unchecked) {
      rows.add(
          row(
              timings,
              u.input(),
              "-",
              "-",
              u.verdict(),
              "-",
              "-",
              "-",
              "-",
              u.reason(),
              Integer.toString(u.exitCode())));
    }
    StringBuilder s = new StringBuilder();
    Table.render(s, "", rows);
    return TerminalText.escapeLines(s.toString());
  }

  /** A summary row; the milliseconds column (the 8th) only with timings. */
  private static String[] row(boolean timings, String... cells) {
    if (timings) {
      return cells;
    }
    List<String> c = new ArrayList<>(List.of(cells));
    c.remove(7);
    return c.toArray(String[]::new);
  }
}

package io.pipeverify.cli;

import io.pipeverify.codegen.tools.Cvc5;
import io.pipeverify.isa.decode.Kernel;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
    source.crossCheck(check);
    baselineRead = baseline == null ? Optional.empty() : Optional.of(Baseline.read(baseline));
    List<ScheduleResult> results = new ArrayList<>();
    List<Unchecked> unchecked = new ArrayList<>();
    int exit = ExitCode.OK;
    // The one input, once opened (none for a built-in or a batch): explain --apply edits its text.
    Optional<Opened> single = Optional.empty();
    if (source.isBuiltin()) {
      Schedule schedule = source.load(console.in(), source.knobs(target, implicitWaits));
      results.add(
          known(
              verify(
                  "--builtin " + source.builtin, schedule, Optional.empty(), options, wantsFixes()),
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
      // One input is opened here, so that its bad input is the command's (exit 2 with its
      // message); with several kernels to verify it is a batch of them.
      List<Unit> units =
          inputs.size() == 1
              ? units(source.open(console.in(), inputs.get(0)))
              : inputs.stream().map(Unit::of).toList();
      single = units.size() == 1 ? units.get(0).opened() : Optional.empty();
      if (units.size() == 1) {
        results.add(verify(units.get(0), options));
      } else {
        exit = verifyAll(units, options, results, unchecked);
      }
    }
    for (ScheduleResult r : results) {
      exit = Math.max(exit, r.exitCode());
    }
    boolean timings = !noTimings;
    boolean reportsOut = out != null && !patches();
    if (reportsOut) {
      write(results, unchecked, chosen, timings);
    }
    String after = patches() ? patch(results, single, options) : "";
    boolean batch = results.size() + unchecked.size() > 1;
    if (jsonl) {
      JsonReportRenderer json = new JsonReportRenderer(timings);
      for (ScheduleResult r : results) {
        console.out().println(json.renderLine(r));
      }
      for (Unchecked u : unchecked) {
        console.out().println(json.renderLine(u));
      }
    } else if (reportsOut || (batch && chosen.get(0) == ReportFormat.TEXT)) {
      console.out().print(summary(results, unchecked, timings));
    } else {
      console.out().print(render(chosen.get(0), results, unchecked, timings));
    }
    console.out().print(after);
    console.out().flush();
    check.ifPresent(c -> console.err().println(c.summary()));
    return exit;
  }

  /**
   * What a batch verifies: an input as given, or, once it is open, the input or one of its kernels
   * (a code object, listing or source with several is an input per kernel).
   */
  private record Unit(String input, Optional<Opened> opened, Optional<Kernel> kernel) {
    static Unit of(String input) {
      return new Unit(input, Optional.empty(), Optional.empty());
    }

    /** The kernel's name, when the unit is one kernel of its input. */
    Optional<String> kernelName() {
      return kernel.map(Kernel::name);
    }

    /** How progress names it: the input, and the kernel when it is one of several. */
    String label() {
      return input + kernelName().map(k -> " (kernel " + k + ")").orElse("");
    }
  }

  /**
   * Whether every kernel of an input is verified ({@code verify}: a gate checks them all); {@code
   * explain} explains one, and needs {@code --kernel} to pick it.
   */
  boolean everyKernel() {
    return true;
  }

  /** The units of an opened input: one per selected kernel when each is verified, else itself. */
  private List<Unit> units(Opened opened) {
    if (everyKernel() && opened instanceof Opened.Assembly a && a.selected().size() > 1) {
      return a.selected().stream()
          .map(k -> new Unit(opened.input(), Optional.of(opened), Optional.of(k)))
          .toList();
    }
    return List.of(new Unit(opened.input(), Optional.of(opened), Optional.empty()));
  }

  /** A written file, opened, and its result as {@code verify} (or {@code explain}) gives it. */
  record Again(Opened opened, ScheduleResult result) {}

  /**
   * {@code file} verified with the command's options as {@code verify} would, every launch class of
   * a lifted kernel; with {@code search}, the repair search runs on it as on the input.
   */
  Again again(String file, VerifyOptions options, boolean search)
      throws InputException, ExternalToolException {
    Opened opened = source.open(console.in(), file);
    return new Again(opened, verify(units(opened).get(0), options, search));
  }

  /** Reads, lifts where needed, and verifies one unit, whose input is open. */
  private ScheduleResult verify(Unit unit, VerifyOptions options) throws InputException {
    return verify(unit, options, wantsFixes());
  }

  /** {@link #verify(Unit, VerifyOptions)}, with the repair search only when {@code search}. */
  private ScheduleResult verify(Unit unit, VerifyOptions options, boolean search)
      throws InputException {
    String input = unit.input();
    long started = System.nanoTime();
    Opened opened = unit.opened().orElseThrow();
    if (!(opened instanceof Opened.Assembly assembly)) {
      LocatedSchedule located = source.read(opened, unit.kernel()).schedules().get(0);
      Schedule schedule =
          ScheduleSource.overridden(located.schedule(), input, target, implicitWaits);
      return known(
          verify(input, schedule, Optional.of(located), stated(options, located), search),
          List.of());
    }
    // A lifted kernel: every launch class verified, the verdict the worst of them (docs/isa.md),
    // each batch of classes as the lift makes it.
    LiftedVerification.Checked checked =
        LiftedVerification.verifyEach(
            source, assembly, unit.kernel(), input, target, implicitWaits, options, halves);
    // Its time is the kernel's, from reading the input (the lift and its launch classes) to the
    // verdict: most of a lifted kernel's time is the lift (a lift the command made before for the
    // same listing is not made again, and costs nothing here).
    VerificationReport classes = checked.report();
    VerificationReport report =
        classes.withStats(
            classes.stats().withTotalTime(Duration.ofNanos(System.nanoTime() - started)));
    return known(
        withRepairs(
            new ScheduleResult(input, report, Optional.of(checked.located()), Optional.empty()),
            options,
            search),
        checked.suppressions());
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

  /** Why a unit of a batch got no verdict though its input was read: a limit it ran into. */
  private enum Limit {
    /** It ran past {@code --timeout}, and was cancelled. */
    TIME,
    /** Its work threw an {@link OutOfMemoryError}. */
    MEMORY,
    /** The lift covered none of its launches within {@code --max-launches}. */
    LAUNCHES
  }

  /**
   * One unit's outcome in a batch: its result, or the lines of its bad-input error, or neither when
   * it ran into a {@code limit}, or the kernels it holds ({@code several}), each a unit to verify
   * in its place.
   */
  private record Outcome(
      Optional<ScheduleResult> result,
      List<String> error,
      Optional<Limit> limit,
      List<Unit> several) {
    static Outcome of(ScheduleResult r) {
      return new Outcome(Optional.of(r), List.of(), Optional.empty(), List.of());
    }

    static Outcome error(List<String> lines) {
      return new Outcome(Optional.empty(), lines, Optional.empty(), List.of());
    }

    static Outcome past(Limit limit) {
      return new Outcome(Optional.empty(), List.of(), Optional.of(limit), List.of());
    }

    /** An input read but not decided: the lift covered none of its launches (its lines say why). */
    static Outcome undecided(List<String> lines) {
      return new Outcome(Optional.empty(), lines, Optional.of(Limit.LAUNCHES), List.of());
    }

    static Outcome several(List<Unit> kernels) {
      return new Outcome(Optional.empty(), List.of(), Optional.empty(), kernels);
    }
  }

  /**
   * A unit submitted: its place in the batch ({@code i} of {@code n}, the units known at the start;
   * an input's kernels share its place), its outcome to come, when it started (0: not yet), from
   * which {@code --timeout} counts, and whether another unit ran while it did ({@code shared}: an
   * {@link OutOfMemoryError} in its work may then be the other's doing).
   */
  private record Job(
      Unit unit, int place, Future<Outcome> outcome, AtomicLong started, AtomicBoolean shared) {}

  /** The rows of one unit of a batch (an input's kernels' rows, when it holds several). */
  private record Rows(List<ScheduleResult> results, List<Unchecked> unchecked) {
    Rows() {
      this(new ArrayList<>(), new ArrayList<>());
    }
  }

  /** A unit that ran out of memory beside others, to run again alone, and where its rows go. */
  private record Retry(Unit unit, int place, Rows rows) {}

  /**
   * The {@code shared} flags of the jobs running now (guarded by itself): one that starts while
   * others run marks them all.
   */
  private final java.util.Set<AtomicBoolean> running = new java.util.HashSet<>();

  /**
   * Verifies several units, {@code --jobs} at a time; results, unchecked units and progress come in
   * unit order whatever the order they finish in. An input found to hold several kernels is
   * replaced, in its place, by a unit per kernel, each verified (and timed) as an input of its own.
   * A unit that is bad input (a lift error, say), runs past {@code --timeout} or runs out of memory
   * on its own is {@link Unchecked} and the batch goes on. One that runs out of memory while others
   * run (which may have taken the memory) is run again after the rest, alone, once: only then is
   * its row "out of memory". Returns the worst exit code of the unchecked units.
   */
  private int verifyAll(
      List<Unit> units,
      VerifyOptions options,
      List<ScheduleResult> results,
      List<Unchecked> unchecked)
      throws ExternalToolException {
    List<Rows> rows = new ArrayList<>();
    List<Retry> retries = new ArrayList<>();
    // Repairs print their progress as they search: one unit at a time keeps it readable. (The
    // pool starts a thread per task up to its size: an input's kernels may add tasks.)
    ExecutorService pool = Executors.newFixedThreadPool(wantsFixes() ? 1 : jobs());
    int exit;
    try {
      Deque<Job> jobs = new ArrayDeque<>();
      for (int i = 0; i < units.size(); i++) {
        jobs.add(submit(pool, units.get(i), i + 1, options));
      }
      exit =
          drain(
              pool,
              jobs,
              units.size(),
              options,
              () -> {
                Rows r = new Rows();
                rows.add(r);
                return r;
              },
              Optional.of(retries));
    } finally {
      pool.shutdownNow();
    }
    if (!retries.isEmpty()) {
      // Cancelled units stop at their next check: the retries wait for them, and run one by one.
      awaitNoneRunning();
      ExecutorService alone = Executors.newSingleThreadExecutor();
      try {
        for (Retry r : retries) {
          Deque<Job> job = new ArrayDeque<>(List.of(submit(alone, r.unit(), r.place(), options)));
          exit =
              Math.max(exit, drain(alone, job, units.size(), options, r::rows, Optional.empty()));
        }
      } finally {
        alone.shutdownNow();
      }
    }
    for (Rows r : rows) {
      results.addAll(r.results());
      unchecked.addAll(r.unchecked());
    }
    return exit;
  }

  /**
   * Awaits {@code jobs} in order (an input's kernels in its place, submitted to {@code pool}), each
   * unit's rows into the {@link Rows} {@code next} gives it, and prints their progress. A unit that
   * ran out of memory beside others goes to {@code retries}, when given, with its rows to fill.
   * Returns the worst exit code of the unchecked units.
   */
  private int drain(
      ExecutorService pool,
      Deque<Job> jobs,
      int total,
      VerifyOptions options,
      java.util.function.Supplier<Rows> next,
      Optional<List<Retry>> retries)
      throws ExternalToolException {
    int exit = ExitCode.OK;
    while (!jobs.isEmpty()) {
      Job job = jobs.removeFirst();
      Outcome o = await(job);
      if (!o.several().isEmpty()) {
        // Its kernels take its place, in file order, each verified and timed as an input.
        List<Job> kernels = new ArrayList<>();
        for (Unit k : o.several()) {
          kernels.add(submit(pool, k, job.place(), options));
        }
        for (int i = kernels.size() - 1; i >= 0; i--) {
          jobs.addFirst(kernels.get(i));
        }
        continue;
      }
      Unit unit = job.unit();
      String done = "pipeverify: [" + job.place() + "/" + total + "] " + unit.label() + ": ";
      Rows rows = next.get();
      if (o.limit().equals(Optional.of(Limit.MEMORY))
          && job.shared().get()
          && retries.isPresent()) {
        console
            .err()
            .println(done + "out of memory beside other inputs; run again alone at the end");
        retries.get().add(new Retry(unit, job.place(), rows));
      } else if (o.limit().isPresent()) {
        String why =
            switch (o.limit().get()) {
              case TIME -> "time limit of " + timeoutSeconds + " s (--timeout)";
              case MEMORY -> Failures.outOfMemory();
              case LAUNCHES -> reason(unit.input(), o.error());
            };
        console.err().println(done + "inconclusive: " + why);
        exit = Math.max(exit, ExitCode.INCONCLUSIVE);
        rows.unchecked()
            .add(
                new Unchecked(
                    unit.input(), unit.kernelName(), "inconclusive", why, ExitCode.INCONCLUSIVE));
      } else if (o.result().isPresent()) {
        rows.results().add(o.result().get());
        console.err().println(done + o.result().get().report().verdict().id());
      } else {
        for (String line : o.error()) {
          console.err().println(line);
        }
        console.err().println(done + "bad input");
        exit = Math.max(exit, ExitCode.BAD_INPUT);
        rows.unchecked()
            .add(
                new Unchecked(
                    unit.input(),
                    unit.kernelName(),
                    "bad input",
                    reason(unit.input(), o.error()),
                    ExitCode.BAD_INPUT));
      }
      console.err().flush();
    }
    return exit;
  }

  private Job submit(ExecutorService pool, Unit unit, int place, VerifyOptions options) {
    AtomicLong started = new AtomicLong();
    AtomicBoolean shared = new AtomicBoolean();
    Future<Outcome> f =
        pool.submit(
            () -> {
              started.set(System.nanoTime());
              starting(shared);
              try {
                return outcome(unit, options);
              } catch (OutOfMemoryError e) {
                // What the unit's work held is unreachable once its frames are gone: the JVM goes
                // on, and so does the batch.
                return Outcome.past(Limit.MEMORY);
              } finally {
                synchronized (running) {
                  running.remove(shared);
                  running.notifyAll();
                }
              }
            });
    return new Job(unit, place, f, started, shared);
  }

  /** A job starts: it and every job running now ran beside another if any runs. */
  private void starting(AtomicBoolean shared) {
    synchronized (running) {
      if (!running.isEmpty()) {
        shared.set(true);
        running.forEach(r -> r.set(true));
      }
      running.add(shared);
    }
  }

  /** Waits until no job runs: cancelled ones stop at their next check of the interrupt. */
  private void awaitNoneRunning() {
    synchronized (running) {
      while (!running.isEmpty()) {
        try {
          running.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while waiting for the batch", e);
        }
      }
    }
  }

  /** A unit's outcome: opened when it is not yet, and verified unless it holds several kernels. */
  private Outcome outcome(Unit unit, VerifyOptions options) throws ExternalToolException {
    try {
      if (unit.opened().isPresent()) {
        return Outcome.of(verify(unit, options));
      }
      List<Unit> kernels = units(source.open(console.in(), unit.input()));
      return kernels.size() > 1
          ? Outcome.several(kernels)
          : Outcome.of(verify(kernels.get(0), options));
    } catch (InputException e) {
      return e.inconclusive() ? Outcome.undecided(e.lines()) : Outcome.error(e.lines());
    }
  }

  /**
   * A job's outcome, once it has run at most {@code --timeout} since it started; past that it is
   * cancelled: the lift and the verifier stop at their next check of the interrupt, and the
   * command's end stops whatever still runs.
   */
  private Outcome await(Job job) throws ExternalToolException {
    long limit = TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (true) {
      long start = job.started().get();
      long wait =
          start == 0 ? TimeUnit.MILLISECONDS.toNanos(100) : start + limit - System.nanoTime();
      if (start != 0 && wait <= 0 && !job.outcome().isDone()) {
        job.outcome().cancel(true);
        return Outcome.past(Limit.TIME);
      }
      try {
        return await(job.outcome(), Math.max(wait, 1));
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
    // "pipeverify: FILE:LINE: ...", or "pipeverify: inconclusive: FILE:LINE: ..." (no launch
    // covered): the row says what its verdict column does not.
    first = first.replaceFirst("^pipeverify: (inconclusive: )?", "");
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
      String input,
      Schedule schedule,
      Optional<LocatedSchedule> located,
      VerifyOptions options,
      boolean search) {
    VerificationReport report = Verifier.verify(schedule, options);
    return withRepairs(
        new ScheduleResult(input, report, located, Optional.empty()), options, search);
  }

  /** The result with its repairs searched, when {@code search} and violated. */
  private ScheduleResult withRepairs(ScheduleResult result, VerifyOptions options, boolean search) {
    VerificationReport report = result.report();
    if (search && report.verdict() instanceof Verdict.Violated) {
      console
          .err()
          .println("pipeverify: searching repairs for " + report.schedule().name() + "...");
      console.err().flush();
      SmallestRepair smallest =
          movesAllowed()
              ? new SmallestRepair(options, maxEdits)
              : new SmallestRepair(options, maxEdits).withoutMoves();
      result = result.withRepairs(smallest.plan(report));
      console.err().println("pipeverify: " + smallest.verifications() + " candidate verifications");
    }
    return result;
  }

  /**
   * Whether the command writes its repair into a file in {@code --out} ({@code explain --apply}),
   * which then holds that file, not the reports.
   */
  boolean patches() {
    return false;
  }

  /** What writing the repairs of {@code results} made, for stdout ({@link #patches}). */
  String patch(List<ScheduleResult> results, Optional<Opened> single, VerifyOptions options)
      throws InputException, ExternalToolException {
    throw new IllegalStateException("verify writes no repair");
  }

  /** Whether a repair may move ops ({@code explain --apply} writes waits and barriers only). */
  boolean movesAllowed() {
    return true;
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
              u.schedule().orElse("-"),
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

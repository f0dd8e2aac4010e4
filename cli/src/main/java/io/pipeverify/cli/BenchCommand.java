package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Stats;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToLongFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pipeverify bench}: warm timings of full verdicts (every trip count), measured in this JVM
 * after warm-up runs, as docs/PERFORMANCE.md reports them. Medians of the total and of where the
 * time went (graph, encoding, solving); on the events axis also the time per event and the peak
 * heap of the timed runs (the heap pools' peaks: an upper bound that includes garbage not yet
 * collected). Speed is measured here, never asserted in unit tests.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Time full verdicts (median of warm runs in one JVM).",
      "Default: every built-in at its defaults. FILE... and/or --builtin: those schedules."
          + " --scaling: cdna4-interleave (fixed, tileK 32) over waves 4/8/16 x stages 2/4/8 x"
          + " slots 2/3/4 (grid), then double-buffer.json with 109 to 11,109 extra ds_reads per"
          + " iteration, 10k to 1M events (events); --scaling=grid or --scaling=events runs one."
          + " --targets: the performance targets of docs/PERFORMANCE.md in one run."
    })
final class BenchCommand implements Callable<Integer> {
  /** The events axis scales its runs down so that each row costs about as much as a 10k one. */
  private static final long EVENTS_PER_RUN = 10_000;

  private final Console console;

  @Mixin ScheduleSource.Many source;

  // The defaults are the runs docs/PERFORMANCE.md judges its targets on (WarmUp says why auto).
  @Option(
      names = "--warmup",
      defaultValue = "auto",
      paramLabel = "N|auto",
      description =
          "Warm-up runs per schedule: N, or auto (the default): at least 30, then until the JIT"
              + " has finished compiling, at most 400.")
  String warmup;

  /** The warm-up runs each measurement made, for the footer. */
  private final List<Integer> warmedUp = new ArrayList<>();

  @Option(
      names = "--runs",
      defaultValue = "40",
      description = "Timed runs per schedule (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--scaling",
      arity = "0..1",
      fallbackValue = "all",
      paramLabel = "AXIS",
      description =
          "Run the scaling axes instead: grid, events or (no value) both. The events axis divides"
              + " --warmup and --runs by events/10k (at least 1 and 3 runs).")
  String scaling;

  @Option(
      names = "--targets",
      description =
          "Measure the performance targets (docs/PERFORMANCE.md) in one run: the compiled"
              + " ping-pong kernel against cdna4-interleave, 120k against 10k events, 120k"
              + " events in 512 MB of heap, 1M events, and (run through ./pipeverify) cold"
              + " start.")
  boolean targets;

  @Option(
      names = "--quick",
      description =
          "With --targets: the same rows on schedules about a tenth of the size (about 3k, 10k"
              + " and 120k events instead of 10k, 120k and 1M): shows that every row runs; its"
              + " numbers do not judge the targets.")
  boolean quick;

  BenchCommand(Console console) {
    this.console = console;
  }

  /**
   * One row: its label and schedule, or why the knobs give none (a grid point that does not fit).
   */
  record Case(String label, Schedule schedule, String unavailable) {
    Case(String label, Schedule schedule) {
      this(label, schedule, null);
    }
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    if (runs < 1) {
      throw new InputException("pipeverify: bench needs --runs >= 1");
    }
    WarmUp warm = WarmUp.parse(warmup);
    if (scaling != null && !List.of("all", "grid", "events", "conflicts").contains(scaling)) {
      throw new InputException(
          "pipeverify: bench --scaling takes grid, events or conflicts (or no value), not '"
              + scaling
              + "'");
    }
    boolean given = source.isBuiltin() || !source.files().isEmpty();
    if (scaling != null && given) {
      throw new InputException("pipeverify: bench --scaling runs its own schedules; give no FILE");
    }
    if (targets && (given || scaling != null)) {
      throw new InputException(
          "pipeverify: bench --targets runs its own schedules; give no FILE, --builtin or"
              + " --scaling");
    }
    StringBuilder out = new StringBuilder();
    if (targets) {
      targets(out, warm);
      footer(out, warm);
      console.out().print(out);
      return ExitCode.OK;
    }
    if (scaling == null || scaling.equals("all") || scaling.equals("grid")) {
      List<String[]> rows = new ArrayList<>();
      rows.add(
          new String[] {
            "schedule",
            "verdict",
            "events",
            "edges",
            "pairs",
            "median ms",
            "max ms",
            "graph ms",
            "encode ms",
            "solve ms"
          });
      for (Case c : given ? given() : named()) {
        rows.add(row(c, warm, runs));
      }
      Table.render(out, "", rows);
      out.append("\n");
    }
    if (scaling != null && (scaling.equals("all") || scaling.equals("events"))) {
      Map<String, Case> cases = new LinkedHashMap<>();
      for (int extra : EventScaling.EXTRA_READS) {
        cases.put(Integer.toString(extra), EventScaling.benchCase(extra));
      }
      scaledTable(out, "extra reads", cases, warm);
    }
    if (scaling != null && scaling.equals("conflicts")) {
      Map<String, Case> cases = new LinkedHashMap<>();
      for (int repeats : ConflictScaling.REPEATS) {
        cases.put(Integer.toString(repeats), ConflictScaling.benchCase(repeats));
      }
      scaledTable(out, "repeats", cases, warm);
    }
    footer(out, warm);
    console.out().print(out);
    return ExitCode.OK;
  }

  /**
   * One row per case of a scaling axis (by its label in the first column): warm-up and timed runs
   * divided by its events/10k, so that each row costs about as much as a 10k-event one.
   */
  private void scaledTable(StringBuilder out, String label, Map<String, Case> cases, WarmUp warm) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          label,
          "verdict",
          "events",
          "pairs",
          "runs",
          "median ms",
          "us/event",
          "graph ms",
          "encode ms",
          "solve ms",
          "peak heap MB"
        });
    for (Map.Entry<String, Case> e : cases.entrySet()) {
      String name = e.getKey();
      Case c = e.getValue();
      Measurement m;
      try {
        // One untimed run tells the size; the runs are scaled to it.
        long events = Verifier.verify(c.schedule(), VerifyOptions.defaults()).stats().events();
        WarmUp scaledWarmUp = new WarmUp(scaled(warm.minimum() - 1, events, 0), false);
        m = measure(c, scaledWarmUp, scaled(runs, events, 3));
      } catch (OutOfMemoryError oom) {
        // The largest rows can need more heap than the JVM has (docs/PERFORMANCE.md); the
        // garbage of the failed run is free again, and the table still gets printed.
        long maxHeap = Runtime.getRuntime().maxMemory() >> 20;
        String[] row = new String[rows.get(0).length];
        Arrays.fill(row, "");
        row[0] = name;
        row[1] = "n/a: out of memory (max heap " + maxHeap + " MB)";
        rows.add(row);
        continue;
      }
      rows.add(
          new String[] {
            name,
            m.verdict(),
            Long.toString(m.stats().events()),
            Long.toString(m.stats().pairsChecked()),
            Integer.toString(m.runs()),
            Long.toString(m.medianMs()),
            String.format(
                Locale.ROOT, "%.1f", m.medianMs() * 1000.0 / Math.max(1, m.stats().events())),
            Long.toString(m.graphMs()),
            Long.toString(m.encodeMs()),
            Long.toString(m.solveMs()),
            Long.toString(m.peakHeapBytes() >> 20)
          });
    }
    Table.render(out, "", rows);
    out.append("\n");
  }

  /** The targets table, one row per target. */
  private void targets(StringBuilder out, WarmUp warm) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"target", "measured", "met?"});
    for (BenchTargets.Target t : new BenchTargets(this, warm, runs, quick).measure()) {
      rows.add(new String[] {t.asks(), t.measured(), t.met()});
    }
    Table.render(out, "", rows);
    out.append("\n");
  }

  private void footer(StringBuilder out, WarmUp warm) {
    out.append(runs).append(" timed runs after ");
    int fewest = warmedUp.stream().mapToInt(Integer::intValue).min().orElse(warm.minimum());
    int most = warmedUp.stream().mapToInt(Integer::intValue).max().orElse(warm.minimum());
    out.append(fewest == most ? Integer.toString(fewest) : fewest + "-" + most)
        .append(" warm-up runs each")
        .append(warm.untilQuiet() ? " (until the JIT was quiet)" : "")
        .append(", in one JVM; ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(" cores, Java ")
        .append(System.getProperty("java.version"))
        .append("\n");
  }

  /** Warms up as {@code warm} says by running {@code round}, and notes the runs for the footer. */
  void warmUp(WarmUp warm, Runnable round) {
    warmedUp.add(warm.run(round));
  }

  /** {@code n} divided by how many 10k-event runs one run of {@code events} is worth. */
  static int scaled(int n, long events, int floor) {
    long share = n * EVENTS_PER_RUN / Math.max(1, events);
    return (int) Math.max(Math.min(n, floor), share);
  }

  /**
   * The schedules of --builtin and FILE..., in that order: one run compares a file with a built-in
   * (the ping-pong kernel against cdna4-interleave, docs/PERFORMANCE.md).
   */
  private List<Case> given() throws InputException, ExternalToolException {
    source.checkUsage(true);
    List<Case> cases = new ArrayList<>();
    if (source.isBuiltin()) {
      Schedule s = source.load(console.in(), source.knobs());
      cases.add(new Case(s.name(), s));
    }
    for (String input : source.inputs()) {
      cases.add(new Case(input, source.readLocated(console.in(), input).schedule()));
    }
    return cases;
  }

  /** The built-ins at their defaults, or the scaling grid. */
  private List<Case> named() {
    List<Case> cases = new ArrayList<>();
    Map<String, Map<String, String>> knobs = new LinkedHashMap<>();
    if (scaling == null) {
      Transforms.all().forEach(t -> knobs.put(t.name(), Map.of()));
      knobs.put(
          "cdna4-interleave lgkmDrainBeforeBarrier=true", Map.of("lgkmDrainBeforeBarrier", "true"));
    } else {
      for (int waves : new int[] {4, 8, 16}) {
        for (int stages : new int[] {2, 4, 8}) {
          for (int slots : new int[] {2, 3, 4}) {
            knobs.put(
                "cdna4-interleave waves=" + waves + " stages=" + stages + " slots=" + slots,
                Map.of(
                    "waves", Integer.toString(waves),
                    "stages", Integer.toString(stages),
                    "slots", Integer.toString(slots),
                    // tileK 32 keeps four slots of A and B within gfx950's 160 KiB of LDS.
                    "tileK", "32",
                    "lgkmDrainBeforeBarrier", "true"));
          }
        }
      }
    }
    for (Map.Entry<String, Map<String, String>> k : knobs.entrySet()) {
      String transform = k.getKey().replaceFirst(" .*", "");
      try {
        Schedule s = Transforms.byName(transform).orElseThrow().generate(k.getValue());
        cases.add(new Case(s.name(), s));
      } catch (KnobException e) {
        cases.add(new Case(k.getKey(), null, "n/a: " + e.problems().get(0)));
      }
    }
    return cases;
  }

  /** The medians of {@code runs} verdicts after {@code warmup} untimed ones, and the peak heap. */
  record Measurement(String verdict, Stats stats, int runs, Stats[] all, long peakHeapBytes) {
    long medianMs() {
      return median(all, x -> x.totalTime().toMillis());
    }

    /**
     * The median in nanoseconds, for ratios: whole milliseconds cut a 15 ms run's time by 3% on
     * average, and moved a ratio to it by as much.
     */
    long medianNanos() {
      return median(all, x -> x.totalTime().toNanos());
    }

    long maxMs() {
      return Arrays.stream(all).mapToLong(x -> x.totalTime().toMillis()).max().orElse(0);
    }

    long graphMs() {
      return median(all, x -> x.graphTime().toMillis());
    }

    long encodeMs() {
      return median(all, x -> x.encodingTime().toMillis());
    }

    long solveMs() {
      return median(all, x -> x.solverTime().toMillis());
    }
  }

  /** Says on stderr which schedule is benched (the rows take a while). */
  void announce(Case c) {
    console.err().println("pipeverify: bench " + c.label());
    console.err().flush();
  }

  Measurement measure(Case c, WarmUp warm, int timedRuns) {
    announce(c);
    warmUp(warm, () -> Verifier.verify(c.schedule(), VerifyOptions.defaults()));
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .toList();
    System.gc();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    Stats[] stats = new Stats[timedRuns];
    VerificationReport last = null;
    for (int i = 0; i < timedRuns; i++) {
      last = Verifier.verify(c.schedule(), VerifyOptions.defaults());
      stats[i] = last.stats();
    }
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    return new Measurement(last.verdict().id(), last.stats(), timedRuns, stats, peak);
  }

  private String[] row(Case c, WarmUp warm, int timedRuns) {
    if (c.unavailable() != null) {
      return new String[] {c.label(), c.unavailable(), "", "", "", "", "", "", "", ""};
    }
    Measurement m = measure(c, warm, timedRuns);
    Stats s = m.stats();
    return new String[] {
      c.label(),
      m.verdict(),
      Long.toString(s.events()),
      Long.toString(s.edges()),
      Long.toString(s.pairsChecked()),
      Long.toString(m.medianMs()),
      Long.toString(m.maxMs()),
      Long.toString(m.graphMs()),
      Long.toString(m.encodeMs()),
      Long.toString(m.solveMs())
    };
  }

  private static long median(Stats[] stats, ToLongFunction<Stats> f) {
    long[] v = Arrays.stream(stats).mapToLong(f).sorted().toArray();
    return v[v.length / 2];
  }
}

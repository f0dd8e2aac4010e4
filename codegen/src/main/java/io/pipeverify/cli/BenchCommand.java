package io.pipeverify.cli;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Stats;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToLongFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pipeverify bench}: warm timings of full verdicts (every trip count), measured in this JVM
 * after warm-up runs, as docs/PERFORMANCE.md reports them. Medians of the total and of where the
 * time went (graph, encoding, solving). Speed is measured here, never asserted in unit tests.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Time full verdicts of built-in transforms (median of warm runs in one JVM).",
      "Default: every built-in at its defaults. --scaling: cdna4-interleave (fixed, tileK 32)"
          + " over waves 4/8/16 x stages 2/4/8 x slots 2/3/4."
    })
final class BenchCommand implements Callable<Integer> {
  private final Console console;

  // The defaults are the runs docs/PERFORMANCE.md judges its targets on: with fewer warm-ups the
  // JIT has not finished compiling and the medians read 10-25% higher.
  @Option(
      names = "--warmup",
      defaultValue = "30",
      description = "Warm-up runs per schedule (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(
      names = "--runs",
      defaultValue = "40",
      description = "Timed runs per schedule (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--scaling", description = "Run the cdna4-interleave scaling grid instead.")
  boolean scaling;

  BenchCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException {
    if (warmup < 0 || runs < 1) {
      throw new InputException("pipeverify: bench needs --warmup >= 0 and --runs >= 1");
    }
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
    for (Map.Entry<String, Map<String, String>> c : cases().entrySet()) {
      String transform = c.getKey().replaceFirst(" .*", "");
      Schedule schedule;
      try {
        schedule = Transforms.byName(transform).orElseThrow().generate(c.getValue());
      } catch (KnobException e) {
        rows.add(
            new String[] {
              c.getKey(), "n/a: " + e.problems().get(0), "", "", "", "", "", "", "", ""
            });
        continue;
      }
      console.err().println("pipeverify: bench " + schedule.name());
      console.err().flush();
      rows.add(measure(schedule));
    }
    StringBuilder out = new StringBuilder();
    Table.render(out, "", rows);
    out.append("\n")
        .append(runs)
        .append(" timed runs after ")
        .append(warmup)
        .append(" warm-up runs each, in one JVM; ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(" cores, Java ")
        .append(System.getProperty("java.version"))
        .append("\n");
    console.out().print(out);
    return ExitCode.OK;
  }

  private Map<String, Map<String, String>> cases() {
    Map<String, Map<String, String>> cases = new LinkedHashMap<>();
    if (!scaling) {
      Transforms.all().forEach(t -> cases.put(t.name(), Map.of()));
      cases.put(
          "cdna4-interleave lgkmDrainBeforeBarrier=true", Map.of("lgkmDrainBeforeBarrier", "true"));
      return cases;
    }
    for (int waves : new int[] {4, 8, 16}) {
      for (int stages : new int[] {2, 4, 8}) {
        for (int slots : new int[] {2, 3, 4}) {
          cases.put(
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
    return cases;
  }

  private String[] measure(Schedule schedule) {
    VerificationReport last = null;
    for (int i = 0; i < warmup; i++) {
      last = Verifier.verify(schedule, VerifyOptions.defaults());
    }
    Stats[] stats = new Stats[runs];
    for (int i = 0; i < runs; i++) {
      last = Verifier.verify(schedule, VerifyOptions.defaults());
      stats[i] = last.stats();
    }
    Stats s = last.stats();
    return new String[] {
      schedule.name(),
      last.verdict().id(),
      Long.toString(s.events()),
      Long.toString(s.edges()),
      Long.toString(s.pairsChecked()),
      Long.toString(median(stats, x -> x.totalTime().toMillis())),
      Long.toString(Arrays.stream(stats).mapToLong(x -> x.totalTime().toMillis()).max().orElse(0)),
      Long.toString(median(stats, x -> x.graphTime().toMillis())),
      Long.toString(median(stats, x -> x.encodingTime().toMillis())),
      Long.toString(median(stats, x -> x.solverTime().toMillis()))
    };
  }

  private static long median(Stats[] stats, ToLongFunction<Stats> f) {
    long[] v = Arrays.stream(stats).mapToLong(f).sorted().toArray();
    return v[v.length / 2];
  }
}

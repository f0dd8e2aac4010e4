package io.pipeverify.cli;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Target;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.TextReportRenderer;
import io.pipeverify.verifier.unroll.CounterMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
      "Prove a schedule free of LDS races (P1), uninitialised reads (P2), barrier mismatches (P6)"
          + " and unencodable waits (P7) for every trip count, or print a counterexample.",
      "Exit codes: 0 verified, 1 violated, 2 bad input or usage, 3 inconclusive, 4 internal"
          + " error."
    })
final class VerifyCommand implements Callable<Integer> {
  private final Console console;

  @Spec CommandSpec spec;

  @Mixin ScheduleSource source;

  @Option(
      names = "--target",
      paramLabel = "gfx950|gfx942",
      converter = Converters.TargetConverter.class,
      description = "Override the schedule's target (for --builtin: the transform's target knob).")
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
      paramLabel = "text|json",
      converter = Converters.FormatConverter.class,
      description = "text (for people) or json (docs/cli.md lists the fields). Default: text.")
  OutputFormat format = OutputFormat.TEXT;

  @Option(
      names = "--timeout-ms",
      paramLabel = "N",
      description = "Z3 timeout per query in milliseconds; a timeout is inconclusive (exit 3).")
  long timeoutMs = VerifyOptions.defaults().solverTimeout().toMillis();

  @Option(
      names = "--no-timings",
      description = "Leave out solver and total time, so the output is the same on every run.")
  boolean noTimings;

  VerifyCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException {
    source.checkUsage();
    if (timeoutMs < 1) {
      throw new ParameterException(
          spec.commandLine(), "--timeout-ms must be at least 1, got " + timeoutMs);
    }
    Schedule schedule =
        source.isBuiltin() ? generate() : override(source.load(console.in(), Map.of()));
    VerifyOptions options =
        VerifyOptions.defaults()
            .withCounters(counters)
            .withSolverTimeout(Duration.ofMillis(timeoutMs));
    VerificationReport report = Verifier.verify(schedule, options);
    boolean timings = !noTimings;
    console
        .out()
        .print(
            format == OutputFormat.JSON
                ? new JsonReportRenderer(timings).render(report)
                : new TextReportRenderer(timings).render(report));
    return report.exitCode();
  }

  /**
   * A built-in takes --target and --implicit-waits as its own knobs, so the layout it generates
   * follows the target (a g2s moves 1 KiB on gfx950 but 256 B on gfx942).
   */
  private Schedule generate() throws InputException {
    Map<String, String> knobs = source.knobs();
    List<String> conflicts = new ArrayList<>();
    if (target != null) {
      putKnob(knobs, "target", "--target", target.id(), conflicts);
    }
    if (implicitWaits != null) {
      putKnob(knobs, "implicitWaits", "--implicit-waits", implicitWaits.id(), conflicts);
    }
    if (!conflicts.isEmpty()) {
      throw new InputException(conflicts);
    }
    return source.load(console.in(), knobs);
  }

  private static void putKnob(
      Map<String, String> knobs, String knob, String option, String value, List<String> conflicts) {
    String given = knobs.putIfAbsent(knob, value);
    if (given != null && !given.trim().equals(value)) {
      conflicts.add(
          "pipeverify: "
              + option
              + " "
              + value
              + " contradicts --opt "
              + knob
              + "="
              + given
              + "; give one of them");
    }
  }

  /**
   * A file's schedule with --target / --implicit-waits applied. The result is validated again: a
   * schedule that fits gfx950's 160 KiB of LDS may not fit gfx942's 64 KiB.
   */
  private Schedule override(Schedule s) throws InputException {
    if (target == null && implicitWaits == null) {
      return s;
    }
    Schedule changed =
        new Schedule(
            s.name(),
            target == null ? s.target() : target,
            s.waves(),
            implicitWaits == null ? s.implicitWaits() : implicitWaits,
            s.waveParams(),
            s.buffers(),
            s.gemm(),
            s.programs(),
            s.nominalTripCount());
    List<ScheduleValidator.Problem> problems = ScheduleValidator.validate(changed);
    if (!problems.isEmpty()) {
      String input = source.file.equals("-") ? ScheduleSource.STDIN : source.file;
      List<String> lines = new ArrayList<>();
      for (ScheduleValidator.Problem p : problems) {
        lines.add(
            "pipeverify: "
                + input
                + " with "
                + changed.target().id()
                + ", implicit waits "
                + changed.implicitWaits().id()
                + ": error at "
                + p.pointer()
                + ": "
                + p.message());
      }
      throw new InputException(lines);
    }
    return changed;
  }
}

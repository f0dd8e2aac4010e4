package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.TerminalText;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.replay.ViolationReplay;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pipeverify replay}: verify, then run the schedule on real data (docs/replay.md). A
 * counterexample is replayed in the execution its trace shows; a verified schedule in random legal
 * orders. Exit 0 when every replay matches the reference GEMM, 1 when one does not (or a violation
 * has no data to replay), 2 bad input, 3 inconclusive.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Verify a schedule, then replay it on real bf16 data (LDS and registers poisoned with NaN):"
          + " each counterexample in the order its trace shows, or, when verified, random legal"
          + " orders; compare with a reference GEMM.",
      "Exit codes: 0 all replays match, 1 a replay mismatches, 2 bad input or usage,"
          + " 3 inconclusive, 4 internal error."
    })
final class ReplayCommand implements Callable<Integer> {
  private final Console console;

  @Spec CommandSpec spec;

  @Mixin ScheduleSource.One source;

  @Option(
      names = "--trip-count",
      paramLabel = "T",
      description =
          "Verify and replay at this trip count only. Default: verify every T (counterexamples"
              + " replay at their own T), random orders at the largest T unrolled.")
  Integer tripCount;

  @Option(names = "--seed", paramLabel = "S", description = "Data and order seed. Default: 1.")
  long seed = 1;

  @Option(
      names = "--orders",
      paramLabel = "N",
      description = "Random legal orders replayed for a verified schedule. Default: 200.")
  int orders = 200;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      converter = Converters.FormatConverter.class,
      description = "text (report, traces and replay summaries) or json (docs/replay.md).")
  OutputFormat format = OutputFormat.TEXT;

  ReplayCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    source.checkUsage();
    if (tripCount != null && tripCount < 1) {
      throw new ParameterException(spec.commandLine(), "--trip-count must be >= 1");
    }
    if (orders < 1) {
      throw new ParameterException(spec.commandLine(), "--orders must be >= 1");
    }
    Map<String, String> knobs = source.isBuiltin() ? source.knobs() : Map.of();
    Schedule schedule = source.loadWithIntent(console.in(), knobs, "replay");
    ReplaySession s =
        ReplaySession.run(schedule, VerifyOptions.defaults(), tripCount, seed, orders);
    for (ViolationReplay clean : s.clean()) {
      console
          .err()
          .println(
              "pipeverify: verifier bug: the counterexample '"
                  + TerminalText.escape(clean.violation().summary())
                  + "' replays to the right result");
    }
    console
        .out()
        .print(
            format == OutputFormat.JSON ? ReplayRenderer.json(s) : ReplayRenderer.text(s, false));
    return s.exitCode();
  }
}

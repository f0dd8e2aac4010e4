package io.pipeverify.cli;

import io.pipeverify.codegen.compiled.CompilingOracle;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.fuzz.BuiltinGenerator;
import io.pipeverify.verifier.fuzz.CompilerOracle;
import io.pipeverify.verifier.fuzz.FuzzCampaign;
import io.pipeverify.verifier.fuzz.FuzzResult;
import io.pipeverify.verifier.fuzz.FuzzSettings;
import io.pipeverify.verifier.fuzz.Generator;
import io.pipeverify.verifier.fuzz.MutationReport;
import io.pipeverify.verifier.fuzz.Shard;
import io.pipeverify.verifier.report.FuzzReportRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pipeverify fuzz --builtin NAME}: a campaign over the transform's knobs (docs/fuzzing.md).
 * Pipeline: settings -> tries (drawn, skipped when invalid, verified; with --compile a verified
 * one's kernel emitted, compiled, lifted and verified) -> classes -> shrinking -> reports. Progress
 * goes to stderr; the exit code is 1 when a class was found.
 */
@Command(
    name = "fuzz",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Fuzz a built-in transform's knobs: draw configurations from each knob's domain, verify"
          + " each, group the violations into classes and shrink each class to a minimal"
          + " configuration with the command that reproduces it (docs/fuzzing.md).",
      "Exit codes: 0 no class found, 1 a class found, 2 bad input or usage, 3 no class but a"
          + " try was inconclusive, 4 internal error, 5 clang++-22 absent with --compile; with"
          + " --mutate, verify's exit code of the schedule as given."
    })
final class FuzzCommand implements Callable<Integer> {
  private static final Pattern SHARD = Pattern.compile("([0-9]{1,6})/([0-9]{1,6})");
  private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})(ms|s|m|h)");

  private final Console console;

  @Spec CommandSpec spec;

  @Mixin ScheduleSource.One source;

  @Option(
      names = "--tries",
      paramLabel = "N",
      description = "Configurations to draw (default: ${DEFAULT-VALUE}).")
  int tries = 100;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the draws; a seed gives the same tries (default: ${DEFAULT-VALUE}).")
  long seed = 1;

  @Option(
      names = "--shard",
      paramLabel = "i/n",
      description =
          "Run only the tries whose number modulo n is i-1; shards 1/n..n/n together run the"
              + " whole campaign (a CI matrix).")
  String shard;

  @Option(
      names = "--time-budget",
      paramLabel = "DURATION",
      description =
          "Stop drawing and shrinking after this long, e.g. 90s, 5m, 1h, 500ms or PT2M; the"
              + " report says what was cut.")
  String timeBudget;

  @Option(
      names = "--format",
      paramLabel = "FMT[,FMT...]",
      split = ",",
      converter = Converters.FuzzFormatConverter.class,
      description = "text, json, junit or sarif; several need --out. Default: text.")
  List<FuzzFormat> formats = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write one file per format into DIR (fuzz.txt, fuzz.json, fuzz.junit.xml, fuzz.sarif);"
              + " stdout then gets the text report.")
  Path out;

  @Option(
      names = {"--threads", "--jobs"},
      paramLabel = "N",
      description =
          "Threads that verify, and with --compile run clang++-22 (default: the number of"
              + " cores).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(
      names = "--compile",
      description =
          "Also emit, compile (clang++-22), lift and verify the kernel of every configuration"
              + " that verifies: a compiled kernel that does not verify is a class 'introduced by"
              + " the compiler', one that cannot be emitted or lifted a class with the reason.")
  boolean compile;

  @Option(
      names = "--mutate",
      description =
          "Instead of a campaign: verify every single mutation of the schedule's waits and"
              + " barriers (drop, weaken, move one op earlier or later) and say which are"
              + " load-bearing. Takes FILE, - or --builtin NAME with --opt knobs; text or json.")
  boolean mutate;

  @Option(
      names = "--knobs",
      paramLabel = "SPEC.json",
      description =
          "With --generate: your generator's knobs (name, type int/bool/choice, range or"
              + " choices, default) and constraints between them (docs/fuzzing.md).")
  String knobsFile;

  @Option(
      names = "--generate",
      paramLabel = "CMD",
      description =
          "Your generator, run for every configuration: a command with {knob} and {out}"
              + " placeholders that writes a schedule, listing, assembler source or code object"
              + " to {out}; no shell reads it.")
  String generate;

  @Option(
      names = "--generator-timeout",
      paramLabel = "SECONDS",
      description =
          "Time one run of --generate may take (default: 300); past it, 'does not build'.")
  int generatorTimeout = 300;

  @Option(
      names = "--no-timings",
      description = "Leave out the throughput line, so the output is the same on every run.")
  boolean noTimings;

  FuzzCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    if (generate == null) {
      // A user's generator makes the inputs (below).
      source.checkUsage();
    }
    List<FuzzFormat> chosen = formats.isEmpty() ? List.of(FuzzFormat.TEXT) : formats;
    if (out == null && chosen.size() > 1) {
      throw new ParameterException(
          spec.commandLine(), "several formats need --out DIR (one file per format)");
    }
    if (mutate && compile) {
      throw new ParameterException(
          spec.commandLine(), "--compile applies to a campaign, not to --mutate");
    }
    if ((knobsFile == null) != (generate == null)) {
      throw new ParameterException(
          spec.commandLine(), "--knobs SPEC.json and --generate CMD go together");
    }
    if (generate != null) {
      return generated(chosen);
    }
    if (mutate) {
      return mutate(chosen);
    }
    if (!source.isBuiltin()) {
      throw new ParameterException(
          spec.commandLine(), "fuzz needs --builtin NAME (or FILE with --mutate)");
    }
    if (tries < 1 || threads < 1) {
      throw new ParameterException(spec.commandLine(), "--tries and --threads must be >= 1");
    }
    PipelineTransform<?> transform = ScheduleSource.transform(source.builtin);
    Map<String, String> pinned = source.knobs();
    checkPinned(transform, pinned);
    if (!compile) {
      return campaign(chosen, transform, pinned, Optional.empty());
    }
    ClangCompiler clang =
        ClangCompiler.locate()
            .orElseThrow(
                () ->
                    new ExternalToolException(
                        ClangCompiler.EXECUTABLE
                            + " is not on PATH: fuzz --compile compiles every configuration that"
                            + " verifies (apt-get install clang-22)"));
    try (CompilingOracle oracle = CompilingOracle.start(clang)) {
      return campaign(chosen, transform, pinned, Optional.of(oracle));
    } catch (IOException e) {
      throw new InputException(
          "pipeverify: fuzz --compile cannot make its temporary directory: " + e.getMessage());
    }
  }

  /** A campaign over a user's generator ({@code --knobs SPEC --generate CMD}). */
  private int generated(List<FuzzFormat> chosen) throws InputException {
    if (source.isBuiltin() || !source.files().isEmpty() || compile || mutate) {
      throw new ParameterException(
          spec.commandLine(),
          "--generate makes the kernels: it takes no --builtin, FILE, --compile or --mutate");
    }
    if (tries < 1 || threads < 1 || generatorTimeout < 1) {
      throw new ParameterException(
          spec.commandLine(), "--tries, --threads and --generator-timeout must be >= 1");
    }
    GeneratorSpec knobs = GeneratorSpec.read(knobsFile);
    CommandTemplate command =
        CommandTemplate.parse(
            generate, knobs.knobs().stream().map(KnobSpec::name).collect(Collectors.toSet()));
    Map<String, String> pinned = source.knobs();
    checkPinned(knobs.name(), knobs.knobs(), pinned);
    try (ExternalGenerator g =
        new ExternalGenerator(
            knobs, command, Duration.ofSeconds(generatorTimeout), source, console)) {
      return campaign(chosen, g, pinned);
    }
  }

  private int campaign(
      List<FuzzFormat> chosen,
      PipelineTransform<?> transform,
      Map<String, String> pinned,
      Optional<CompilerOracle> compiler)
      throws InputException {
    return campaign(chosen, new BuiltinGenerator(transform, compiler), pinned);
  }

  private int campaign(List<FuzzFormat> chosen, Generator generator, Map<String, String> pinned)
      throws InputException {
    FuzzSettings settings =
        new FuzzSettings(
            generator, pinned, tries, seed, shard(), budget(), VerifyOptions.defaults(), threads);
    FuzzResult result = FuzzCampaign.run(settings, new StderrProgress(console.err(), settings));
    FuzzReportRenderer renderer = new FuzzReportRenderer(!noTimings);
    if (out != null) {
      Map<FuzzFormat, String> rendered = new LinkedHashMap<>();
      for (FuzzFormat f : chosen) {
        rendered.put(f, render(f, result, renderer));
      }
      write(rendered);
      console.out().print(renderer.text(result));
    } else {
      console.out().print(render(chosen.get(0), result, renderer));
    }
    return result.exitCode();
  }

  private int mutate(List<FuzzFormat> chosen) throws InputException, ExternalToolException {
    if (chosen.stream().anyMatch(f -> f == FuzzFormat.JUNIT || f == FuzzFormat.SARIF)) {
      throw new ParameterException(spec.commandLine(), "--mutate writes text or json");
    }
    if (source.builtin == null
        && source.open(console.in(), source.file) instanceof Opened.Assembly a) {
      return mutateAssembly(chosen, a);
    }
    Schedule schedule = source.loadWithIntent(console.in(), source.knobs(), "fuzz --mutate");
    console.err().println("pipeverify: mutating " + schedule.name() + "...");
    console.err().flush();
    VerifyOptions options = VerifyOptions.defaults();
    MutationReport r = MutationReport.run(Verifier.verify(schedule, options), options);
    print(chosen, MutationTables.of(r));
    return r.base().exitCode();
  }

  /**
   * {@code --mutate} of a kernel lifted from assembly: every single mutation of the text's waits
   * and barriers, each lifted again and verified for every launch class.
   */
  private int mutateAssembly(List<FuzzFormat> chosen, Opened.Assembly a)
      throws InputException, ExternalToolException {
    VerifyOptions options = VerifyOptions.defaults();
    try (KernelVariants variants = new KernelVariants(source, console, options, a)) {
      AsmLines text = new AsmLines(a.shown());
      KernelVariants.Outcome base = variants.check(a.shown());
      if (base.report().isEmpty()) {
        throw new InputException(
            "pipeverify: " + ScheduleSource.nameOf(a.input()) + ": " + base.reason());
      }
      String name = base.report().get().schedule().name();
      console
          .err()
          .println(
              "pipeverify: mutating "
                  + name
                  + " ("
                  + base.sync().size()
                  + " waits and barriers)...");
      console.err().flush();
      MutationTables.Mutations m =
          AssemblyMutations.run(
              variants, base, text, ScheduleSource.nameOf(a.input()), name, console);
      print(chosen, m);
      return base.report().get().exitCode();
    }
  }

  private void print(List<FuzzFormat> chosen, MutationTables.Mutations m) throws InputException {
    Map<FuzzFormat, String> rendered = new LinkedHashMap<>();
    for (FuzzFormat f : chosen) {
      rendered.put(f, f == FuzzFormat.JSON ? MutationTables.json(m) : MutationTables.text(m));
    }
    if (out != null) {
      write(rendered);
      console.out().print(MutationTables.text(m));
    } else {
      console.out().print(rendered.get(chosen.get(0)));
    }
  }

  /**
   * Unknown pinned knobs and bad values are bad input (a typo must not become 100 invalid tries); a
   * pinned value that is valid only with other values of the drawn knobs is for the campaign to
   * find.
   */
  private static void checkPinned(PipelineTransform<?> t, Map<String, String> pinned)
      throws InputException {
    try {
      t.configure(pinned);
    } catch (KnobException e) {
      List<String> lines = new ArrayList<>();
      for (String p : e.problems()) {
        if (p.startsWith("unknown knob") || p.contains("' is not ")) {
          lines.add("pipeverify: " + t.name() + ": " + p);
        }
      }
      if (!lines.isEmpty()) {
        throw new InputException(lines);
      }
    }
  }

  /**
   * Pinned knobs of a user's generator: each a knob of its spec, its value in the knob's domain.
   */
  private static void checkPinned(String name, List<KnobSpec> knobs, Map<String, String> pinned)
      throws InputException {
    List<String> lines = new ArrayList<>();
    pinned.forEach(
        (k, v) -> {
          Optional<KnobSpec> knob = knobs.stream().filter(x -> x.name().equals(k)).findFirst();
          if (knob.isEmpty()) {
            lines.add("pipeverify: " + name + ": unknown knob '" + k + "' (--opt)");
          } else if (!knob.get().domain().contains(v)) {
            lines.add(
                "pipeverify: "
                    + name
                    + ": '"
                    + v
                    + "' is not a value of knob '"
                    + k
                    + "' (expected one of "
                    + knob.get().domain()
                    + ")");
          }
        });
    if (!lines.isEmpty()) {
      throw new InputException(lines);
    }
  }

  private Shard shard() {
    if (shard == null) {
      return Shard.WHOLE;
    }
    Matcher m = SHARD.matcher(shard.trim());
    int i = m.matches() ? Integer.parseInt(m.group(1)) : 0;
    int n = m.matches() ? Integer.parseInt(m.group(2)) : 0;
    if (n < 1 || i < 1 || i > n) {
      throw new ParameterException(
          spec.commandLine(), "--shard '" + shard + "' is not i/n with 1 <= i <= n (e.g. 2/4)");
    }
    return new Shard(i, n);
  }

  private Optional<Duration> budget() {
    if (timeBudget == null) {
      return Optional.empty();
    }
    String t = timeBudget.trim().toLowerCase(Locale.ROOT);
    Matcher m = DURATION.matcher(t);
    Duration d = null;
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      d =
          switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
          };
    } else {
      try {
        d = Duration.parse(timeBudget.trim());
      } catch (DateTimeParseException e) {
        d = null;
      }
    }
    if (d == null || d.isNegative() || d.isZero()) {
      throw new ParameterException(
          spec.commandLine(),
          "--time-budget '" + timeBudget + "' is not a positive duration (e.g. 90s, 5m, PT2M)");
    }
    return Optional.of(d);
  }

  private String render(FuzzFormat f, FuzzResult r, FuzzReportRenderer renderer) {
    return switch (f) {
      case TEXT -> renderer.text(r);
      case JSON -> renderer.json(r);
      case JUNIT -> renderer.junit(r);
      case SARIF -> renderer.sarif(r, VersionProvider.version());
    };
  }

  private void write(Map<FuzzFormat, String> rendered) throws InputException {
    try {
      Files.createDirectories(out);
      for (Map.Entry<FuzzFormat, String> e : rendered.entrySet()) {
        Path file = out.resolve(e.getKey().fileName());
        Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
        console.err().println("pipeverify: wrote " + file);
      }
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot write to " + out + ": " + e.getMessage());
    }
  }
}

package io.pipeverify.cli;

import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * The entry point: parse -> load the schedule -> verify or print -> exit code (docs/cli.md). Only
 * {@link #main} exits the JVM; {@link #run} returns the code so tests can run the CLI in-process.
 */
public final class Main {
  private Main() {}

  /** The subcommands, in the order the usage lists them. */
  static final List<String> SUBCOMMANDS =
      List.of("list", "show", "verify", "emit", "bench", "explain", "replay", "relax", "fuzz");

  /** The commands that start Z3 (all but list and show). */
  private static final Set<String> SOLVING =
      Set.of("verify", "emit", "bench", "explain", "replay", "relax", "fuzz");

  /** Asking for help or the version solves nothing, whichever command it names. */
  private static final Set<String> INFORMATIONAL = Set.of("-h", "--help", "-V", "--version");

  public static void main(String[] args) {
    // Z3 starts on the other core while picocli builds the command line (StartupWarmup).
    boolean solving = startsZ3(args);
    if (solving) {
      StartupWarmup.start();
    }
    int code = run(args, System.in, System.out, System.err);
    if (solving) {
      StartupWarmup.await();
    }
    System.exit(code);
  }

  /** Whether the command line names a command that uses Z3, and asks for no help. */
  static boolean startsZ3(String[] args) {
    return named(args).filter(SOLVING::contains).isPresent()
        && Arrays.stream(args).noneMatch(INFORMATIONAL::contains);
  }

  /** The subcommand the command line names: its first word, when that is one. */
  private static Optional<String> named(String[] args) {
    return args.length > 0 && SUBCOMMANDS.contains(args[0])
        ? Optional.of(args[0])
        : Optional.empty();
  }

  /** Runs with {@code PIPEVERIFY_DEBUG} from the environment. */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    return run(args, in, out, err, "1".equals(System.getenv("PIPEVERIFY_DEBUG")));
  }

  /**
   * Runs the command line {@code args} and returns its exit code: 0 verified or success, 1
   * violated, 2 bad input or usage, 3 inconclusive, 4 internal error. Results go to {@code out},
   * diagnostics and progress to {@code err}, both UTF-8; {@code debug} adds stack traces to
   * internal errors.
   */
  public static int run(
      String[] args, InputStream in, PrintStream out, PrintStream err, boolean debug) {
    PrintWriter outWriter =
        new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
    PrintWriter errWriter =
        new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    Console console = new Console(in, outWriter, errWriter, debug);
    try {
      return commandLine(console, args).execute(args);
    } catch (RuntimeException | Error e) {
      // picocli reports exceptions of the commands through the handlers below; this catches what
      // escapes them (a failing handler, an error while printing help).
      return Failures.report(e, errWriter, debug);
    } finally {
      outWriter.flush();
      errWriter.flush();
    }
  }

  /**
   * The command line for {@code args}: with the subcommand its first word names, or with all of
   * them when it names none (the usage, the version, the demo and a mistyped name's suggestions
   * list them). picocli reads each subcommand's annotations when it is added: all nine took a cold
   * start about 40 ms, one about 15 (docs/PERFORMANCE.md, "Fourth issue-13 session").
   */
  static CommandLine commandLine(Console console, String[] args) {
    CommandLine cli = new CommandLine(new PipeverifyCommand(console));
    for (String name : named(args).map(List::of).orElse(SUBCOMMANDS)) {
      cli.addSubcommand(subcommand(name, console));
    }
    cli.setOut(console.out());
    cli.setErr(console.err());
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> Failures.report(e, console.err(), console.debug()));
    cli.setParameterExceptionHandler(
        (e, unmatched) -> {
          CommandLine failed = e.getCommandLine();
          console.err().println("pipeverify: " + e.getMessage());
          CommandLine.UnmatchedArgumentException.printSuggestions(e, console.err());
          console
              .err()
              .println(
                  "Try '"
                      + failed.getCommandSpec().qualifiedName()
                      + " --help' for more information.");
          return ExitCode.BAD_INPUT;
        });
    return cli;
  }

  private static Object subcommand(String name, Console console) {
    return switch (name) {
      case "list" -> new ListCommand(console);
      case "show" -> new ShowCommand(console);
      case "verify" -> new VerifyCommand(console);
      case "emit" -> new EmitCommand(console);
      case "bench" -> new BenchCommand(console);
      case "explain" -> new ExplainCommand(console);
      case "replay" -> new ReplayCommand(console);
      case "relax" -> new RelaxCommand(console);
      case "fuzz" -> new FuzzCommand(console);
      default -> throw new IllegalArgumentException("no subcommand " + name);
    };
  }
}

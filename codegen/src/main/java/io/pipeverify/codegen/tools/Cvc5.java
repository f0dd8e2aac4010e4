package io.pipeverify.codegen.tools;

import io.pipeverify.isa.tools.ExternalTool;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.smt.CrossCheckException;
import io.pipeverify.verifier.smt.SecondOpinion;
import io.pipeverify.verifier.smt.Z3Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * cvc5 as the second opinion of {@code verify --cross-check cvc5}: each script goes to a process of
 * its own ({@code cvc5 --lang smt2 --tlimit=MS FILE}, no shell) through a temporary file that is
 * deleted afterwards. A process per query costs about 20 ms of start-up (docs/PERFORMANCE.md,
 * "Cross-check"), and keeps the queries independent: no state of one can change the answer to the
 * next, so the answers are the same on every run and on any thread.
 */
public final class Cvc5 implements SecondOpinion {
  public static final String EXECUTABLE = "cvc5";

  /** What cvc5 prints and then aborts with when {@code --tlimit} runs out. */
  private static final String TIMED_OUT = "interrupted by timeout";

  /** How long past its own limit cvc5 may take to stop before it is killed. */
  private static final Duration GRACE = Duration.ofSeconds(5);

  private static final Pattern VERSION = Pattern.compile("cvc5 version (\\S+)");

  private final ExternalTool tool;
  private final int limitMs;
  private final String version;

  private Cvc5(ExternalTool tool, int limitMs, String version) {
    this.tool = tool;
    this.limitMs = limitMs;
    this.version = version;
  }

  /** The {@code cvc5} on PATH ({@code apt-get install cvc5}), or empty. */
  public static Optional<Path> locate() {
    return ExternalTool.onPath(EXECUTABLE);
  }

  /**
   * The {@code cvc5} on PATH, with {@code limit} per query (the run's Z3 timeout); throws {@link
   * CrossCheckException} when there is none.
   */
  public static Cvc5 onPath(Duration limit) {
    return at(
        locate()
            .orElseThrow(
                () ->
                    new CrossCheckException(
                        "--cross-check cvc5: no cvc5 on the PATH (Debian and Ubuntu: apt-get"
                            + " install cvc5)")),
        limit);
  }

  /** The cvc5 at {@code binary}; throws {@link CrossCheckException} when it does not run. */
  public static Cvc5 at(Path binary, Duration limit) {
    if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
      throw new CrossCheckException("--cross-check cvc5: no cvc5 at " + binary);
    }
    int ms = Z3Session.timeoutMs(limit);
    ExternalTool tool = new ExternalTool(EXECUTABLE, binary, Duration.ofMillis(ms).plus(GRACE));
    ExternalTool.Finished run = finish(tool, List.of("--version"));
    Matcher m = VERSION.matcher(run.output());
    if (run.exit() != 0 || !m.find()) {
      throw new CrossCheckException(
          "--cross-check cvc5: " + binary + " --version failed: " + run.output().strip());
    }
    return new Cvc5(tool, ms, m.group(1));
  }

  @Override
  public String name() {
    return EXECUTABLE;
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public Answer decide(String script) {
    Path file = null;
    try {
      file = Files.createTempFile("pipeverify-", ".smt2");
      Files.writeString(file, script, StandardCharsets.UTF_8);
      return answer(
          finish(tool, List.of("--lang", "smt2", "--tlimit=" + limitMs, file.toString())));
    } catch (IOException e) {
      throw new CrossCheckException("cross-check: cannot write a query for cvc5: " + e, e);
    } finally {
      ExternalTool.deleteQuietly(file);
    }
  }

  /** A run of cvc5 whatever its exit code; one that cannot run fails the cross-check. */
  private static ExternalTool.Finished finish(ExternalTool tool, List<String> arguments) {
    try {
      return tool.finish(arguments);
    } catch (ExternalToolException e) {
      throw new CrossCheckException("cross-check: " + e.getMessage(), e);
    }
  }

  /** cvc5's answer: its first line; an error (a script it rejects) is no answer. */
  private static Answer answer(ExternalTool.Finished run) {
    if (run.timedOut() || run.output().contains(TIMED_OUT)) {
      return Answer.UNKNOWN;
    }
    String first = run.output().strip().lines().findFirst().orElse("");
    switch (first) {
      case "sat":
        return Answer.SAT;
      case "unsat":
        return Answer.UNSAT;
      case "unknown":
        return Answer.UNKNOWN;
      default:
        throw new CrossCheckException(
            "cross-check: cvc5 gave no answer (exit " + run.exit() + "): " + run.output().strip());
    }
  }
}

package io.pipeverify.verifier.smt;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * cvc5 as the second opinion: each script goes to a process of its own ({@code cvc5 --lang smt2
 * --tlimit=MS}, no shell), through a temporary file that is deleted afterwards, and so does its
 * output. A process per query costs about 20 ms of start-up (docs/PERFORMANCE.md, "Cross-check"),
 * and keeps the queries independent: no state of one can change the answer to the next, so the
 * answers are the same on every run and on any thread.
 */
public final class Cvc5 implements SecondOpinion {
  /** What cvc5 prints (on stderr) and then aborts with when {@code --tlimit} runs out. */
  private static final String TIMED_OUT = "interrupted by timeout";

  /** How long past its own limit cvc5 may take to stop before it is killed. */
  private static final Duration GRACE = Duration.ofSeconds(5);

  private static final Pattern VERSION = Pattern.compile("cvc5 version (\\S+)");

  private final Path binary;
  private final Duration limit;
  private final String version;

  private Cvc5(Path binary, Duration limit, String version) {
    this.binary = binary;
    this.limit = limit;
    this.version = version;
  }

  /**
   * The {@code cvc5} on the PATH, with {@code limit} per query (the run's Z3 timeout); throws
   * {@link CrossCheckException} when there is none.
   */
  public static Cvc5 onPath(Duration limit) {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, "cvc5");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return at(candidate, limit);
        }
      }
    }
    throw new CrossCheckException(
        "--cross-check cvc5: no cvc5 on the PATH (Debian and Ubuntu: apt-get install cvc5)");
  }

  /** The cvc5 at {@code binary}; throws {@link CrossCheckException} when it does not run. */
  public static Cvc5 at(Path binary, Duration limit) {
    if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
      throw new CrossCheckException("--cross-check cvc5: no cvc5 at " + binary);
    }
    Run run = run(List.of(binary.toString(), "--version"), Duration.ofSeconds(30));
    Matcher m = VERSION.matcher(run.output());
    if (run.exit() != 0 || !m.find()) {
      throw new CrossCheckException(
          "--cross-check cvc5: " + binary + " --version failed: " + run.output().strip());
    }
    return new Cvc5(binary, limit, m.group(1));
  }

  @Override
  public String name() {
    return "cvc5";
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
      Run run =
          run(
              List.of(
                  binary.toString(),
                  "--lang",
                  "smt2",
                  "--tlimit=" + Z3Session.timeoutMs(limit),
                  file.toString()),
              limit.plus(GRACE));
      return answer(run);
    } catch (IOException e) {
      throw new CrossCheckException("cross-check: cannot write a query for cvc5: " + e, e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // The file is in the temporary directory; a failed delete loses no result.
        }
      }
    }
  }

  /** cvc5's answer: its first line; an error (a script it rejects) is no answer. */
  private static Answer answer(Run run) {
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

  /** A finished process: its exit code and its output (stdout and stderr together). */
  private record Run(int exit, String output, boolean timedOut) {}

  /**
   * Runs {@code command}, killed after {@code within}. The output goes to a temporary file rather
   * than a pipe: waiting for the process with a deadline then needs no thread to drain the pipe.
   */
  private static Run run(List<String> command, Duration within) {
    Path out = null;
    Process p = null;
    try {
      out = Files.createTempFile("pipeverify-", ".out");
      p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      // The script is a file argument; an empty stdin keeps cvc5 from waiting on it.
      p.getOutputStream().close();
      boolean done = p.waitFor(within.toMillis(), TimeUnit.MILLISECONDS);
      if (!done) {
        p.destroyForcibly().waitFor();
      }
      return new Run(
          done ? p.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8), !done);
    } catch (IOException e) {
      throw new CrossCheckException(
          "cross-check: cannot run " + String.join(" ", command) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      if (p != null) {
        p.destroyForcibly();
      }
      Thread.currentThread().interrupt();
      throw new CrossCheckException("cross-check: interrupted while cvc5 ran", e);
    } finally {
      if (out != null) {
        try {
          Files.deleteIfExists(out);
        } catch (IOException e) {
          // As above: nothing is lost.
        }
      }
    }
  }
}

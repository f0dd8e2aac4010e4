package io.pipeverify.isa.tools;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An external tool pipeverify runs (clang++-22, llvm-objdump-22, llvm-readelf-22, cvc5): found on
 * PATH by its Debian name, run with a deadline, its output returned; a tool that cannot start,
 * times out or fails is an {@link ExternalToolException} with the tool's own output.
 */
public final class ExternalTool {
  private final String name;
  private final Path executable;
  private final Duration timeout;

  public ExternalTool(String name, Path executable, Duration timeout) {
    this.name = name;
    this.executable = executable;
    this.timeout = timeout;
  }

  /** The tool's Debian name ({@code clang-22}), for messages. */
  public String name() {
    return name;
  }

  public Path executable() {
    return executable;
  }

  /** {@code executable} on PATH, or empty when it is not installed. */
  public static Optional<Path> onPath(String executable) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, executable);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** How a run ended: its exit code (-1 when killed at the deadline) and its output. */
  public record Finished(int exit, String output, boolean timedOut) {}

  /**
   * Runs the tool with {@code arguments}, killed after the tool's timeout, and returns how it ended
   * whatever its exit code, standard error merged into its output. The output goes to a temporary
   * file rather than a pipe: waiting with a deadline then needs no thread to drain the pipe, and a
   * tool that hangs with its output open is still stopped at the deadline.
   */
  public Finished finish(List<String> arguments) throws ExternalToolException {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(arguments);
    Path out = null;
    Process p = null;
    try {
      out = Files.createTempFile("pipeverify-", ".out");
      p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      // Every tool reads files given as arguments; an empty stdin keeps none waiting on it.
      p.getOutputStream().close();
      boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (!done) {
        p.destroyForcibly().waitFor();
      }
      return new Finished(
          done ? p.exitValue() : -1,
          // Lenient: a tool may print an input's damaged strings, which are no valid UTF-8.
          new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
          !done);
    } catch (IOException e) {
      throw new ExternalToolException("could not run " + executable + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ExternalToolException("interrupted while " + name + " ran", e);
    } finally {
      deleteQuietly(out);
    }
  }

  /**
   * Runs the tool with {@code arguments} on {@code subject} (named in messages) and returns what it
   * printed, standard error merged in; a timeout or a non-zero exit is an {@link
   * ExternalToolException}.
   */
  public String run(List<String> arguments, String subject) throws ExternalToolException {
    Finished f = finish(arguments);
    if (f.timedOut()) {
      throw new ExternalToolException(
          name + " did not finish in " + timeout.toSeconds() + " s on " + subject);
    }
    if (f.exit() != 0) {
      throw new ExternalToolException(
          name
              + " failed on "
              + subject
              + " (exit "
              + f.exit()
              + ")"
              + (f.output().isBlank() ? "" : ":\n" + f.output().stripTrailing()));
    }
    return f.output();
  }

  /** Deletes a temporary file of ours; one left behind in the temporary directory loses nothing. */
  public static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Nothing to do: the result was read already.
    }
  }
}

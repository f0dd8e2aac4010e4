package io.pipeverify.codegen.tools;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An LLVM tool pipeverify runs (clang++-22, llvm-objdump-22, llvm-readelf-22): found on PATH by its
 * Debian name, run with a timeout, its output returned; a tool that cannot start, times out or
 * fails is an {@link ExternalToolException} with the tool's own output.
 */
final class ExternalTool {
  private final String name;
  private final Path executable;
  private final long timeoutSeconds;

  ExternalTool(String name, Path executable, long timeoutSeconds) {
    this.name = name;
    this.executable = executable;
    this.timeoutSeconds = timeoutSeconds;
  }

  Path executable() {
    return executable;
  }

  /** {@code executable} on PATH, or empty when it is not installed. */
  static Optional<Path> onPath(String executable) {
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

  /**
   * Runs the tool with {@code arguments} on {@code subject} (named in messages) and returns what it
   * printed, standard error merged in.
   */
  String run(List<String> arguments, String subject) throws ExternalToolException {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(arguments);
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new ExternalToolException("could not run " + executable + ": " + e.getMessage(), e);
    }
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new ExternalToolException(
            name + " did not finish in " + timeoutSeconds + " s on " + subject);
      }
      String output = new String(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new ExternalToolException(
            name
                + " failed on "
                + subject
                + " (exit "
                + p.exitValue()
                + ")"
                + (output.isBlank() ? "" : ":\n" + output.stripTrailing()));
      }
      return output;
    } catch (IOException e) {
      p.destroyForcibly();
      throw new ExternalToolException(
          "could not read the output of " + name + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ExternalToolException("interrupted while " + name + " ran", e);
    }
  }
}

package io.pipeverify.codegen.isa;

import io.pipeverify.model.Target;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs Debian's {@code clang++-22} on an emitted kernel: {@code -x hip --offload-arch=<target>
 * -nogpulib -nogpuinc --cuda-device-only -O3 -S -Werror}, device code only, no ROCm install needed.
 */
public final class ClangCompiler {
  /** The executable looked up on PATH. */
  public static final String EXECUTABLE = "clang++-22";

  private static final long TIMEOUT_SECONDS = 300;

  private final Path executable;

  private ClangCompiler(Path executable) {
    this.executable = executable;
  }

  /** The compiler at {@code executable}, whatever PATH says (a pinned or wrapped compiler). */
  public static ClangCompiler at(Path executable) {
    return new ClangCompiler(executable);
  }

  /** The compiler on PATH, or empty when it is not installed. */
  public static Optional<ClangCompiler> locate() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, EXECUTABLE);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(new ClangCompiler(candidate));
      }
    }
    return Optional.empty();
  }

  /** The command line that compiles {@code hip} to {@code asm}. */
  public List<String> command(Target target, Path hip, Path asm) {
    return List.of(
        executable.toString(),
        "-x",
        "hip",
        "--offload-arch=" + target.id(),
        "-nogpulib",
        "-nogpuinc",
        "--cuda-device-only",
        "-O3",
        "-Werror",
        "-S",
        "-o",
        asm.toString(),
        hip.toString());
  }

  /**
   * Compiles {@code hip} to {@code asm} and returns what clang printed (warnings; empty when
   * silent). A compiler that cannot be started, times out or exits non-zero is an {@link
   * ExternalToolException} carrying clang's output.
   */
  public String compile(Target target, Path hip, Path asm) throws ExternalToolException {
    Process p;
    try {
      p = new ProcessBuilder(command(target, hip, asm)).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new ExternalToolException("could not run " + executable + ": " + e.getMessage(), e);
    }
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new ExternalToolException(
            EXECUTABLE + " did not finish in " + TIMEOUT_SECONDS + " s on " + hip);
      }
      String output = new String(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new ExternalToolException(
            EXECUTABLE
                + " failed on "
                + hip
                + " (exit "
                + p.exitValue()
                + ")"
                + (output.isBlank() ? "" : ":\n" + output.stripTrailing()));
      }
      return output;
    } catch (IOException e) {
      p.destroyForcibly();
      throw new ExternalToolException(
          "could not read the output of " + EXECUTABLE + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ExternalToolException("interrupted while " + EXECUTABLE + " ran", e);
    }
  }
}

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

  /** The outcome of one compilation: exit code and everything clang printed. */
  public record Result(int exitCode, String output) {
    public boolean ok() {
      return exitCode == 0;
    }
  }

  /** Compiles {@code hip} to {@code asm}; an I/O failure or a timeout is an exception. */
  public Result compile(Target target, Path hip, Path asm) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(target, hip, asm)).redirectErrorStream(true);
    Process p = pb.start();
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(EXECUTABLE + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + EXECUTABLE + " ran", e);
    }
  }
}

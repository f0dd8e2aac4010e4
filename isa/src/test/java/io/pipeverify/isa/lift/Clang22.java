package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a test kernel with clang++-22 to AMDGPU assembly, as docs/isa.md tells users to; the
 * calling test is skipped when clang++-22 is not on PATH (.ci/run installs it).
 */
final class Clang22 {
  private Clang22() {}

  private static Optional<Path> locate() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "clang++-22");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The assembly of {@code hip} for {@code arch} ({@code gfx950}, {@code gfx942}). */
  static String compile(Path hip, String arch, Path dir) throws IOException, InterruptedException {
    Optional<Path> clang = locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    Path asm = dir.resolve(arch + ".s");
    Process p =
        new ProcessBuilder(
                List.of(
                    clang.get().toString(),
                    "-x",
                    "hip",
                    "--offload-arch=" + arch,
                    "-nogpulib",
                    "-nogpuinc",
                    "--cuda-device-only",
                    "-O3",
                    "-S",
                    "-o",
                    asm.toString(),
                    hip.toString()))
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new AssertionError("clang++-22 failed on " + hip + ":\n" + output);
    }
    return Files.readString(asm, StandardCharsets.UTF_8);
  }
}

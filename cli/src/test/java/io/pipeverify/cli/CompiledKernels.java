package io.pipeverify.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.model.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** HIP test kernels compiled by clang-22 in a test, and lines found in their assembly. */
final class CompiledKernels {
  private CompiledKernels() {}

  /**
   * {@code source} compiled for {@code target} into {@code dir}/{@code name}.s; the test is skipped
   * (not failed) without clang++-22.
   */
  static Path compile(Path dir, Target target, String source, String name) throws Exception {
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    Path hip = dir.resolve(name + ".hip");
    Files.writeString(hip, source, StandardCharsets.UTF_8);
    Path asm = dir.resolve(name + ".s");
    clang.get().compile(target, hip, asm);
    return asm;
  }

  /** The first finding of a text report: from {@code [1] } to the next finding or the stats. */
  static String firstFinding(String report) {
    int from = report.indexOf("[1] ");
    int next = report.indexOf("\n[2] ", from);
    return report.substring(from, next < 0 ? report.indexOf("\nstats: ", from) : next);
  }

  /** The 1-based line of the first line of {@code asm} after line {@code after} with every part. */
  static int line(Path asm, int after, String... parts) throws Exception {
    List<String> lines = Files.readAllLines(asm, StandardCharsets.UTF_8);
    for (int i = after; i < lines.size(); i++) {
      String l = lines.get(i);
      if (List.of(parts).stream().allMatch(l::contains)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line after " + after + " with " + List.of(parts) + " in " + asm);
  }
}

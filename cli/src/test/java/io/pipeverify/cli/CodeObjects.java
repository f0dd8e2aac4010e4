package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Code objects made in a test as the corpus README makes them: each assembler source assembled with
 * clang-22, the objects linked with ld.lld-22 into one code object (one kernel per source). The
 * caller skips where the tools are absent ({@code SourceAssembler.locate()}).
 */
final class CodeObjects {
  private CodeObjects() {}

  /** {@code sources} for {@code mcpu}, linked into {@code out} (the objects beside it). */
  static Path link(Path out, String mcpu, Path... sources) throws Exception {
    List<String> objects = new ArrayList<>();
    for (Path s : sources) {
      Path o = out.resolveSibling(s.getFileName() + ".o");
      run(
          "clang-22",
          "-x",
          "assembler",
          "-target",
          "amdgcn-amd-amdhsa",
          "-mcpu=" + mcpu,
          "-c",
          s.toString(),
          "-o",
          o.toString());
      objects.add(o.toString());
    }
    List<String> command = new ArrayList<>(List.of("ld.lld-22", "-shared"));
    command.addAll(objects);
    command.addAll(List.of("-o", out.toString()));
    run(command.toArray(String[]::new));
    return out;
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), command[0] + " did not finish");
    assertEquals(0, p.exitValue(), command[0] + ": " + output);
  }
}

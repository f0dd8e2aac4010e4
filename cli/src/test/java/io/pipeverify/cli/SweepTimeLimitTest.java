package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep survives one kernel that runs too long and one damaged file (issue 35 item 3): each is a
 * row with its reason, the good kernels' rows are their verdicts, and the exit code is the worst.
 */
class SweepTimeLimitTest {
  @TempDir Path tmp;

  /** A kernel whose one wave runs a 900,000-pass loop of vector arithmetic before it ends. */
  private static List<String> endless() {
    List<String> lines = new ArrayList<>(PrefetchKernel.lines(false, true).subList(0, 5));
    lines.add("\ts_mov_b32 s2, 0");
    lines.add(".Lspin:");
    for (int i = 0; i < 32; i++) {
      lines.add("\tv_add_u32_e32 v" + (1 + i % 8) + ", v0, v" + (1 + i % 8));
    }
    lines.add("\ts_add_u32 s2, s2, 1");
    lines.add("\ts_cmp_lt_u32 s2, 900000");
    lines.add("\ts_cbranch_scc1 .Lspin");
    lines.add("\ts_endpgm");
    return lines;
  }

  private Path write(String name, List<String> lines) throws Exception {
    Path f = tmp.resolve(name);
    Files.writeString(f, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void aKernelPastTheTimeLimitAndADamagedFileAreRowsAndTheOthersVerify() throws Exception {
    Path good = write("a-good.s", PrefetchKernel.lines(false, true));
    Path slow = write("b-slow.s", endless());
    Path damaged = write("c-damaged.co", List.of("not a code object"));
    Cli.Result r =
        Cli.run(
            "verify",
            good.toString(),
            slow.toString(),
            damaged.toString(),
            "--waves",
            "2",
            "--timeout",
            "1",
            "--no-timings");
    assertEquals(3, r.code(), r.dump());
    List<String> rows = r.out().lines().skip(2).toList();
    assertEquals(3, rows.size(), r.dump());
    assertTrue(rows.get(0).matches(".*a-good\\.s +k +gfx950 +verified .* 0"), r.dump());
    assertTrue(
        rows.stream()
            .anyMatch(
                row ->
                    row.matches(
                        ".*b-slow\\.s +- +- +inconclusive .*time limit of 1 s \\(--timeout\\) +3")),
        r.dump());
    assertTrue(
        rows.stream()
            .anyMatch(row -> row.matches(".*c-damaged\\.co +- +- +bad input .*no ELF file.* 2")),
        r.dump());
    assertTrue(
        r.err().contains("b-slow.s: inconclusive: time limit of 1 s (--timeout)\n"), r.dump());
  }
}

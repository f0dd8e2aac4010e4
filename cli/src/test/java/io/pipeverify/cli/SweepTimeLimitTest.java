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

  /** Metadata stating a workgroup of 128 threads (two waves) for kernel {@code k}. */
  private static final List<String> TWO_WAVES =
      List.of(
          "\t.amdgpu_metadata",
          "---",
          "amdhsa.kernels:",
          "  - .name:           k",
          "    .max_flat_workgroup_size: 128",
          "...",
          "\t.end_amdgpu_metadata");

  /** A kernel whose waves run a 900,000-pass loop of vector arithmetic before they end. */
  private static List<String> endless() {
    List<String> lines = new ArrayList<>(PrefetchKernel.lines(false, true).subList(0, 5));
    lines.add("\ts_mov_b32 s2, 0");
    lines.add(".Lspin:");
    for (int i = 0; i < 128; i++) {
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

  /**
   * Issue 35's done-when sweep: the aiter gfx942 kernels, five damaged inputs and the spinning
   * kernel with a limit the aiter kernels stay far below. Every aiter row is its verdict, every
   * damaged input a bad-input row with its reason, the spinning kernel a time-limit row, exit 3.
   * Skipped without the corpus or llvm-objdump-22.
   */
  @Test
  void theAiterSweepWithDamagedFilesAndOneKernelPastTheLimit() throws Exception {
    Path aiter = Path.of("..", "..", "shared", "corpus", "aiter", "gfx942");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(aiter), "../shared/corpus is absent");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        io.pipeverify.isa.tools.CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH");
    Path dir = Files.createDirectory(tmp.resolve("sweep"));
    try (var kernels = Files.list(aiter)) {
      for (Path k : kernels.filter(p -> p.toString().endsWith(".co")).toList()) {
        Files.copy(k, dir.resolve(k.getFileName()));
      }
    }
    byte[] good =
        Files.readAllBytes(aiter.resolve("bf16gemm_fp32bf16_tn_32x64_bshuffle_splitk.co"));
    Files.write(dir.resolve("zz1-truncated.co"), java.util.Arrays.copyOf(good, 9000));
    Files.write(dir.resolve("zz2-mutant.co"), ReaderFuzzTest.mutant(good, 364));
    Files.writeString(dir.resolve("zz3-text.co"), "not a code object\n");
    Files.writeString(dir.resolve("zz4-cut.json"), "{\"format\": \"pipeverify-schedule/1\",\n");
    // With their workgroup size in metadata: --waves would apply to the aiter kernels too.
    List<String> cut = new ArrayList<>(PrefetchKernel.lines(true, true));
    cut.set(22, "\tv_mfma_f32_16x16x32_bf16");
    cut.addAll(TWO_WAVES);
    write("sweep/zz5-cut.s", cut);
    List<String> spin = endless();
    spin.addAll(TWO_WAVES);
    write("sweep/zz6-spin.s", spin);
    Cli.Result r = Cli.run("verify", dir.toString(), "--timeout", "20", "--no-timings");
    assertEquals(3, r.code(), r.dump());
    List<String> rows = r.out().lines().skip(2).toList();
    long verified = rows.stream().filter(x -> x.contains(" verified ") && x.endsWith(" 0")).count();
    assertEquals(22, verified, r.dump());
    for (String bad : List.of("zz1-truncated.co", "zz2-mutant.co", "zz3-text.co", "zz4-cut.json")) {
      assertTrue(
          rows.stream()
              .anyMatch(x -> x.contains(bad) && x.contains(" bad input ") && x.endsWith(" 2")),
          bad + "\n" + r.dump());
    }
    assertTrue(
        rows.stream().anyMatch(x -> x.contains("zz5-cut.s") && x.contains("needs 4 operands")),
        r.dump());
    assertTrue(
        rows.stream()
            .anyMatch(
                x ->
                    x.contains("zz6-spin.s")
                        && x.contains("time limit of 20 s")
                        && x.endsWith(" 3")),
        r.dump());
    assertEquals(22 + 6, rows.size(), r.dump());
  }

  /**
   * The CI reports of a batch name the inputs that got no report: JSON (array and lines), SARIF (an
   * error notification, the run not successful) and JUnit (a suite with an error).
   */
  @Test
  void theCiReportsListTheInputsThatWereNotChecked() throws Exception {
    Path good = write("a-good.s", PrefetchKernel.lines(false, true));
    Path damaged = write("c-damaged.co", List.of("not a code object"));
    String[] base = {"verify", good.toString(), damaged.toString(), "--waves", "2", "--no-timings"};
    Cli.Result json = Cli.run(concat(base, "--format", "json"));
    assertEquals(2, json.code(), json.dump());
    com.fasterxml.jackson.databind.JsonNode array = json.json();
    assertEquals(2, array.size(), json.dump());
    assertEquals("verified", array.at("/0/verdict").asText());
    assertEquals(damaged.toString(), array.at("/1/input").asText());
    assertEquals("bad input", array.at("/1/verdict").asText());
    assertEquals(2, array.at("/1/exitCode").asInt());
    assertTrue(array.at("/1/reason").asText().contains("no ELF file"), json.dump());

    Cli.Result lines = Cli.run(concat(base, "--jsonl"));
    assertEquals(2, lines.out().lines().count(), lines.dump());
    assertTrue(
        lines.out().lines().toList().get(1).contains("\"verdict\":\"bad input\""), lines.dump());

    Cli.Result sarif = Cli.run(concat(base, "--format", "sarif"));
    com.fasterxml.jackson.databind.JsonNode run =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(sarif.out()).at("/runs/0");
    assertEquals(false, run.at("/invocations/0/executionSuccessful").asBoolean());
    assertTrue(
        run.at("/invocations/0/toolExecutionNotifications/0/message/text")
            .asText()
            .startsWith(damaged + ": not checked (bad input): "),
        sarif.dump());

    Cli.Result junit = Cli.run(concat(base, "--format", "junit"));
    assertTrue(
        junit
            .out()
            .contains(
                "<testsuite name=\"" + damaged + "\" tests=\"1\" failures=\"0\" errors=\"1\""),
        junit.dump());
    assertTrue(junit.out().contains("<error type=\"bad input\" message=\""), junit.dump());
  }

  private static String[] concat(String[] a, String... b) {
    List<String> all = new ArrayList<>(List.of(a));
    all.addAll(List.of(b));
    return all.toArray(String[]::new);
  }
}

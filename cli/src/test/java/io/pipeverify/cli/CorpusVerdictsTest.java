package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pipeverify.isa.tools.CodeObjectDisassembler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdicts on AMD's shipped kernels that docs/corpus.md decides by hand: the aiter bf16 GEMMs
 * all verified, the FP4 GEMMs verified but for three whose findings are all reads in flight across
 * a barrier (verified under {@code --assume lds-read-before-dma}), and nowhere a race between two
 * DS ops of one wave (semantics.md section 2). Skipped without the corpus or llvm-objdump-22.
 */
class CorpusVerdictsTest {
  private static final Path AITER = Path.of("..", "..", "shared", "corpus", "aiter");
  private static final Path F4 = AITER.resolve("gfx950-f4gemm");
  private static final List<String> IN_FLIGHT_KERNELS =
      List.of(
          "f4gemm_bf16_per1x32Fp4_BpreShuffle_160x256.co",
          "f4gemm_bf16_per1x32Fp4_BpreShuffle_192x256.co",
          "f4gemm_bf16_per1x32Fp4_BpreShuffle_224x256.co");

  private static void assumeCorpus() {
    assumeTrue(Files.isDirectory(F4), "../shared/corpus is absent: the aiter kernels are not here");
    assumeTrue(
        CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH (apt-get install llvm-22)");
  }

  /** The JSON report of every input, by its file name (gfx942 and gfx950 share names: by path). */
  private static Map<String, JsonNode> reports(Cli.Result r, boolean byName) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    Map<String, JsonNode> out = new TreeMap<>();
    for (String line : r.out().split("\n")) {
      JsonNode report = mapper.readTree(line);
      Path input = Path.of(report.get("input").asText());
      out.put(byName ? input.getFileName().toString() : input.toString(), report);
    }
    return out;
  }

  @Test
  void theFp4GemmsVerifyButThreeWhoseReadsAreInFlightAcrossABarrier() throws Exception {
    assumeCorpus();
    Cli.Result r = Cli.run("verify", F4.toString(), "--jsonl", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    Map<String, JsonNode> reports = reports(r, true);
    assertEquals(35, reports.size(), r.dump());
    List<String> violated = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
      String verdict = e.getValue().get("verdict").asText();
      if (!verdict.equals("verified")) {
        violated.add(e.getKey());
        assertEquals("violated", verdict, e.getKey());
        for (JsonNode v : e.getValue().get("violations")) {
          assertEquals("P1", v.get("property").asText(), e.getKey());
          assertEquals("WAR", v.get("kind").asText(), e.getKey());
          assertEquals("in-flight-across-barrier", v.get("class").asText(), e.getKey());
          assertEquals("ds_read", v.at("/ops/0/op").asText(), e.getKey());
          assertEquals("g2s", v.at("/ops/1/op").asText(), e.getKey());
        }
        assertEquals(2, e.getValue().get("findings").size(), e.getKey());
      }
    }
    assertEquals(IN_FLIGHT_KERNELS, violated);

    Cli.Result assumed =
        Cli.run(
            "verify", F4.toString(), "--jsonl", "--no-timings", "--assume", "lds-read-before-dma");
    assertEquals(0, assumed.code(), assumed.dump());
    Map<String, JsonNode> under = reports(assumed, true);
    for (Map.Entry<String, JsonNode> e : under.entrySet()) {
      assertEquals("verified", e.getValue().get("verdict").asText(), e.getKey());
      boolean excused = e.getValue().get("excused").size() > 0;
      assertEquals(IN_FLIGHT_KERNELS.contains(e.getKey()), excused, e.getKey());
    }
    JsonNode k192 = under.get(IN_FLIGHT_KERNELS.get(1)).get("excused").get(0);
    assertTrue(k192.at("/ops/0/origin").asText().endsWith("_192x256.co:632"), k192.toString());
    assertTrue(k192.at("/ops/1/origin").asText().endsWith("_192x256.co:661"), k192.toString());
  }

  @Test
  void theBf16GemmsVerifyAndNoCorpusFindingIsBetweenTwoDsOpsOfOneWave() throws Exception {
    assumeCorpus();
    Cli.Result r =
        Cli.run(
            "verify",
            AITER.resolve("gfx942").toString(),
            AITER.resolve("gfx950").toString(),
            F4.toString(),
            "--jsonl",
            "--no-timings",
            "--max-findings",
            "0");
    assertEquals(1, r.code(), r.dump());
    Map<String, JsonNode> reports = reports(r, false);
    assertEquals(46 + 35, reports.size());
    int violations = 0;
    for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
      if (!e.getKey().contains("gfx950-f4gemm")) {
        assertEquals("verified", e.getValue().get("verdict").asText(), e.getKey());
      }
      for (JsonNode v : e.getValue().get("violations")) {
        violations++;
        JsonNode ops = v.get("ops");
        if (ops.size() == 2) {
          boolean ds =
              ops.get(0).get("op").asText().startsWith("ds_")
                  && ops.get(1).get("op").asText().startsWith("ds_");
          assertFalse(
              ds && ops.get(0).get("wave").asInt() == ops.get(1).get("wave").asInt(),
              e.getKey() + ": " + v.get("summary").asText());
        }
      }
    }
    assertEquals(12, violations, "the three FP4 kernels' 4 defects each");
  }

  /**
   * explain repairs an FP4 kernel with the hand-found fix, in all four unrolled copies as one edit:
   * a wait for the stage's last ds_read before each barrier the other waves' copies follow, two in
   * each role's program (docs/corpus.md, "Repairs"); {@code --apply} writes the kernel's listing
   * with the four waits, which verifies in every launch class.
   */
  @Test
  void explainRepairsAnFp4KernelInEveryCopyOfItsLoop(@TempDir Path out) throws Exception {
    assumeCorpus();
    Path k = F4.resolve("f4gemm_bf16_per1x32Fp4_BpreShuffle_192x256.co");
    Cli.Result r = Cli.run("explain", k.toString(), "--apply", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    List<String> edits =
        r.out().lines().filter(l -> l.startsWith("    edit: ")).map(String::strip).toList();
    assertEquals(
        List.of(
            "edit: in every role, in the loop, before the s_barrier at "
                + k
                + ":650, insert s_waitcnt lgkmcnt(0), at 4 sites: lines 650, 836, 1025, 1211"),
        edits,
        r.dump());
    assertTrue(
        r.out().contains("One edit repairs the schedule: it verifies for every trip count T >= 1."),
        r.dump());
    Path written = out.resolve("f4gemm_bf16_per1x32Fp4_BpreShuffle_192x256.s");
    assertTrue(
        r.out()
            .endsWith(
                "Applied: wrote "
                    + written
                    + " (4 lines inserted, 0 changed, every other line as it was); verified again"
                    + " from that file, 3 launch classes: VERIFIED.\n"),
        r.dump());
    List<String> lines = Files.readAllLines(written);
    for (int line : List.of(650, 837, 1027, 1214)) {
      assertEquals(
          "\ts_waitcnt lgkmcnt(0) ; inserted by pipeverify explain --apply",
          lines.get(line - 1),
          "line " + line);
      assertTrue(lines.get(line).strip().startsWith("s_barrier"), lines.get(line));
    }
    Cli.Result again = Cli.run("verify", written.toString(), "--no-timings");
    assertEquals(0, again.code(), again.dump());
  }
}

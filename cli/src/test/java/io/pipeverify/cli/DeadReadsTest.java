package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36's done-when on a hand-written kernel: two waves each copy their own 1 KiB chunk, read
 * the other's, multiply, and at the K loop's end read the next step's fragments (line 28). After
 * the loop each stages its result over its own chunk (line 32) with no barrier: the other wave's
 * last prefetch read may still be reading it. That read's value is never used, so the kernel
 * verifies with the pairs listed as benign; once the epilogue multiplies the prefetched registers
 * (line 34) the same pair is a violation.
 */
class DeadReadsTest {
  @TempDir Path tmp;

  private Path kernel(boolean epilogueUsesPrefetch) throws Exception {
    List<String> lines =
        new ArrayList<>(
            List.of(
                "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"", // 1
                "\t.amdhsa_kernel k", // 2
                "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1", // 3
                "\t.end_amdhsa_kernel", // 4
                "k:", // 5
                "\ts_load_dword s20, s[0:1], 0x0", // 6: the trip count
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\tv_readfirstlane_b32 s0, v0", // 8: 64 * wave
                "\ts_lshl_b32 s1, s0, 4", // 9: own chunk
                "\ts_mov_b32 m0, s1", // 10
                "\ts_sub_u32 s3, 0x400, s1", // 11: the other wave's chunk
                "\tv_and_b32_e32 v1, 63, v0", // 12
                "\tv_lshlrev_b32_e32 v1, 4, v1", // 13
                "\tv_add_u32_e32 v2, s3, v1", // 14
                "\tv_add_u32_e32 v3, s1, v1", // 15
                "\tbuffer_load_dwordx4 v9, s[4:7], 0 offen lds", // 16
                "\ts_waitcnt vmcnt(0)", // 17
                "\ts_barrier", // 18
                "\tds_read_b128 v[4:7], v2", // 19
                "\ts_mov_b32 s2, 0", // 20
                ".LBB0_1:", // 21
                "\ts_waitcnt lgkmcnt(0)", // 22
                "\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]", // 23
                "\ts_barrier", // 24
                "\tbuffer_load_dwordx4 v9, s[4:7], 0 offen lds", // 25
                "\ts_waitcnt vmcnt(0)", // 26
                "\ts_barrier", // 27
                "\tds_read_b128 v[4:7], v2", // 28: the next step's fragments
                "\ts_add_u32 s2, s2, 1", // 29
                "\ts_cmp_lt_u32 s2, s20", // 30
                "\ts_cbranch_scc1 .LBB0_1", // 31
                "\tds_write_b128 v3, v[12:15]", // 32: staging over the own chunk
                "\ts_waitcnt lgkmcnt(0)")); // 33
    if (epilogueUsesPrefetch) {
      lines.add("\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]"); // 34
    }
    lines.add("\ts_endpgm");
    Path file = tmp.resolve(epilogueUsesPrefetch ? "used.s" : "dead.s");
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void theLastPrefetchRacingTheEpilogueIsBenignAndListedWhenAsked() throws Exception {
    Path k = kernel(false);
    Cli.Result plain = Cli.run("verify", k.toString(), "--waves", "2", "--no-timings");
    assertEquals(0, plain.code(), plain.dump());
    assertTrue(plain.out().startsWith("k: VERIFIED\n"), plain.dump());
    assertTrue(
        plain
            .out()
            .contains(
                "\nbenign: 2 defects of reads whose value is never used, not findings (4"
                    + " instances; --show-benign lists them)\n"),
        plain.dump());
    Cli.Result shown =
        Cli.run("verify", k.toString(), "--waves", "2", "--no-timings", "--show-benign");
    assertEquals(0, shown.code(), shown.dump());
    assertTrue(
        shown
            .out()
            .contains(
                "  benign: P1 WAR: wave 0 loop k=0 ("
                    + k
                    + ":28): ds_read lds[0] bytes [1024, 2048) -> v[4:7] and wave 1 epilogue ("
                    + k
                    + ":32): ds_write lds[0] bytes [1024, 2048) <- computed v[12:15]: the value"
                    + " read is never used (v[4:7] never read; 2 instances)\n"),
        shown.dump());
    JsonNode json =
        Cli.run("verify", k.toString(), "--waves", "2", "--no-timings", "--format", "json").json();
    JsonNode benign = json.at("/benign/0");
    assertEquals("P1 WAR", benign.at("/rule").asText());
    assertEquals(k + ":28", benign.at("/ops/0/origin").asText());
    assertEquals(k + ":32", benign.at("/ops/1/origin").asText());
    assertEquals("v[4:7] never read", benign.at("/why").asText());
    assertEquals(2, benign.at("/instances").asInt());
  }

  @Test
  void thePrefetchReadTheEpilogueUsesIsViolatedAtThatPair() throws Exception {
    Path k = kernel(true);
    Cli.Result r = Cli.run("verify", k.toString(), "--waves", "2", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 4 instances)\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "  P1 WAR: wave 1 epilogue ("
                    + k
                    + ":32): ds_write lds[0] bytes [1024, 2048) <- computed v[12:15] may land"
                    + " before wave 0 loop k=0 ("
                    + k
                    + ":28): ds_read lds[0] bytes [1024, 2048) -> v[4:7] reads"),
        r.dump());
    assertTrue(!r.out().contains("benign"), r.dump());
  }

  /**
   * {@code show --format json} writes what the lift found of each read; verifying that file gives
   * the kernel's verdict again, benign pairs and all.
   */
  @Test
  void aLiftedScheduleWrittenAsJsonKeepsItsDeadReads() throws Exception {
    Path k = kernel(false);
    Cli.Result shown = Cli.run("show", k.toString(), "--waves", "2", "--format", "json");
    assertEquals(0, shown.code(), shown.dump());
    assertTrue(
        shown
            .out()
            .contains("\"dead\": {\"in\": \"last-iteration\", \"why\": \"v[4:7] never read\"}"),
        shown.dump());
    Path json = tmp.resolve("dead.json");
    Files.writeString(json, shown.out(), StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("verify", json.toString(), "--no-timings");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out().contains("\nbenign: 2 defects of reads whose value is never used"), r.dump());
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36's done-when on a hand-written kernel ({@link PrefetchKernel}): the last prefetch read
 * (line 28) against the other wave's epilogue staging (line 32). That read's value is never used,
 * so the kernel verifies with the pairs listed as benign; once the epilogue multiplies the
 * prefetched registers (line 34) the same pair is a violation.
 */
class DeadReadsTest {
  @TempDir Path tmp;

  private Path kernel(boolean epilogueUsesPrefetch) throws Exception {
    Path file = tmp.resolve(epilogueUsesPrefetch ? "used.s" : "dead.s");
    Files.writeString(
        file,
        String.join("\n", PrefetchKernel.lines(epilogueUsesPrefetch, true)) + "\n",
        StandardCharsets.UTF_8);
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
    assertFalse(r.out().contains("benign"), r.dump());
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

  /**
   * A read whose value is stored only after a branch on an unknown that touches no LDS (the walk
   * ends there: nothing after it can race) is not dead: what the rest of the wave reads is not
   * followed. Each wave writes its chunk (line 16) and reads the other wave's (line 18) with no
   * barrier between, then stores it behind {@code s20 != 0} (lines 20-22): a race, not a benign
   * pair (aiter's bf16 GEMM epilogue with its barrier dropped was verified for this).
   */
  @Test
  void aReadStoredAfterABranchTheWalkDoesNotFollowIsNotDead() throws Exception {
    java.util.List<String> lines = new java.util.ArrayList<>(KernelHeader.TWO_WAVE_CHUNKS);
    lines.addAll(
        java.util.List.of(
            "\tv_add_u32_e32 v3, s1, v1", // 15: the lane's bytes of its own chunk
            "\tds_write_b128 v3, v[12:15]", // 16
            "\ts_waitcnt lgkmcnt(0)", // 17
            "\tds_read_b128 v[4:7], v2", // 18
            "\ts_waitcnt lgkmcnt(0)", // 19
            "\ts_cmp_eq_u32 s20, 0", // 20
            "\ts_cbranch_scc1 .Lskip", // 21
            "\tbuffer_store_dwordx4 v[4:7], v1, s[4:7], 0 offen", // 22
            ".Lskip:",
            "\ts_endpgm"));
    Path k = KernelHeader.write(tmp.resolve("stored.s"), KernelHeader.then(lines));
    Cli.Result r = Cli.run("verify", k.toString(), "--waves", "2", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "P1 RAW: wave 1 prologue ("
                    + k
                    + ":18): ds_read lds[0] bytes [0, 1024) -> v[4:7] may read before wave 0"
                    + " prologue ("
                    + k
                    + ":16): ds_write lds[0] bytes [0, 1024)"),
        r.dump());
    assertFalse(r.out().contains("benign"), r.dump());
  }

  /**
   * The epilogue reads its own staged result back into v[4:7] (line 33) with no wait after the last
   * prefetch (line 28): the later LDS read of the same wave lands after the prefetch, so the
   * prefetch's value is gone before the multiply (line 35) reads v[4:7], and its race with the
   * other wave's staging is benign; with a use of v[4:7] before the read back it is not.
   */
  @Test
  void aReadOverwrittenByALaterReadOfTheWaveIsDeadWithoutAWait() throws Exception {
    for (boolean usedBefore : new boolean[] {false, true}) {
      java.util.List<String> lines = new java.util.ArrayList<>(PrefetchKernel.lines(false, true));
      int wait = lines.lastIndexOf("\ts_waitcnt lgkmcnt(0)"); // line 33
      lines.add(wait, "\tds_read_b128 v[4:7], v3"); // 33: the own staged result
      lines.add(wait + 2, "\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]"); // 35
      if (usedBefore) {
        lines.add(wait, "\tv_mov_b32_e32 v20, v4"); // 34, before the read back
        lines.add(wait, "\ts_waitcnt lgkmcnt(0)"); // 33
      }
      Path k = KernelHeader.write(tmp.resolve(usedBefore ? "used.s" : "reread.s"), lines);
      Cli.Result r = Cli.run("verify", k.toString(), "--waves", "2", "--no-timings");
      if (usedBefore) {
        assertEquals(1, r.code(), r.dump());
        assertTrue(r.out().contains("P1 WAR"), r.dump());
        assertTrue(r.out().contains(k + ":28): ds_read lds[0] bytes [1024, 2048)"), r.dump());
      } else {
        assertEquals(0, r.code(), r.dump());
        assertTrue(r.out().startsWith("k: VERIFIED\n"), r.dump());
        assertTrue(
            r.out()
                .contains(
                    "\nbenign: 2 defects of reads whose value is never used, not findings (4"
                        + " instances; --show-benign lists them)\n"),
            r.dump());
      }
    }
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel one of whose launches the lift cannot follow (an LDS-DMA to an M0 made of a kernel
 * argument, on one side of a branch on another): the launches it follows get their verdict, the
 * other is listed with its condition and reason, and the kernel's verdict is inconclusive (exit 3),
 * or violated when a followed class is (docs/isa.md, "Launches the lift cannot follow").
 */
class UncoveredLaunchesTest {
  @TempDir Path tmp;

  /** Two waves copy, wait, meet and read back in a loop; {@code wait} retires the copies or not. */
  private Path kernel(String name, boolean wait) throws Exception {
    List<String> lines =
        KernelHeader.then(
            List.of(
                "\ts_load_dword s21, s[0:1], 0x4", // 6
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\ts_cmp_eq_u32 s21, 0", // 8
                "\ts_cbranch_scc1 .La", // 9
                "\ts_mov_b32 m0, s21", // 10
                "\tbuffer_load_dword v9, s[4:7], 0 offen lds", // 11
                "\ts_waitcnt vmcnt(0)", // 12
                ".La:", // 13
                "\tv_readfirstlane_b32 s0, v0", // 14
                "\ts_lshl_b32 s1, s0, 4", // 15
                "\ts_mov_b32 m0, s1", // 16
                "\ts_mov_b32 s2, 0", // 17
                "\tv_lshlrev_b32_e32 v1, 4, v0", // 18
                ".LBB0_1:", // 19
                "\tbuffer_load_dwordx4 v2, s[4:7], 0 offen lds", // 20
                wait ? "\ts_waitcnt vmcnt(0)" : "\ts_nop 0", // 21
                "\ts_barrier", // 22
                "\tds_read_b128 v[4:7], v1", // 23
                "\ts_waitcnt lgkmcnt(0)", // 24
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 25
                "\ts_barrier", // 26
                "\ts_add_u32 s2, s2, 1", // 27
                "\ts_cmp_lt_u32 s2, 100", // 28
                "\ts_cbranch_scc1 .LBB0_1", // 29
                "\ts_endpgm"));
    return KernelHeader.write(tmp.resolve(name), lines);
  }

  @Test
  void theLaunchesFollowedVerifyAndTheOtherIsListed() throws Exception {
    Path k = kernel("k.s", true);
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings", "--waves", "2");
    assertEquals(3, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: INCONCLUSIVE\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nnot covered: 1 launch class the lift cannot follow (no verdict covers them):\n  "
                    + k
                    + ":9 s_cmp_eq_b32(kernarg+4, 0) false: "
                    + k
                    + ":11: the LDS address of buffer_load_dword in wave 0 depends on an unknown"
                    + " value (M0, which depends on kernarg+4)\n"),
        r.dump());
    assertTrue(
        r.out().contains("\ninconclusive: 1 launch class not covered (the lift cannot follow"),
        r.dump());
    Cli.Result json =
        Cli.run("verify", k.toString(), "--no-timings", "--waves", "2", "--format", "json");
    JsonNode launches = json.json().get("launches");
    assertEquals(1, launches.get("classes").asInt(), json.dump());
    assertEquals(1, launches.get("uncovered").size(), json.dump());
    assertTrue(
        launches.get("uncovered").get(0).asText().endsWith("(M0, which depends on kernarg+4)"),
        json.dump());
  }

  /**
   * A kernel none of whose launches the lift follows to its end within the bound is no bad input:
   * inconclusive (exit 3), alone and as a row of a sweep, saying why (aiter's persistent kernels,
   * whose work loop holds the K loop, at the default bound).
   */
  @Test
  void aKernelWithNoLaunchCoveredIsInconclusiveNotBadInput() throws Exception {
    Path k = kernel("k.s", true);
    Cli.Result alone = Cli.run("verify", k.toString(), "--waves", "2", "--max-launches", "1");
    assertEquals(3, alone.code(), alone.dump());
    assertEquals("", alone.out());
    assertEquals(
        "pipeverify: inconclusive: "
            + k
            + ":2: kernel k has more than 1 launch classes: its branches on unknown values ("
            + k
            + ":9: s_cbranch_scc1 on s_cmp_eq_b32(kernarg+4, 0)) differ in what they do to LDS,"
            + " waits or barriers; give --arg values to narrow the launches, or --max-launches a"
            + " larger bound (none of the launches followed reached the kernel's end: no launch"
            + " class is covered)\n",
        alone.err());
    kernel("k2.s", false);
    Cli.Result sweep =
        Cli.run("verify", tmp.toString(), "--waves", "2", "--max-launches", "1", "--jsonl");
    assertEquals(3, sweep.code(), sweep.dump());
    assertEquals(2, sweep.out().strip().split("\n").length, sweep.dump());
    JsonNode row = sweep.json();
    assertEquals("inconclusive", row.path("verdict").asText(), sweep.dump());
    // The row's reason is the message with its file named by the row: "line 2: kernel k ...".
    assertEquals(k.toString(), row.path("input").asText(), sweep.dump());
    assertEquals(
        alone.err().strip().replace("pipeverify: inconclusive: " + k + ":2:", "line 2:"),
        row.path("reason").asText(),
        sweep.dump());
  }

  @Test
  void aViolatedLaunchStaysTheVerdict() throws Exception {
    Cli.Result r = Cli.run("verify", kernel("racy.s", false).toString(), "--waves", "2");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED"), r.dump());
    assertTrue(r.out().contains("\nnot covered: 1 launch class"), r.dump());
  }

  @Test
  void aCommandThatNeedsOneLaunchSaysWhichItCannotFollow() throws Exception {
    Path k = kernel("k.s", true);
    Cli.Result r = Cli.run("show", k.toString(), "--waves", "2");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .startsWith(
                "pipeverify: "
                    + k
                    + ": the lift cannot follow every launch of kernel k: "
                    + k
                    + ":9 s_cmp_eq_b32(kernarg+4, 0) false: "),
        r.dump());
  }

  /**
   * A loop before the K loop writes one LDS row a pass and leaves on a compare of a long term of an
   * argument (one launch class a pass, the term cut short in words): a class not covered names the
   * decision once with the number of passes that made it, not once a pass.
   */
  @Test
  void aDecisionMadeOnceAPassIsNamedOnceWithItsCount() throws Exception {
    List<String> lines =
        KernelHeader.then(
            List.of(
                "\ts_load_dwordx2 s[20:21], s[0:1], 0x0", // 6
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\ts_mul_i32 s22, s21, 3", // 8
                "\ts_add_u32 s22, s22, 7", // 9
                "\ts_mul_i32 s22, s22, s21", // 10
                "\ts_add_u32 s22, s22, 11", // 11: the rows, a term longer than a report shows
                "\tv_lshlrev_b32_e32 v1, 2, v0", // 12
                "\ts_mov_b32 s3, 0", // 13
                ".Lrow:", // 14
                "\tds_write_b32 v1, v5", // 15
                "\tv_add_u32_e32 v1, 0x200, v1", // 16
                "\ts_add_u32 s3, s3, 1", // 17
                "\ts_cmp_ge_u32 s22, s3", // 18
                "\ts_cbranch_scc1 .Lrow", // 19
                "\ts_waitcnt lgkmcnt(0)", // 20
                "\ts_barrier", // 21
                "\tv_readfirstlane_b32 s0, v0", // 22
                "\ts_lshl_b32 s1, s0, 4", // 23
                "\ts_add_u32 s1, s1, 0x8000", // 24
                "\ts_mov_b32 m0, s1", // 25
                "\ts_mov_b32 s2, 0", // 26
                "\tv_lshlrev_b32_e32 v1, 4, v0", // 27
                "\tv_add_u32_e32 v1, 0x8000, v1", // 28
                ".LBB0_1:", // 29
                "\tbuffer_load_dwordx4 v2, s[4:7], 0 offen lds", // 30
                "\ts_waitcnt vmcnt(0)", // 31
                "\ts_barrier", // 32
                "\tds_read_b128 v[4:7], v1", // 33
                "\ts_waitcnt lgkmcnt(0)", // 34
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 35
                "\ts_barrier", // 36
                "\ts_add_u32 s2, s2, 1", // 37
                "\ts_cmp_lt_u32 s2, s20", // 38
                "\ts_cbranch_scc1 .LBB0_1", // 39
                "\ts_endpgm"));
    Path k = KernelHeader.write(tmp.resolve("rows.s"), lines);
    Cli.Result r =
        Cli.run("verify", k.toString(), "--no-timings", "--waves", "2", "--max-launches", "4");
    assertEquals(3, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nnot covered: 1 launch class the lift cannot follow (no verdict covers them):\n  "
                    + k
                    + ":19 s_cmp_ge_u32(s_add_u32(s_mul_i32(s_add_u32(s_mul_i32(kernar... true (2"
                    + " times): kernel k has more than 4 launch classes"),
        r.dump());
  }
}

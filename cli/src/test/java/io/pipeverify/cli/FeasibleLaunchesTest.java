package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel that skips its wait only when {@code x < 1} and {@code x} is odd, which no launch is:
 * the lift explores both branches on the kernel argument, Z3 proves that combination impossible,
 * and the kernel verifies, its coverage saying what was left out. The same kernel skipping the wait
 * when {@code x < 1} and {@code x} is even (x = 0) is violated (proofs/launches.md).
 */
class FeasibleLaunchesTest {
  @TempDir Path tmp;

  private Path kernel(String parity) throws Exception {
    List<String> lines =
        KernelHeader.then(
            List.of(
                "\ts_load_dword s20, s[0:1], 0x0", // 6
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\tv_readfirstlane_b32 s0, v0", // 8: w * 64
                "\ts_lshl_b32 s1, s0, 2", // 9: w * 256
                "\ts_mov_b32 m0, s1", // 10
                "\tv_lshlrev_b32_e32 v1, 2, v0", // 11: (w * 64 + lane) * 4
                "\tbuffer_load_dword v2, s[4:7], 0 offen lds", // 12: [w * 256, + 256)
                "\ts_cmp_lt_u32 s20, 1", // 13
                "\ts_cbranch_scc0 .Lwait", // 14
                "\ts_and_b32 s21, s20, 1", // 15
                "\ts_cmp_eq_u32 s21, " + parity, // 16
                "\ts_cbranch_scc1 .Lread", // 17: skips the wait
                ".Lwait:", // 18
                "\ts_waitcnt vmcnt(0)", // 19
                ".Lread:", // 20
                "\tds_read_b32 v4, v1", // 21: the bytes the wave copied
                "\ts_waitcnt lgkmcnt(0)", // 22
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 23: uses the read
                "\ts_endpgm"));
    return KernelHeader.write(tmp.resolve("k" + parity + ".s"), lines);
  }

  /**
   * A ping-pong loop of x steps (x >= 1) whose last step leaves a prefetch in flight into slot x &
   * 1; the epilogue, choosing by the parity of x, reads the other slot without waiting. {@code
   * swapped}: it reads the slot in flight instead.
   */
  private Path pingpong(boolean swapped) throws Exception {
    String slot1 = "\tv_add_u32_e32 v5, 0x400, v1";
    List<String> lines =
        KernelHeader.then(
            List.of(
                "\ts_load_dword s20, s[0:1], 0x0", // 6: x, the K steps
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\ts_cmp_lt_u32 s20, 1", // 8
                "\ts_cbranch_scc1 .Lend", // 9
                "\tv_readfirstlane_b32 s0, v0", // 10: w * 64
                "\ts_lshl_b32 s1, s0, 2", // 11: w * 256
                "\tv_lshlrev_b32_e32 v1, 2, v0", // 12: w * 256 + lane * 4
                "\ts_mov_b32 m0, s1", // 13
                "\tbuffer_load_dword v2, s[4:7], 0 offen lds", // 14: slot 0
                "\ts_mov_b32 s2, 0", // 15
                ".Lloop:", // 16
                "\ts_waitcnt vmcnt(0)", // 17
                "\ts_barrier", // 18
                "\ts_and_b32 s3, s2, 1", // 19
                "\ts_lshl_b32 s3, s3, 10", // 20: slot k & 1
                "\tv_add_u32_e32 v5, s3, v1", // 21
                "\tds_read_b32 v4, v5", // 22
                "\ts_xor_b32 s3, s3, 0x400", // 23
                "\ts_add_u32 m0, s1, s3", // 24
                "\tbuffer_load_dword v2, s[4:7], 0 offen lds", // 25: prefetch, slot (k + 1) & 1
                "\ts_waitcnt lgkmcnt(0)", // 26
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 27
                "\ts_add_u32 s2, s2, 1", // 28
                "\ts_cmp_lt_u32 s2, s20", // 29
                "\ts_cbranch_scc1 .Lloop", // 30
                "\ts_and_b32 s21, s20, 1", // 31
                "\ts_cmp_eq_u32 s21, 1", // 32
                "\ts_cbranch_scc1 .Lodd", // 33
                swapped ? "\ts_nop 0" : slot1, // 34: x even: in flight into slot 0
                "\tds_read_b32 v4, " + (swapped ? "v1" : "v5"), // 35
                "\ts_branch .Ldone", // 36
                ".Lodd:", // 37
                swapped ? slot1 : "\ts_nop 0", // 38: x odd: in flight into slot 1
                "\tds_read_b32 v4, " + (swapped ? "v5" : "v1"), // 39
                ".Ldone:", // 40
                "\ts_waitcnt lgkmcnt(0)", // 41
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 42
                "\ts_waitcnt vmcnt(0)", // 43
                ".Lend:", // 44
                "\ts_endpgm"));
    return KernelHeader.write(tmp.resolve(swapped ? "swapped.s" : "pingpong.s"), lines);
  }

  /**
   * The loop's trip-count classes (an even and an odd number of steps) each meet both sides of the
   * parity branch; Z3 proves that x steps and the other parity of x exclude each other, so the
   * classes whose epilogue would read the slot in flight are left out.
   */
  @Test
  void aTripCountNoLaunchRunsWithItsEpilogueIsLeftOut() throws Exception {
    Cli.Result r = Cli.run("verify", pingpong(false).toString(), "--no-timings", "--waves", "2");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VERIFIED\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "; 3 ways the branches cannot go together left out (proved: proofs/launches.md)"
                    + " (4 launch classes; docs/isa.md)\n"),
        r.dump());
    Cli.Result bad = Cli.run("verify", pingpong(true).toString(), "--no-timings", "--waves", "2");
    assertEquals(1, bad.code(), bad.dump());
    assertTrue(bad.out().startsWith("k: VIOLATED (1 root cause, 4 instances)\n"), bad.dump());
    assertTrue(bad.out().contains("P1 RAW"), bad.dump());
  }

  @Test
  void aCombinationNoLaunchTakesIsLeftOut() throws Exception {
    Path k = kernel("1");
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings", "--waves", "2");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VERIFIED\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "; 1 way the branches cannot go together left out (proved: proofs/launches.md)"),
        r.dump());
  }

  @Test
  void aCombinationSomeLaunchTakesStays() throws Exception {
    Path k = kernel("0");
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings", "--waves", "2");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 4 instances)\n"), r.dump());
    assertTrue(r.out().contains("P1 RAW"), r.dump());
    assertTrue(r.out().contains(k + ":17 s_cmp_eq_b32(s_and_b32(kernarg+0, 1), 0) true"), r.dump());
    // x < 1 with x odd is still no launch: left out here too, beside the class that is one.
    assertTrue(r.out().contains("; 1 way the branches cannot go together left out"), r.dump());
    assertTrue(r.out().contains("(2 launch classes; docs/isa.md)"), r.dump());
  }
}

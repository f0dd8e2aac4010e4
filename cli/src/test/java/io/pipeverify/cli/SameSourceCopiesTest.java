package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Waves 0 and 1 copy into the same LDS bytes (M0 = (wave >> 1) * 256), as aiter's fmha backward
 * kernels do: a race of two writes under the ISA's rules. With every lane addressing the same
 * global word in both waves, {@code --assume same-source-copies} excuses it (equal values); with
 * the address depending on the wave it does not (docs/debugging.md).
 */
class SameSourceCopiesTest {
  @TempDir Path tmp;

  private Path kernel(boolean sameSource) throws Exception {
    List<String> lines =
        KernelHeader.then(
            List.of(
                "\ts_load_dwordx4 s[4:7], s[0:1], 0x0", // 6: the buffer resource
                "\ts_waitcnt lgkmcnt(0)", // 7
                "\tv_readfirstlane_b32 s0, v0", // 8: w * 64
                "\ts_lshr_b32 s1, s0, 7", // 9: w >> 1
                "\ts_lshl_b32 s1, s1, 8", // 10: (w >> 1) * 256
                "\ts_mov_b32 m0, s1", // 11
                sameSource ? "\tv_and_b32_e32 v1, 63, v0" : "\tv_mov_b32_e32 v1, v0", // 12
                "\tv_lshlrev_b32_e32 v1, 2, v1", // 13: the global offset
                "\tbuffer_load_dword v1, s[4:7], 0 offen lds", // 14
                "\ts_waitcnt vmcnt(0)", // 15
                "\ts_barrier", // 16
                "\tv_and_b32_e32 v2, 63, v0", // 17
                "\tv_lshlrev_b32_e32 v2, 2, v2", // 18
                "\tv_add_u32_e32 v2, s1, v2", // 19: the group's copy
                "\tds_read_b32 v4, v2", // 20
                "\ts_waitcnt lgkmcnt(0)", // 21
                "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 22
                "\ts_endpgm"));
    return KernelHeader.write(tmp.resolve(sameSource ? "same.s" : "other.s"), lines);
  }

  @Test
  void twoCopiesOfTheSameBytesAreExcusedUnderTheAssumptionOnly() throws Exception {
    Path k = kernel(true);
    Cli.Result strict = strict(k);
    assertEquals(1, strict.code(), strict.dump());
    assertTrue(strict.out().startsWith("k: VIOLATED (1 root cause, 1 instance)\n"), strict.dump());
    assertTrue(strict.out().contains("P1 WAW"), strict.dump());
    Cli.Result assumed = assumed(k);
    assertEquals(0, assumed.code(), assumed.dump());
    assertTrue(
        assumed.out().startsWith("k: VERIFIED under assumption same-source-copies\n"),
        assumed.dump());
    assertTrue(
        assumed.out().contains("(1 instance, verified under assumption same-source-copies)"),
        assumed.dump());
  }

  /**
   * The same two waves in a K loop (the trip count from the first argument): each K step both copy
   * the row at offset s8 into bytes [0, 256), then read it. With {@code sameStride} s8 moves by 256
   * bytes a step in both waves; otherwise by 256 + 64 * wave, so the two copies agree in the first
   * K step only.
   */
  private Path loopKernel(boolean sameStride) throws Exception {
    List<String> lines =
        KernelHeader.then(
            List.of(
                "	s_load_dword s20, s[0:1], 0x0", // 6: the trip count
                "	s_load_dwordx4 s[4:7], s[0:1], 0x10", // 7: the buffer resource
                "	s_waitcnt lgkmcnt(0)", // 8
                "	v_readfirstlane_b32 s0, v0", // 9: w * 64
                "	s_lshr_b32 s1, s0, 7", // 10: w >> 1
                "	s_lshl_b32 s1, s1, 8", // 11: (w >> 1) * 256
                "	s_mov_b32 m0, s1", // 12
                "	v_and_b32_e32 v1, 63, v0", // 13
                "	v_lshlrev_b32_e32 v1, 2, v1", // 14: the lane's word of the row
                "	v_add_u32_e32 v2, s1, v1", // 15: the group's copy
                sameStride ? "	s_movk_i32 s9, 0x100" : "	s_add_u32 s9, s0, 0x100", // 16
                "	s_mov_b32 s8, 0", // 17: the row
                "	s_mov_b32 s2, 0", // 18
                ".LBB0_1:", // 19
                "	buffer_load_dword v1, s[4:7], s8 offen lds", // 20
                "	s_waitcnt vmcnt(0)", // 21
                "	s_barrier", // 22
                "	ds_read_b32 v4, v2", // 23
                "	s_waitcnt lgkmcnt(0)", // 24
                "	v_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 25
                "	s_barrier", // 26
                "	s_add_u32 s8, s8, s9", // 27: the next row
                "	s_add_u32 s2, s2, 1", // 28
                "	s_cmp_lt_u32 s2, s20", // 29
                "	s_cbranch_scc1 .LBB0_1", // 30
                "	s_endpgm"));
    return KernelHeader.write(tmp.resolve(sameStride ? "loop-same.s" : "loop-other.s"), lines);
  }

  @Test
  void loopCopiesOfTheSameRowInTheSameKStepAreExcused() throws Exception {
    Path k = loopKernel(true);
    Cli.Result strict = strict(k);
    assertEquals(1, strict.code(), strict.dump());
    assertTrue(strict.out().startsWith("k: VIOLATED (1 root cause, 2 instances)\n"), strict.dump());
    assertTrue(
        strict
            .out()
            .contains("loop-same.s:20): g2s lds[0] bytes [0, 256) may land before wave 0 loop k=0"),
        strict.dump());
    Cli.Result assumed = assumed(k);
    assertEquals(0, assumed.code(), assumed.dump());
    assertTrue(
        assumed.out().startsWith("k: VERIFIED under assumption same-source-copies\n"),
        assumed.dump());
  }

  @Test
  void loopCopiesWhoseRowsPartAfterTheFirstKStepStayARace() throws Exception {
    Cli.Result r = assumed(loopKernel(false));
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 2 instances)\n"), r.dump());
    // The two copies agree in the first K step, but not in the second: nothing is excused.
    assertTrue(
        r.out().contains("\nassumptions: same-source-copies (0 instances excused;"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "loop-other.s:20): g2s lds[0] bytes [0, 256) may land before wave 0 loop k=0"),
        r.dump());
  }

  @Test
  void copiesOfOtherBytesStayARace() throws Exception {
    Cli.Result r = assumed(kernel(false));
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 1 instance)\n"), r.dump());
    assertTrue(r.out().contains("P1 WAW"), r.dump());
  }

  private static Cli.Result strict(Path kernel) throws Exception {
    return Cli.run("verify", kernel.toString(), "--no-timings", "--waves", "2");
  }

  private static Cli.Result assumed(Path kernel) throws Exception {
    return Cli.run(
        "verify",
        kernel.toString(),
        "--no-timings",
        "--waves",
        "2",
        "--assume",
        "same-source-copies");
  }
}

package io.pipeverify.cli;

import java.util.List;

/**
 * A hand-written two-wave gfx950 kernel for the dead-read and known-finding tests: each wave copies
 * its own 1 KiB chunk with LDS-DMA, reads the other wave's, multiplies, and at the K loop's end
 * (line 28) reads the next step's fragments into v[4:7]. After the loop each wave stages its result
 * over its own chunk (line 32) with no barrier, where the other wave's last prefetch read may still
 * be reading; with {@code epilogueUsesPrefetch} the epilogue then multiplies v[4:7] (line 34).
 * Without {@code loopWait} the loop's copy is not waited for before its barrier (line 26).
 */
final class PrefetchKernel {
  private PrefetchKernel() {}

  static List<String> lines(boolean epilogueUsesPrefetch, boolean loopWait) {
    List<String> body = new java.util.ArrayList<>(KernelHeader.TWO_WAVE_CHUNKS); // 6-14
    body.addAll(
        List.of(
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
            loopWait ? "\ts_waitcnt vmcnt(0)" : "\ts_nop 0", // 26
            "\ts_barrier", // 27
            "\tds_read_b128 v[4:7], v2", // 28: the next step's fragments
            "\ts_add_u32 s2, s2, 1", // 29
            "\ts_cmp_lt_u32 s2, s20", // 30
            "\ts_cbranch_scc1 .LBB0_1", // 31
            "\tds_write_b128 v3, v[12:15]", // 32: staging over the own chunk
            "\ts_waitcnt lgkmcnt(0)")); // 33
    List<String> lines = KernelHeader.then(body);
    if (epilogueUsesPrefetch) {
      lines.add("\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]"); // 34
    }
    lines.add("\ts_endpgm");
    return lines;
  }
}

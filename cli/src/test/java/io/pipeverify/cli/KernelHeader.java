package io.pipeverify.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The first five lines of the hand-written gfx950 test kernels: target, descriptor, label k. */
final class KernelHeader {
  private KernelHeader() {}

  static final List<String> LINES =
      List.of(
          "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"", // 1
          "\t.amdhsa_kernel k", // 2
          "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1", // 3
          "\t.end_amdhsa_kernel", // 4
          "k:"); // 5

  /**
   * Lines 6-14 of the two-wave chunk kernels: the trip count from the first kernel argument (s20),
   * each wave's own 1 KiB chunk in M0 (the LDS-DMA target) and in v1 the lane's 16 bytes of it, in
   * v2 the same bytes of the other wave's chunk.
   */
  static final List<String> TWO_WAVE_CHUNKS =
      List.of(
          "\ts_load_dword s20, s[0:1], 0x0", // 6: the trip count
          "\ts_waitcnt lgkmcnt(0)", // 7
          "\tv_readfirstlane_b32 s0, v0", // 8: 64 * wave
          "\ts_lshl_b32 s1, s0, 4", // 9: own chunk
          "\ts_mov_b32 m0, s1", // 10
          "\ts_sub_u32 s3, 0x400, s1", // 11: the other wave's chunk
          "\tv_and_b32_e32 v1, 63, v0", // 12
          "\tv_lshlrev_b32_e32 v1, 4, v1", // 13
          "\tv_add_u32_e32 v2, s3, v1"); // 14

  /**
   * A two-wave K loop unrolled by hand into one copy per entry of {@code gaps} (line 17 + 8i): each
   * copy copies its wave's chunk with LDS-DMA, waits for it, passes a barrier (19 + 8i), reads the
   * other wave's chunk (20 + 8i), then {@code gaps[i]} (21 + 8i), a second barrier (22 + 8i),
   * {@code after} (23 + 8i) and an mfma of what it read.
   */
  static List<String> unrolled(List<String> gaps, String after) {
    List<String> body = new ArrayList<>(TWO_WAVE_CHUNKS);
    body.addAll(List.of("\ts_mov_b32 s2, 0", ".LBB0_1:")); // 15, 16
    for (String gap : gaps) {
      body.addAll(
          List.of(
              "\tbuffer_load_dwordx4 v9, s[4:7], 0 offen lds", // 17 + 8i
              "\ts_waitcnt vmcnt(0)",
              "\ts_barrier",
              "\tds_read_b128 v[4:7], v2", // 20 + 8i
              gap, // 21 + 8i
              "\ts_barrier", // 22 + 8i
              after,
              "\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]"));
    }
    body.addAll(
        List.of(
            "\ts_add_u32 s2, s2, 1",
            "\ts_cmp_lt_u32 s2, s20",
            "\ts_cbranch_scc1 .LBB0_1",
            "\ts_endpgm"));
    return then(body);
  }

  /**
   * Lines 6-10 of a one-wave kernel that reads back what it wrote: each lane writes its 16 bytes at
   * v1, waits, meets a barrier and reads them into v[4:7], the read in flight after line 10.
   */
  static List<String> readBackThen(List<String> from11) {
    List<String> body =
        new ArrayList<>(
            List.of(
                "\tv_lshlrev_b32_e32 v1, 4, v0", // 6
                "\tds_write_b128 v1, v[12:15]", // 7
                "\ts_waitcnt lgkmcnt(0)", // 8
                "\ts_barrier", // 9
                "\tds_read_b128 v[4:7], v1")); // 10
    body.addAll(from11);
    return body;
  }

  /** The header, then {@code body} from line 6. */
  static List<String> then(List<String> body) {
    List<String> out = new ArrayList<>(LINES);
    out.addAll(body);
    return out;
  }

  /** Writes {@code lines} (a kernel from {@link #then}) to {@code file}, one per line. */
  static Path write(Path file, List<String> lines) throws IOException {
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
  }
}

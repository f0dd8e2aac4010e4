package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
        List.of(
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"", // 1
            "\t.amdhsa_kernel k", // 2
            "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1", // 3
            "\t.end_amdhsa_kernel", // 4
            "k:", // 5
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
            "\ts_endpgm");
    Path file = tmp.resolve("k" + parity + ".s");
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
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

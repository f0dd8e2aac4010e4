package io.pipeverify.cli;

import static io.pipeverify.cli.CompiledKernels.compile;
import static io.pipeverify.cli.CompiledKernels.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The XOR-swizzled GEMM (isa/src/test/resources/isa/swizzled.hip: 4 waves, two LDS slots, tiles
 * staged through registers and written with ds_write_b128 at swizzled addresses, fragments read
 * with ds_read_b128 at swizzled addresses) compiled by clang-22 for both targets and verified from
 * its assembly: every LDS access of the loop is 15 or 16 separate ranges, and the verdict is exact
 * on them. Without the loop's lgkmcnt(0) before its barrier, another wave's fragment read may read
 * before the write of its bytes lands: P1 RAW at the lines of the write and the read, naming the
 * bytes they share. Skipped without clang++-22.
 */
class SwizzledAssemblyTest {
  private static final Path SOURCE =
      Path.of("..", "isa", "src", "test", "resources", "isa", "swizzled.hip");

  private static final String RETIRE =
      "__builtin_amdgcn_s_waitcnt(LGKMCNT0); // retire: the next iteration reads these writes";

  private static final int SLOT = 16384;

  @TempDir Path tmp;

  /**
   * Rows [16, 32) of slot 1's A tile, columns 0-3, laid out as the kernel's swizzle puts them
   * (column c of row r at position c ^ (r & 7)): per row one 64-byte run, at the row's start when r
   * & 7 < 4 and at its middle otherwise; runs that touch merge. Computed here from the layout, not
   * read from the lift.
   */
  private static List<long[]> swizzledRuns() {
    List<long[]> runs = new ArrayList<>();
    for (int r = 16; r < 32; r++) {
      long from = SLOT + r * 128L + ((r & 7) < 4 ? 0 : 64);
      if (!runs.isEmpty() && runs.get(runs.size() - 1)[1] == from) {
        runs.get(runs.size() - 1)[1] = from + 64;
      } else {
        runs.add(new long[] {from, from + 64});
      }
    }
    return runs;
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void theSwizzledKernelVerifiesForEveryLaunch(Target target) throws Exception {
    Path asm = compile(tmp, target, Files.readString(SOURCE, StandardCharsets.UTF_8), "swizzled");
    Cli.Result r = Cli.run("verify", asm.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("swizzled_gemm: VERIFIED\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nmodel: target " + target.id() + ", implicit waits none, counters ordered\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "\ntrip counts: every T >= 1 (period 1, unrolled T = 1..2; proofs/cutoff.md)\n"
                    + "launches: every trip count; every value of arg2 (4 launch classes;"
                    + " docs/isa.md)\n"),
        r.dump());
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void withoutTheLoopsLgkmcntAFragmentReadMayReadBeforeAnotherWavesWriteLands(Target target)
      throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    assertTrue(source.contains(RETIRE));
    Path asm = compile(tmp, target, source.replace(RETIRE, ""), "unretired");
    int loop = line(asm, 0, "Loop Header");
    int read = line(asm, loop, "ds_read_b128");
    int write = line(asm, loop, "ds_write_b128");

    Cli.Result r = Cli.run("verify", asm.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("swizzled_gemm: VIOLATED ("), r.dump());
    String first = CompiledKernels.firstFinding(r.out());
    assertTrue(
        first.contains("\n  the first: P1 RAW on buffer lds (LDS race, found at T=1)\n"), first);

    List<long[]> runs = swizzledRuns();
    assertEquals(15, runs.size());
    String region =
        "lds[0] bytes ["
            + (SLOT + 2048)
            + ", "
            + (SLOT + 4096)
            + ") in 15 pieces ["
            + runs.get(0)[0]
            + ", "
            + runs.get(0)[1]
            + "), ...";
    StringBuilder common = new StringBuilder("1024 bytes in common, in 15 ranges: ");
    for (int i = 0; i < 3; i++) {
      common.append(i == 0 ? "" : ", ").append('[').append(runs.get(i)[0]).append(", ");
      common.append(runs.get(i)[1]).append(')');
    }
    assertTrue(
        first.contains(
            "  P1 RAW: wave 1 loop k=0 ("
                + asm
                + ":"
                + read
                + "): ds_read "
                + region
                + " -> v[16:19] may read before wave 0 loop k=0 ("
                + asm
                + ":"
                + write
                + "): ds_write "
                + region),
        first);
    assertTrue(first.contains(" lands; " + common + ", ...\n"), first);
  }
}

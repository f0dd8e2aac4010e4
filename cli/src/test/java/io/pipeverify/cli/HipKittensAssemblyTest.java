package io.pipeverify.cli;

import static io.pipeverify.cli.CompiledKernels.compile;
import static io.pipeverify.cli.CompiledKernels.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HipKittens-style test kernel (isa/src/test/resources/isa/hipkittens.hip: 8 waves, two LDS
 * slots, 8 phases per K iteration ending at s_barrier, LDS-DMA of the next tile, ds_read_b128 in
 * inline asm retired by lgkmcnt(8), lgkmcnt(4), lgkmcnt(0)) compiled with clang-22 and verified
 * from its assembly with no {@code --arg}: clang's listing has an {@code s_cmpk_*} and a scalar
 * load still outstanding at an {@code s_waitcnt lgkmcnt(8)}, and the verdict covers every launch.
 * Without the last phase's vmcnt(0) drain the next iteration reads copies still in flight: P1 RAW
 * at the lines of the copy and the read. Skipped without clang++-22.
 */
class HipKittensAssemblyTest {
  private static final Path SOURCE =
      Path.of("..", "isa", "src", "test", "resources", "isa", "hipkittens.hip");

  private static final String DRAIN = "if (p == 7) __builtin_amdgcn_s_waitcnt(VMCNT0);";

  private static final Pattern LGKMCNT =
      Pattern.compile("^\\s*s_waitcnt\\b.*\\blgkmcnt\\((\\d+)\\)");

  @TempDir Path tmp;

  /**
   * The 1-based line of the first {@code s_waitcnt lgkmcnt(N)}, N > 0, that executes while a scalar
   * load is outstanding: an {@code s_load} issued after the last wait for lgkmcnt(0) before it.
   */
  private static int waitWithScalarLoadOutstanding(Path asm) throws Exception {
    List<String> lines = Files.readAllLines(asm, StandardCharsets.UTF_8);
    boolean scalarLoadOutstanding = false;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i).trim();
      if (l.startsWith("s_load_")) {
        scalarLoadOutstanding = true;
      }
      Matcher m = LGKMCNT.matcher(l);
      if (m.find()) {
        if (Integer.parseInt(m.group(1)) == 0) {
          scalarLoadOutstanding = false;
        } else if (scalarLoadOutstanding) {
          return i + 1;
        }
      }
    }
    throw new AssertionError("no s_waitcnt lgkmcnt(N > 0) with an s_load outstanding in " + asm);
  }

  @Test
  void clangsListingWithAnSCmpkAndAScalarLoadAtLgkmcnt8VerifiesForEveryLaunch() throws Exception {
    Path asm =
        compile(tmp, Target.GFX950, Files.readString(SOURCE, StandardCharsets.UTF_8), "hipkittens");
    List<String> lines = Files.readAllLines(asm, StandardCharsets.UTF_8);
    assertTrue(
        lines.stream().anyMatch(l -> l.trim().startsWith("s_cmpk_")), "no s_cmpk_ in " + asm);
    int wait = waitWithScalarLoadOutstanding(asm);
    assertEquals("s_waitcnt lgkmcnt(8)", lines.get(wait - 1).trim());
    // The scalar load is the loop's scales[k], issued inside the K loop.
    int loop = line(asm, 0, "Loop Header");
    int load = line(asm, loop, "s_load_dword ");
    assertTrue(load < wait, "s_load at " + load + ", wait at " + wait);

    Cli.Result r = Cli.run("verify", asm.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("hk_gemm: VERIFIED\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\ntrip counts: every T >= 1 (period 1, unrolled T = 1..2; proofs/cutoff.md)\n"
                    + "launches: every trip count; every value of arg2 (4 launch classes;"
                    + " docs/isa.md)\n"),
        r.dump());
  }

  @Test
  void withoutTheLastPhasesDrainTheNextIterationReadsCopiesStillInFlight() throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    assertTrue(source.contains(DRAIN));
    Path asm = compile(tmp, Target.GFX950, source.replace(DRAIN, ""), "undrained");
    int loop = line(asm, 0, "Loop Header");
    int copy = line(asm, loop, "buffer_load_dwordx4", " lds");
    int read = line(asm, loop, "ds_read_b128");
    int guard = line(asm, 0, "s_cbranch_scc");

    Cli.Result r = Cli.run("verify", asm.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("hk_gemm: VIOLATED ("), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nfound in launch class: "
                    + asm
                    + ":"
                    + guard
                    + " s_cmp_lt_i32(arg2, 1) false; 0 + 2T K steps (T >= 1)\n"),
        r.dump());
    String first = CompiledKernels.firstFinding(r.out());
    assertTrue(
        first.contains("\n  the first: P1 RAW on buffer lds (LDS race, found at T=1)\n"), r.dump());
    assertTrue(
        first.contains(
            "  should be first: wave 0 loop k=0 ("
                + asm
                + ":"
                + copy
                + "): g2s lds[0] bytes [32768, 33792)\n"),
        first);
    assertTrue(
        first.contains(
            "  may come first:  wave 0 loop k=0 ("
                + asm
                + ":"
                + read
                + "): ds_read lds[0] bytes [32768, 33792) -> "),
        first);
  }

  /**
   * The kernel with an epilogue read at an address only the K loop sets, taken when {@code iters <
   * 192}: on the launches that skip the loop (iters < 1) the address is never written, so the lift
   * cannot follow them. Every other launch class gets its verdict, with no {@code --arg}.
   */
  private static String guarded(String source) {
    return source
        .replace("  acc4 acc[4] = {};\n", "  acc4 acc[4] = {};\n  unsigned last;\n")
        .replace(
            "      frag8 a0 = read_fragment(base);\n",
            "      frag8 a0 = read_fragment(base);\n      last = base;\n")
        .replace(
            "  // The fast path for a 256-float row pitch",
            "  if (iters < 192) {\n"
                + "    frag8 t = read_fragment(last);\n"
                + "    __builtin_amdgcn_s_waitcnt(LGKMCNT(0));\n"
                + "    acc[0][0] += (float)t[0];\n"
                + "  }\n"
                + "  // The fast path for a 256-float row pitch");
  }

  @Test
  void aGuardedEpilogueReadLeavesTheLaunchesThatSkipTheLoopUncoveredAndVerifiesTheOthers()
      throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    Path asm = compile(tmp, Target.GFX950, guarded(source), "guarded");
    int entry = line(asm, 0, "s_cbranch_scc");
    int read = line(asm, line(asm, 0, "s_cmpk_lt_i32"), "ds_read_b128");
    Cli.Result r = Cli.run("verify", asm.toString());
    assertEquals(3, r.code(), r.dump());
    assertTrue(r.out().startsWith("hk_gemm: INCONCLUSIVE\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nlaunches: every trip count; every value of arg2, except the launches not"
                    + " covered; 2 ways the branches cannot go together left out (proved:"
                    + " proofs/launches.md) (5 launch classes;"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nnot covered: 1 launch class the lift cannot follow (no verdict covers them):\n  "
                    + asm
                    + ":"
                    + entry
                    + " s_cmp_lt_i32(arg2, 1) true, "),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                asm
                    + ":"
                    + read
                    + ": the LDS address of ds_read_b128 in wave 0 depends on an unknown value"),
        r.dump());

    // A range of the trip-count argument that leaves out the launches skipping the loop: every
    // launch in it is followed, and the kernel verifies for all of them.
    Cli.Result ranged = Cli.run("verify", asm.toString(), "--arg", "arg2>=1");
    assertEquals(0, ranged.code(), ranged.dump());
    assertTrue(ranged.out().startsWith("hk_gemm: VERIFIED\n"), ranged.dump());
    assertTrue(
        ranged
            .out()
            .contains(
                "\nlaunches: every trip count; every value of arg2 >= 1; 1 way the branches cannot"
                    + " go together left out (proved: proofs/launches.md) (5 launch classes;"),
        ranged.dump());
    // A set of values states the same contract: each value at or above 1 decides the guard the
    // same way; a set with 0 in it keeps the launches that skip the loop.
    Cli.Result set = Cli.run("verify", asm.toString(), "--arg", "arg2=64, 1,8");
    assertEquals(0, set.code(), set.dump());
    assertTrue(set.out().startsWith("hk_gemm: VERIFIED\n"), set.dump());
    assertTrue(
        set.out()
            .contains(
                "\nlaunches: every trip count; every value of arg2 in {1, 8, 64} (3 launch"
                    + " classes;"),
        set.dump());
    Cli.Result withZero = Cli.run("verify", asm.toString(), "--arg", "arg2=0,8");
    assertEquals(3, withZero.code(), withZero.dump());
    assertTrue(withZero.out().startsWith("hk_gemm: INCONCLUSIVE\n"), withZero.dump());
    assertTrue(
        withZero
            .out()
            .contains(
                "\nlaunches: every trip count; every value of arg2 in {0, 8}, except the launches"
                    + " not covered;"),
        withZero.dump());
    assertTrue(
        withZero
            .out()
            .contains(
                "\nnot covered: 1 launch class the lift cannot follow (no verdict covers them):\n  "
                    + asm
                    + ":"
                    + entry
                    + " s_cmp_lt_i32(arg2, 1) true: "),
        withZero.dump());
    Cli.Result badSet = Cli.run("verify", asm.toString(), "--arg", "arg2=1,x");
    assertEquals(2, badSet.code(), badSet.dump());
    assertEquals(
        "pipeverify: --arg 'arg2=1,x' is not NAME=INTEGER,INTEGER,... (a set of values, e.g. --arg"
            + " biasType=0,4)\n",
        badSet.err());
    Cli.Result empty = Cli.run("verify", asm.toString(), "--arg", "arg2=9..3");
    assertEquals(2, empty.code(), empty.dump());
    assertEquals("pipeverify: --arg arg2=9..3: the range is empty (9 > 3)\n", empty.err());

    // Without the last phase's drain, a class the lift follows races: that is the verdict.
    Path undrained = compile(tmp, Target.GFX950, guarded(source.replace(DRAIN, "")), "undrained");
    Cli.Result u = Cli.run("verify", undrained.toString());
    assertEquals(1, u.code(), u.dump());
    assertTrue(u.out().startsWith("hk_gemm: VIOLATED ("), u.dump());
    assertTrue(u.out().contains("\nnot covered: 1 launch class"), u.dump());
  }
}

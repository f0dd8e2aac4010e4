package io.pipeverify.cli;

import static io.pipeverify.cli.CompiledKernels.compile;
import static io.pipeverify.cli.CompiledKernels.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One missing ordering is one root cause (docs/debugging.md, "Root causes"), in a HipKittens-style
 * 8-wave ping-pong kernel compiled by clang-22: docs/examples/pingpong-16phase.hip with the drain
 * of the next tile's copies ({@code s_waitcnt vmcnt(0)}) moved from before the last phase's barrier
 * to after the first phase's reads of the slot they fill. Those reads now come before their wait (a
 * P1 RAW against the wave's own copy, P2 for the first reads of the slot), and so do the second
 * phase's reads of the other wave group, one barrier ahead: nine defects, 352 instances, every
 * wave, one cause, named by the wait that retires the copies too late. The lifted schedule written
 * as JSON, a role per wave, gives the same; explain repairs it with one edit, a wait before the
 * loop's last barrier. Skipped without clang++-22.
 */
class RootCauseAssemblyTest {
  private static final Path SOURCE = Path.of("..", "docs", "examples", "pingpong-16phase.hip");

  private static final String DRAIN = "if (p == 15) __builtin_amdgcn_s_waitcnt(0x0f70);";
  private static final String LAST_READ = "      frag8 b1 = read_fragment(base + 2048 + 64);\n";

  @TempDir Path tmp;

  @Test
  void readsIssuedBeforeTheirWaitAreOneRootCauseInTheAssemblyAndInItsJson() throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    assertTrue(source.contains(DRAIN) && source.contains(LAST_READ));
    String hoisted =
        source
            .replace(DRAIN, "")
            .replace(
                LAST_READ, LAST_READ + "      if (p == 0) __builtin_amdgcn_s_waitcnt(0x0f70);\n");
    Path asm = compile(tmp, Target.GFX950, hoisted, "hoisted");
    int loop = line(asm, 0, "Loop Header");
    int read = line(asm, loop, "ds_read_b128");
    int waitLine = line(asm, loop, "s_waitcnt vmcnt(0)");
    int copy = line(asm, loop, "buffer_load_dwordx4", " lds");
    assertTrue(read < waitLine && waitLine < copy, read + " " + waitLine + " " + copy);
    String cause =
        "[1] root cause (retired too late): g2s lds at "
            + asm
            + ":"
            + copy
            + " is retired only by the s_waitcnt vmcnt(0) at "
            + asm
            + ":"
            + waitLine
            + ", too late for ds_read lds at "
            + asm
            + ":"
            + read
            + ", which needs it; that wait must come earlier, or an earlier one retire it\n"
            + "  key: retired too late on vmcnt by s_waitcnt vmcnt(0) in loop\n"
            + "  breaks P1 RAW, P2 UNINITIALIZED (8)\n"
            + "  352 instances in waves 0-7, iterations k=0-2, roles wave0, wave1, wave2, wave3,"
            + " wave4, wave5, wave6, wave7\n";

    Cli.Result r = Cli.run("verify", asm.toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().startsWith("pingpong16: VIOLATED (1 root cause, 352 instances)\n"), r.dump());
    assertTrue(r.out().contains("\n" + cause), r.dump());

    // The repair is one edit: a wait before the loop's last barrier, where the next iteration's
    // first reads need the oldest copy landed (vmcnt(7): the weakest that verifies).
    int backEdge = line(asm, copy, "s_cbranch_scc0 .LBB");
    int lastBarrier = copy;
    for (int l = line(asm, copy, "s_barrier"); l < backEdge; l = line(asm, l, "s_barrier")) {
      lastBarrier = l;
    }
    String edit =
        "    edit: in every role, in the loop, before the s_barrier at "
            + asm
            + ":"
            + lastBarrier
            + ", insert s_waitcnt vmcnt(7)\n"
            + "    then: the repaired schedule verifies (every trip count T >= 1)\n";
    Cli.Result explain = Cli.run("explain", asm.toString());
    assertEquals(1, explain.code(), explain.dump());
    assertTrue(explain.out().contains(edit), explain.dump());
    // The kernel has 4 launch classes (arg2 < 1 or not, ...): the repair is searched and verified
    // in
    // the one the violation was found in, which the explanation says.
    assertTrue(
        explain
            .out()
            .contains(
                "One edit repairs the schedule: it verifies for every trip count T >= 1.\n"
                    + "(searched and verified in the launch class the violation was found in, "),
        explain.dump());
    assertTrue(
        explain
            .out()
            .endsWith(
                "; the kernel's other 3 classes are not re-verified with the edits: verify the"
                    + " edited kernel.)\n"),
        explain.dump());

    // The same kernel as a schedule file with a role per wave (one launch: the lift needs it).
    Cli.Result shown = Cli.run("show", asm.toString(), "--arg", "arg2=20", "--format", "json");
    assertEquals(0, shown.code(), shown.dump());
    assertEquals(8, shown.json().get("programs").size());
    Path json = tmp.resolve("hoisted.json");
    Files.writeString(json, shown.out(), StandardCharsets.UTF_8);
    Cli.Result fromJson = Cli.run("verify", json.toString(), "--no-timings");
    assertEquals(1, fromJson.code(), fromJson.dump());
    assertTrue(
        fromJson.out().startsWith("pingpong16: VIOLATED (1 root cause, 352 instances)\n"),
        fromJson.dump());
    assertTrue(fromJson.out().contains("\n" + cause), fromJson.dump());
    Cli.Result explainJson = Cli.run("explain", json.toString());
    assertTrue(explainJson.out().contains(edit), explainJson.dump());
  }
}

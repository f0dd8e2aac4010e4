package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RelaxCommandTest {
  static final Path OVERSYNCED = Path.of("..", "docs", "examples", "double-buffer-oversynced.json");

  @TempDir Path tmp;

  /** The table of docs/relax.md, exactly; the written file verifies and reads back. */
  @Test
  void relaxesTheOversyncedDoubleBufferAndWritesAVerifyingSchedule() throws Exception {
    Path out = tmp.resolve("relaxed.json");
    Cli.Result r = Cli.run("relax", OVERSYNCED.toString(), "--out", out.toString());
    assertEquals(0, r.code(), r.dump());
    assertEquals(
        """
        double-buffer-2w-oversynced: relaxed 3 of 6 waits and barriers; the relaxed schedule verifies (every trip count T >= 1)

        op           origin                                                                 before                         after
        -----------  ---------------------------------------------------------------------  -----------------------------  ------------------
        loop #0      ../docs/examples/double-buffer-oversynced.json:/programs/0/loop/0      s_barrier                      removed
        loop #2      ../docs/examples/double-buffer-oversynced.json:/programs/0/loop/2      s_waitcnt vmcnt(0)             removed
        loop #10     ../docs/examples/double-buffer-oversynced.json:/programs/0/loop/10     s_waitcnt vmcnt(0) lgkmcnt(0)  s_waitcnt vmcnt(0)
        loop #11     ../docs/examples/double-buffer-oversynced.json:/programs/0/loop/11     s_barrier                      kept
        prologue #2  ../docs/examples/double-buffer-oversynced.json:/programs/0/prologue/2  s_waitcnt vmcnt(0)             kept
        prologue #3  ../docs/examples/double-buffer-oversynced.json:/programs/0/prologue/3  s_barrier                      kept

        local maximum: none of the 6 single further relaxations (remove one barrier, drop one counter of a wait, raise one by one) verifies.
        order: barriers, then waits (vmcnt, then lgkmcnt); each program's loop, then prologue, then epilogue (docs/relax.md)
        """,
        r.out());
    assertTrue(r.err().contains("pipeverify: wrote " + out), r.dump());
    Schedule relaxed = ScheduleReader.read(out);
    assertInstanceOf(
        Verdict.Verified.class, Verifier.verify(relaxed, VerifyOptions.defaults()).verdict());
    Cli.Result again = Cli.run("verify", out.toString());
    assertEquals(0, again.code(), again.dump());
  }

  @Test
  void jsonHasOneEntryPerWaitAndBarrier() {
    Cli.Result r = Cli.run("relax", OVERSYNCED.toString(), "--format", "json");
    assertEquals(0, r.code(), r.dump());
    JsonNode j = r.json();
    assertEquals("verified", j.get("verdict").asText());
    assertEquals(3, j.get("changed").asInt());
    assertEquals(6, j.get("ops").size());
    assertEquals("removed", j.get("ops").get(0).get("outcome").asText());
    assertTrue(j.get("ops").get(0).get("after").isNull());
    assertEquals("s_waitcnt vmcnt(0)", j.get("ops").get(2).get("after").asText());
    assertEquals(6, j.get("neighboursChecked").asInt());
  }

  /**
   * The relaxed built-in is a schedule file that emit takes: it verifies and the emitter accepts
   * it.
   */
  @Test
  void theRelaxedBuiltinIsAScheduleThatEmitTakes() throws Exception {
    Path out = tmp.resolve("fixed-relaxed.json");
    Cli.Result r =
        Cli.run(
            "relax",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "lgkmDrainBeforeBarrier=true",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains("epilogue #0  cdna4-interleave epilogue      s_waitcnt vmcnt(0)    removed"),
        r.dump());
    Schedule relaxed = ScheduleReader.read(out);
    assertEquals(
        0,
        relaxed.programs().get(0).epilogue().stream()
            .filter(op -> op.kind().equals("wait"))
            .count());
    VerificationReport report = Verifier.verify(relaxed, VerifyOptions.defaults());
    assertEquals(java.util.List.of(), HipEmitter.problems(relaxed));
    String hip = HipEmitter.emit(Verifier.certify(report).orElseThrow(), new EmitOptions(false));
    assertTrue(hip.contains("__global__"), hip);
  }

  @Test
  void aViolatedScheduleIsRefusedAndNothingIsWritten() {
    Path out = tmp.resolve("never.json");
    Cli.Result r = Cli.run("relax", "--builtin", "cdna4-interleave", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().startsWith("cdna4-interleave: VIOLATED (1 root cause, 224 instances)"), r.dump());
    assertTrue(
        r.err()
            .contains(
                "pipeverify: cdna4-interleave does not verify (violated); relax needs a verified"
                    + " schedule, nothing written"),
        r.dump());
    assertFalse(Files.exists(out));
  }

  @Test
  void badInputIsExitTwo() {
    Cli.Result r = Cli.run("relax", "--builtin", "cdna4-interleave", "--opt", "stages=3");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err().startsWith("pipeverify: cdna4-interleave: knob 'stages': 3 must be"), r.dump());
    Cli.Result dir = Cli.run("relax", OVERSYNCED.toString(), "--out", tmp.toString());
    assertEquals(2, dir.code(), dir.dump());
    assertEquals("pipeverify: --out " + tmp + " is a directory; give a file\n", dir.err());
  }

  /**
   * relax --isa compiles the relaxed kernel: the lgkmcnt(0) it removes before the loop's barrier is
   * what the llvm implicit waits model, the epilogue's vmcnt(0) lies outside the loop the compiled
   * check maps (docs/relax.md).
   */
  @Test
  void theRelaxedKernelIsCompiledAndItsRelaxedWaitsCompared() throws Exception {
    assumeTrue(ClangCompiler.locate().isPresent(), "clang++-22 is not installed");
    Path dir = tmp.resolve("isa");
    Cli.Result r =
        Cli.run(
            "relax",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "lgkmDrainBeforeBarrier=true",
            "--opt",
            "slots=3",
            "--opt",
            "tileN=128",
            "--isa",
            dir.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .endsWith(
                """

                compiled (kernel.s): of 0 relaxed vmcnt waits of the loop, the compiled loop keeps 0 in flight and drains 0 with an inserted vmcnt(0); 1 relaxed lgkmcnt as modelled (llvm implicit waits); 1 outside the loop, not compared

                op           relaxed  counter  compiled
                -----------  -------  -------  ------------
                loop #61     removed  lgkmcnt  modelled
                epilogue #0  removed  vmcnt    outside-loop
                """),
        r.dump());
    assertTrue(
        Files.exists(dir.resolve("kernel.s")) && Files.exists(dir.resolve("compiled-report.txt")));
  }

  /**
   * Relaxing triton-pingpong weakens its two roles' waits differently (low keeps dot3's lgkmcnt(0),
   * high removes it), so their loops differ: the kernel branches on the wave index inside the loop,
   * and what clang made of it verifies.
   */
  @Test
  void aPingpongWhoseRolesRelaxDifferentlyIsEmittedAndItsCompiledKernelVerifies() throws Exception {
    assumeTrue(ClangCompiler.locate().isPresent(), "clang++-22 is not installed");
    Path dir = tmp.resolve("pingpong");
    Cli.Result r =
        Cli.run(
            "relax",
            "--builtin",
            "triton-pingpong",
            "--opt",
            "tileM=128",
            "--opt",
            "tileN=128",
            "--isa",
            dir.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "role 'low' loop #93       triton-pingpong loop dot3                       s_waitcnt"
                    + " lgkmcnt(0)  kept\n"),
        r.dump());
    assertTrue(r.out().contains("role 'high' loop #93  removed               lgkmcnt  modelled\n"));
    String hip = Files.readString(dir.resolve("kernel.hip"));
    assertTrue(hip.contains("      if (w >= 0 && w <= 3) {  // role low\n"), hip);
    String report = Files.readString(dir.resolve("compiled-report.txt"));
    assertTrue(report.contains("\nstatus: conforms\n"), report);
    assertTrue(report.endsWith("lifted from the assembly: verified\n"), report);
  }

  @Test
  void aRelaxedScheduleTheEmitterCannotTakeIsBadInputForIsa() {
    Cli.Result r = Cli.run("relax", OVERSYNCED.toString(), "--isa", tmp.resolve("isa").toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .contains(
                "pipeverify: relax --isa: cannot emit double-buffer-2w-oversynced: prologue op 0"
                    + " (g2s): a g2s of 2048 B; one buffer_load ... lds moves 1024 B on gfx950"),
        r.dump());
  }
}

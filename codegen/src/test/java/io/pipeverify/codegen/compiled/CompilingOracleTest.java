package io.pipeverify.codegen.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.fuzz.CompilerOracle.Compiled;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code fuzz --compile}'s compiler on real configurations, compiled by clang-22 (skipped without
 * it): a kernel that compiles and verifies, one the lift cannot follow (a class with the reason, no
 * line in it), and one the emitter cannot express.
 */
class CompilingOracleTest {

  private static Compiled check(String transform, Map<String, String> knobs) throws Exception {
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    try (CompilingOracle oracle = CompilingOracle.start(clang.get())) {
      return oracle.check(
          Verifier.verify(Fixtures.builtin(transform, knobs), VerifyOptions.defaults()));
    }
  }

  @Test
  void theDrainedCdna4KernelVerifiesAsCompiled() throws Exception {
    assertInstanceOf(
        Compiled.Verified.class,
        check("cdna4-interleave", Map.of("lgkmDrainBeforeBarrier", "true")));
  }

  /**
   * With two waves clang spills AGPRs to private memory; the lift once read a reloaded AGPR as the
   * VGPR of the same number, which made an LDS address unknown ("not lifted", found by fuzz
   * --compile). It lifts and verifies now.
   */
  @Test
  void theTwoWaveTilelangKernelWithItsAgprSpillsVerifiesAsCompiled() throws Exception {
    assertInstanceOf(Compiled.Verified.class, check("tilelang-pipelined", Map.of("waves", "2")));
  }

  /** A reason names no line and no op position, so configurations that fail alike make a class. */
  @Test
  void reasonsLeaveOutLinesAndPositions() {
    assertEquals(
        new Compiled.NotChecked(
            "not lifted: the LDS address of ds_read_b128 in wave 0 depends on an unknown value"
                + " (address v5 of lane 0)"),
        CompilingOracle.notChecked(
            "not lifted",
            List.of(
                "kernel.s:6186: the LDS address of ds_read_b128 in wave 0 depends on an unknown"
                    + " value (address v5 of lane 0)")));
    assertEquals(
        new Compiled.NotChecked(
            "not emitted: a g2s of 2048 B; one buffer_load ... lds moves 1024 B on gfx950"),
        CompilingOracle.notChecked(
            "not emitted",
            List.of(
                "loop op 5 (g2s): a g2s of 2048 B; one buffer_load ... lds moves 1024 B on"
                    + " gfx950",
                "prologue op 0 (g2s): a g2s of 2048 B; one buffer_load ... lds moves 1024 B on"
                    + " gfx950")));
  }

  /** docs/examples/double-buffer.json verifies, but each copy is two g2s instructions' worth. */
  @Test
  void aScheduleTheEmitterCannotExpressIsNotCheckedWithItsReasons() throws Exception {
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    Schedule doubleBuffer =
        ScheduleReader.read(Path.of("..", "docs", "examples", "double-buffer.json"));
    try (CompilingOracle oracle = CompilingOracle.start(clang.get())) {
      assertEquals(
          new Compiled.NotChecked(
              "not emitted: a g2s of 2048 B; one buffer_load ... lds moves 1024 B on gfx950"),
          oracle.check(Verifier.verify(doubleBuffer, VerifyOptions.defaults())));
    }
  }
}

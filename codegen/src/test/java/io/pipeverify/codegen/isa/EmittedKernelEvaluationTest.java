package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.lift.ControlFlowGraph;
import io.pipeverify.isa.lift.LdsAccess;
import io.pipeverify.isa.lift.WaveEvaluator;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.VerifiedSchedule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first step of the round trip of issue 10: the kernel {@code emit} writes, compiled by
 * clang-22, decoded and evaluated per wave by the ISA layer, runs per loop iteration as many
 * LDS-DMA copies and ds_reads as the schedule's loop body (times the period P by which the emitter
 * unrolls it). Skipped without clang++-22.
 */
class EmittedKernelEvaluationTest {
  @TempDir Path tmp;

  static Stream<Arguments> schedules() {
    return Stream.of(
        Arguments.of("cdna4-interleave", Map.of("lgkmDrainBeforeBarrier", "true")),
        Arguments.of(
            "cdna4-interleave",
            Map.of(
                "lgkmDrainBeforeBarrier",
                "true",
                "tileM",
                "128",
                "tileN",
                "128",
                "target",
                "gfx942")),
        Arguments.of("tilelang-pipelined", Map.of()));
  }

  @ParameterizedTest
  @MethodSource("schedules")
  void eachWaveRunsTheSchedulesCopiesAndReadsPerIteration(String name, Map<String, String> knobs)
      throws Exception {
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    VerifiedSchedule v = Fixtures.verified(name, knobs);
    Schedule s = v.schedule();
    Path hip = tmp.resolve("kernel.hip");
    Path asm = tmp.resolve("kernel.s");
    Files.writeString(hip, HipEmitter.emit(v, EmitOptions.defaults()), StandardCharsets.UTF_8);
    clang.get().compile(s.target(), hip, asm);
    Kernel k =
        AsmParser.parse(Files.readString(asm, StandardCharsets.UTF_8), "kernel.s")
            .kernel("pv_gemm")
            .orElseThrow();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    ControlFlowGraph.Loop loop = g.loopWithMost("v_mfma").orElseThrow();
    long tripCount = 8 * s.period() + 1;
    Map<String, Long> args =
        Map.of(
            "arg3",
            (long) s.gemm().tileN(),
            "arg4",
            (tripCount + 1) * s.gemm().tileK(),
            "arg5",
            tripCount);
    WaveEvaluator eval = new WaveEvaluator(k, g, s.waves() * 64, args);
    for (int w = 0; w < s.waves(); w++) {
      List<Op> body = s.programOf(w).loop();
      WaveEvaluator.Trace t = eval.run(w, loop, 2);
      for (int it = 0; it < 2; it++) {
        int iteration = it;
        List<LdsAccess> inIteration =
            t.accesses().stream().filter(a -> a.iteration() == iteration).toList();
        assertEquals(
            s.period() * body.stream().filter(Op.G2s.class::isInstance).count(),
            inIteration.stream().filter(a -> a.kind() == LdsAccess.Kind.DMA_WRITE).count(),
            name + " wave " + w + " iteration " + it + ": LDS-DMA copies");
        assertEquals(
            s.period() * body.stream().filter(Op.DsRead.class::isInstance).count(),
            inIteration.stream().filter(a -> a.kind() == LdsAccess.Kind.READ).count(),
            name + " wave " + w + " iteration " + it + ": ds_reads");
      }
    }
  }
}

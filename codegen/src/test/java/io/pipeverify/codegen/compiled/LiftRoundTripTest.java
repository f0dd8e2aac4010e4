package io.pipeverify.codegen.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
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
 * The round trip of issue 10: a built-in schedule that verifies, emitted, compiled with clang-22,
 * lifted back from the assembly: each wave's lifted loop holds the schedule's copies, reads, mfmas
 * and barriers per iteration (times the schedule's period, by which the emitter unrolls), and the
 * lifted schedule gets the verdict of what clang made of it, as emit's compiled check does. All
 * five transforms on both targets, triton-pingpong's two wave roles (cond_barrier), register-staged
 * copies (gload, ds_write) and k-chunk of 16 included. Skipped without clang++-22.
 */
class LiftRoundTripTest {
  @TempDir Path tmp;

  /** Knobs for the 128x128 tiles gfx942's 64 KiB of LDS holds. */
  private static Map<String, String> gfx942(String... more) {
    Map<String, String> knobs = new java.util.TreeMap<>();
    knobs.put("target", "gfx942");
    knobs.put("tileM", "128");
    knobs.put("tileN", "128");
    for (int i = 0; i < more.length; i += 2) {
      knobs.put(more[i], more[i + 1]);
    }
    return knobs;
  }

  private static final Map<String, String> HK_BARRIERS =
      Map.of("prologueBarrier", "true", "phaseBarriers", "true", "waitBarrier", "true");

  static Stream<Arguments> schedules() {
    return Stream.of(
        Arguments.of("cdna4-interleave", Map.of("lgkmDrainBeforeBarrier", "true"), "verified"),
        Arguments.of("cdna4-interleave", gfx942("lgkmDrainBeforeBarrier", "true"), "verified"),
        Arguments.of(
            "cdna4-interleave",
            Map.of("lgkmDrainBeforeBarrier", "true", "stages", "8"),
            "verified"),
        // Four waves: clang keeps LDS addresses in AGPRs (v_accvgpr_write/read) for lack of VGPRs.
        Arguments.of(
            "cdna4-interleave", Map.of("lgkmDrainBeforeBarrier", "true", "waves", "4"), "verified"),
        Arguments.of(
            "cdna4-interleave",
            Map.of("lgkmDrainBeforeBarrier", "true", "tileK", "32"),
            "verified"),
        // Both raced before the emitter fenced its barriers: clang moved the MFMAs, and the
        // lgkmcnt waits before them, past the loop's s_barrier (docs/codegen.md).
        Arguments.of("tilelang-pipelined", Map.of(), "verified"),
        Arguments.of("tilelang-pipelined", gfx942(), "verified"),
        Arguments.of(
            "tilelang-pipelined",
            gfx942("target", "gfx950", "numStages", "3", "slots", "3"),
            "verified"),
        Arguments.of("tilelang-pipelined", Map.of("swizzle", "true"), "verified"),
        Arguments.of("triton-stream", Map.of(), "verified"),
        Arguments.of("triton-stream", gfx942(), "verified"),
        Arguments.of(
            "triton-stream", Map.of("slots", "3", "tileM", "128", "tileN", "128"), "verified"),
        // Every barrier knob on: clang moves two MFMAs and the vmcnt(6) before the loop's last
        // barrier below it, which the lifted kernel shows safe (docs/codegen.md).
        Arguments.of("hipkittens-2step", HK_BARRIERS, "verified"),
        Arguments.of("hipkittens-2step", gfx942HipKittens(), "verified"),
        Arguments.of(
            "hipkittens-2step", withBarriers(gfx942("target", "gfx950", "waves", "4")), "verified"),
        Arguments.of(
            "hipkittens-2step",
            withBarriers(gfx942("target", "gfx950", "tileK", "128")),
            "verified"),
        // 256 x 256 tiles: clang spills LDS addresses to scratch (not ops of the schedule).
        Arguments.of("triton-pingpong", Map.of(), "verified"),
        Arguments.of("triton-pingpong", gfx942(), "verified"),
        Arguments.of("triton-pingpong", gfx942("target", "gfx950"), "verified"),
        // One cluster, four waves: one role, a k-chunk of 32; with two slots the period is 2.
        Arguments.of("triton-pingpong", gfx942("clusters", "1", "waves", "4"), "verified"),
        Arguments.of(
            "triton-pingpong",
            gfx942("clusters", "1", "waves", "4", "target", "gfx950", "slots", "2"),
            "verified"));
  }

  private static Map<String, String> gfx942HipKittens() {
    return withBarriers(gfx942());
  }

  private static Map<String, String> withBarriers(Map<String, String> knobs) {
    Map<String, String> all = new java.util.TreeMap<>(knobs);
    all.putAll(HK_BARRIERS);
    return all;
  }

  /** The ops of a kind; a spill or reload of the compiler's is not a gload of the schedule. */
  private static long count(List<Op> ops, Class<?> kind) {
    return ops.stream().filter(kind::isInstance).filter(op -> !ScheduleLift.isScratch(op)).count();
  }

  @ParameterizedTest
  @MethodSource("schedules")
  void theLiftedKernelHasTheSchedulesOpsPerIterationAndTheCompiledVerdict(
      String name, Map<String, String> knobs, String verdict) throws Exception {
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    assumeTrue(clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    VerifiedSchedule v = Fixtures.verified(name, knobs);
    Schedule s = v.schedule();
    Path hip = tmp.resolve("kernel.hip");
    Path asm = tmp.resolve("kernel.s");
    Files.writeString(hip, HipEmitter.emit(v, EmitOptions.defaults()), StandardCharsets.UTF_8);
    clang.get().compile(s.target(), hip, asm);
    AsmListing listing = AsmParser.parse(Files.readString(asm, StandardCharsets.UTF_8), "kernel.s");
    Schedule lifted =
        ScheduleLift.lift(
            listing,
            listing.kernel(HipEmitter.KERNEL).orElseThrow(),
            s.waves(),
            HipEmitter.arguments(s, (ScheduleLift.ITERATIONS + 1) * s.period() + 1));
    VerificationReport report = Verifier.verify(lifted, VerifyOptions.defaults());
    List<String> findings =
        report.verdict().findings().stream()
            .map(f -> f.representative().property() + " " + f.representative().kind())
            .distinct()
            .toList();
    assertEquals(
        verdict, findings.isEmpty() ? report.verdict().id() : String.join(", ", findings), name);
    for (int w = 0; w < s.waves(); w++) {
      List<Op> body = s.programOf(w).loop();
      List<Op> liftedBody = lifted.programOf(w).loop();
      // The emitter unrolls the loop by the schedule's period, so every slot in it is a constant:
      // the lift finds period 1 and one lifted iteration is that many of the schedule's.
      long iterations = s.period();
      for (Class<?> kind :
          List.of(
              Op.G2s.class,
              Op.GLoad.class,
              Op.DsWrite.class,
              Op.DsRead.class,
              Op.Mfma.class,
              Op.Barrier.class)) {
        // gfx942 has no 16x16x32 bf16 MFMA: each of the schedule's is two 16x16x16 (HipEmitter).
        long each = kind == Op.Mfma.class ? HipEmitter.mfmaInstructionsPerOp(s) : 1;
        assertEquals(
            iterations * each * count(body, kind),
            count(liftedBody, kind),
            name + " wave " + w + ": " + kind.getSimpleName() + " per lifted iteration");
      }
    }
    // emit's compiled check reads the same assembly the same way: the same verdict, and no op the
    // compiler added or dropped.
    CompiledReport compiled =
        CompiledCheck.check(v, Files.readString(asm, StandardCharsets.UTF_8), "kernel.s");
    assertEquals(verdict.equals("verified"), compiled.status().verified(), compiled.toString());
    assertEquals(
        0,
        compiled.count(CompiledEvent.Kind.ADDED_OPS)
            + compiled.count(CompiledEvent.Kind.DROPPED_OPS),
        CompiledReportRenderer.text(compiled));
  }
}

package io.pipeverify.codegen.hip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Golden kernels. Regenerate with {@code mvn -B -o verify -Dpipeverify.updateGolden=true} and
 * review the diff.
 */
class HipEmitterTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

  private static void golden(String file, String actual) throws IOException {
    Path path = GOLDEN.resolve(file);
    if (Boolean.getBoolean("pipeverify.updateGolden")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(path, actual, StandardCharsets.UTF_8);
    }
    assertEquals(
        Files.readString(path, StandardCharsets.UTF_8),
        actual,
        file + " differs (regenerate with -Dpipeverify.updateGolden=true)");
  }

  @Test
  void cdna4InterleaveWithTheDrainMatchesTheGoldenKernel() throws Exception {
    VerifiedSchedule v = Fixtures.cdna4Drain();
    String hip = HipEmitter.emit(v, EmitOptions.defaults());
    golden("cdna4-interleave-lgkm-drain.gfx950.hip", hip);
    assertEquals(hip, HipEmitter.emit(v, EmitOptions.defaults()), "output is deterministic");
    // One __shared__ array per buffer and slot; 16 B per lane; the gfx950 MFMA.
    for (String array : List.of("lds_A_s0[32768]", "lds_A_s1[32768]", "lds_B_s0", "lds_B_s1")) {
      assertTrue(hip.contains("unsigned char " + array), array);
    }
    assertTrue(hip.contains("(pv_lds_ptr)(slot + lds_row * 128), 16, voffset"));
    assertTrue(hip.contains("__builtin_amdgcn_mfma_f32_16x16x32_bf16("));
    assertTrue(hip.contains("__builtin_amdgcn_s_waitcnt(0x0f70);  // vmcnt(0)"));
    assertTrue(hip.contains("__builtin_amdgcn_s_waitcnt(0xc07f);  // lgkmcnt(0)"));
  }

  @Test
  void tilelangPipelinedMatchesTheGoldenKernel() throws Exception {
    String hip =
        HipEmitter.emit(Fixtures.verified("tilelang-pipelined", Map.of()), EmitOptions.defaults());
    golden("tilelang-pipelined.gfx950.hip", hip);
    // wait_group(1) lowered to vmcnt(8) by the verifier: the kernel waits on the counter.
    assertTrue(hip.contains("__builtin_amdgcn_s_waitcnt(0x0f78);  // vmcnt(8)"));
  }

  /**
   * The kernel must compile the same whichever HIP headers the machine has (Debian's HIP 5.2 in
   * /usr/include is found even under -nogpuinc): it includes nothing and defines its own macros.
   */
  @Test
  void theKernelIsSelfContainedWithoutAnyInclude() throws Exception {
    for (EmitOptions options : List.of(EmitOptions.defaults(), new EmitOptions(true))) {
      String hip = HipEmitter.emit(Fixtures.cdna4Drain(), options);
      assertFalse(hip.contains("#include"), hip);
      assertFalse(hip.contains("__has_include"), hip);
      assertTrue(hip.contains("#define __global__ __attribute__((global))\n"), hip);
      assertTrue(hip.contains("#define __shared__ __attribute__((shared))\n"), hip);
    }
  }

  @Test
  void mergedSharedDeclaresOneArray() throws Exception {
    String hip = HipEmitter.emit(Fixtures.cdna4Drain(), new EmitOptions(true));
    assertTrue(hip.contains("unsigned char pv_lds[131072];"));
    assertTrue(hip.contains("#define lds_B_s1 (pv_lds + 98304)"));
    assertFalse(hip.contains("unsigned char lds_A_s0["));
    // The ds_read is a memcpy (no TBAA) and the LDS-DMA gets the real slot address.
    assertTrue(hip.contains("__builtin_memcpy(&v, slot + row * 128 + chunk * 16, sizeof v);"));
    assertFalse(hip.contains("return *(const pv_frag *)"));
    assertTrue(hip.contains("(pv_lds_ptr)(slot + lds_row * 128), 16, voffset"));
    String separate = HipEmitter.emit(Fixtures.cdna4Drain(), EmitOptions.defaults());
    assertFalse(separate.contains("__builtin_memcpy"));
  }

  @Test
  void gfx942MovesFourBytesPerLaneAndSplitsTheMfma() throws Exception {
    VerifiedSchedule v =
        Fixtures.verified(
            "cdna4-interleave",
            Map.of(
                "lgkmDrainBeforeBarrier", "true",
                "tileM", "128",
                "tileN", "128",
                "target", "gfx942"));
    String hip = HipEmitter.emit(v, EmitOptions.defaults());
    assertTrue(hip.contains("(pv_lds_ptr)(slot + lds_row * 128), 4, voffset"));
    assertTrue(hip.contains(".lo, b0_kp0.lo, acc_0_0, 0, 0, 0);"));
    assertTrue(hip.contains("__builtin_amdgcn_mfma_f32_16x16x16bf16_1k("));
  }

  /**
   * Triton's ping-pong: two wave roles that share everything but the cond_barrier (high's before
   * the loop, low's after it), register-staged copies and a k-chunk of 16.
   */
  @Test
  void tritonPingpongMatchesTheGoldenKernel() throws Exception {
    VerifiedSchedule v =
        Fixtures.verified("triton-pingpong", Map.of("tileM", "128", "tileN", "128"));
    String hip = HipEmitter.emit(v, EmitOptions.defaults());
    golden("triton-pingpong-128.gfx950.hip", hip);
    assertTrue(
        hip.contains(
            "  __builtin_amdgcn_s_barrier();\n"
                + "  if (w >= 4 && w <= 7) {  // role high\n"
                + "    // triton-pingpong prologue cond_barrier warpHigh\n"
                + "    __builtin_amdgcn_sched_barrier(0);\n"
                + "    __builtin_amdgcn_s_barrier();\n"
                + "  }\n"),
        hip);
    assertTrue(
        hip.contains(
            "  // ---- epilogue ----\n"
                + "  if (w >= 0 && w <= 3) {  // role low\n"
                + "    // triton-pingpong epilogue cond_barrier warpLow\n"),
        hip);
    // The loop, which both roles share, is emitted once.
    assertEquals(1, hip.split("// triton-pingpong loop mem0\n", -1).length - 1, hip);
    assertTrue(hip.contains("ga0 = pv_gload(rsrc_A, ((w * 8) + 0), (k + 1), row_stride, lane);"));
    assertTrue(hip.contains("pv_ds_write(lds_A_s0, ((w * 8) + 0), ga0, lane);"));
    assertTrue(hip.contains("typedef short pv_frag __attribute__((ext_vector_type(4)));"));
    assertTrue(
        hip.contains(
            "acc_0_0 = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(a0_kp0, b0_kp0, acc_0_0, 0, 0,"
                + " 0);"));
    assertFalse(hip.contains("void pv_g2s("), "no LDS-DMA helper in a kernel without g2s");
  }

  /** A ds_write's data must come from a gload of its role: the kernel stages copies only so. */
  @Test
  void aDsWriteOfARegisterNoGloadLoadsIsRefused() {
    Schedule s =
        Fixtures.verified("triton-pingpong", Map.of("tileM", "128", "tileN", "128"))
            .schedule()
            .mapOps(
                op ->
                    op instanceof Op.DsWrite w && w.src().equals("ga0")
                        ? new Op.DsWrite(
                            w.buffer(), w.slot(), w.region(), "a0_kp0", w.tile(), w.origin())
                        : op);
    assertTrue(
        HipEmitter.problems(s)
            .contains(
                "role 'low', prologue op 4 (ds_write): its source a0_kp0 is not loaded by a gload"
                    + " of this role"),
        HipEmitter.problems(s).toString());
  }

  /**
   * swizzle=true models the layout the kernel has anyway: the same kernel. Columns of another
   * layout, or pieces, are not that kernel and are refused, each read named.
   */
  @Test
  void swizzledReadsAreTheEmittedLayoutAndOtherColumnsAreRefused() throws Exception {
    VerifiedSchedule swizzled = Fixtures.verified("tilelang-pipelined", Map.of("swizzle", "true"));
    String plain =
        HipEmitter.emit(Fixtures.verified("tilelang-pipelined", Map.of()), EmitOptions.defaults());
    assertEquals(
        plain.replace(
            "schedule 'tilelang-pipelined'", "schedule 'tilelang-pipelined[swizzle=true]'"),
        HipEmitter.emit(swizzled, EmitOptions.defaults()));

    Schedule unswizzled =
        swizzled
            .schedule()
            .mapOps(
                op ->
                    op instanceof Op.DsRead r && r.region().columns().isPresent()
                        ? new Op.DsRead(
                            r.buffer(),
                            r.slot(),
                            Region.rows(
                                r.region().start(),
                                r.region().count(),
                                new Region.Columns(16, r.region().columns().get().first(), 4, 0)),
                            r.dst(),
                            r.tile(),
                            r.origin())
                        : op);
    VerifiedSchedule other =
        Verifier.certify(Verifier.verify(unswizzled, VerifyOptions.defaults())).orElseThrow();
    UnsupportedScheduleException e =
        assertThrows(
            UnsupportedScheduleException.class,
            () -> HipEmitter.emit(other, EmitOptions.defaults()));
    assertTrue(
        e.getMessage()
            .contains(
                "columns Columns[bytes=16, first=0, count=4, xorMask=0] are not the emitted"
                    + " layout's Columns[bytes=16, first=0, count=4, xorMask=7]"),
        e.getMessage());
  }
}

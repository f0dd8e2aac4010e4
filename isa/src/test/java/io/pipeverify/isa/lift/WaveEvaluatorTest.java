package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-wave evaluation of the hand-written gfx950 fixture (no compiler needed). */
class WaveEvaluatorTest {
  private static Kernel fixture() throws Exception {
    try (InputStream in = WaveEvaluatorTest.class.getResourceAsStream("/isa/decode-gfx950.s")) {
      return AsmParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "k.s")
          .kernel("tile_copy")
          .orElseThrow();
    }
  }

  private static Kernel inline(String... body) throws AsmSyntaxException {
    String text =
        "\t.amdhsa_kernel k\n\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n\t.end_amdhsa_kernel\nk:\n"
            + String.join("\n", body)
            + "\n";
    return AsmParser.parse(text, "k.s").kernel("k").orElseThrow();
  }

  /**
   * M0 = readfirstlane(v0) >> 6 is the wave; the copies land at M0 (+ offset:16) + lane * 16; the
   * ds_read at (w * 64 + lane) * 16 + 2048 in every iteration, the ds_write at its address.
   */
  @Test
  void eachWavesCopiesAndReadsAreEvaluatedPerLaneAndIteration() throws Exception {
    Kernel k = fixture();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    WaveEvaluator eval = new WaveEvaluator(k, g, 256, Map.of("n", 3L));
    for (int w = 0; w < 4; w++) {
      WaveEvaluator.Trace t = eval.run(w, g.loops().get(0), 3);
      assertEquals(
          List.of(
              "DMA_WRITE@-1",
              "DMA_WRITE@-1",
              "READ@0",
              "WRITE@0",
              "READ@1",
              "WRITE@1",
              "READ@2",
              "WRITE@2"),
          t.accesses().stream().map(a -> a.kind() + "@" + a.iteration()).toList());
      for (int lane : new int[] {0, 5, 63}) {
        assertEquals(w + lane * 16L, t.accesses().get(0).address(lane));
        assertEquals(w + 16 + lane * 16L, t.accesses().get(1).address(lane));
        assertEquals((w * 64L + lane) * 16 + 2048, t.accesses().get(2).address(lane));
        assertEquals((w * 64L + lane) * 16, t.accesses().get(3).address(lane));
      }
      assertEquals(16, t.accesses().get(2).bytesPerLane());
      assertEquals(8, t.accesses().get(3).bytesPerLane());
      assertEquals(3, t.state().sgpr(9), "the loop counter after three iterations");
    }
  }

  /** The fixture's loop reads and writes the same bytes every iteration: its period is 1. */
  @Test
  void theFixturesLoopRepeatsEveryIteration() throws Exception {
    Kernel k = fixture();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    WaveEvaluator eval = new WaveEvaluator(k, g, 256, Map.of("n", 3L));
    List<WaveEvaluator.Trace> traces = List.of(eval.run(0, g.loops().get(0), 3));
    assertEquals(
        List.of(Step.Kind.READ, Step.Kind.WRITE),
        traces.get(0).iteration(1).stream()
            .map(Step::kind)
            .filter(kind -> kind == Step.Kind.READ || kind == Step.Kind.WRITE)
            .toList());
    assertEquals(java.util.OptionalInt.of(1), LoopPeriod.of(traces, 3));
    assertEquals(java.util.OptionalInt.empty(), LoopPeriod.of(traces, 1));
  }

  /**
   * ds_read2_b64 reads an element at offset0 and one at offset1 (in 8-byte elements);
   * ds_write2st64_b32 writes at offset0 and offset1 in units of 64 elements of 4 bytes.
   */
  @Test
  void theTwoAddressFormsAreTwoAccessesOfOneStep() throws Exception {
    Kernel k =
        inline(
            "\tv_lshlrev_b32_e32 v1, 3, v0",
            "\tds_read2_b64 v[2:5], v1 offset0:0 offset1:64",
            "\tds_write2st64_b32 v1, v2, v3 offset0:1 offset1:2",
            "\ts_endpgm");
    WaveEvaluator.Trace t = new WaveEvaluator(k, ControlFlowGraph.of(k), 64, Map.of()).run(0);
    // The ds_write's data comes from the ds_read with no wait between: a consumer of it first.
    assertEquals(
        List.of(Step.Kind.READ, Step.Kind.CONSUME, Step.Kind.WRITE, Step.Kind.END),
        t.steps().stream().map(Step::kind).toList());
    assertEquals("[v2, v3]", t.steps().get(1).consumed().toString());
    assertEquals(2, t.steps().get(0).lds().size());
    for (int lane : new int[] {0, 7, 63}) {
      List<LdsAccess> a = t.accesses();
      assertEquals(lane * 8L, a.get(0).address(lane));
      assertEquals(lane * 8L + 512, a.get(1).address(lane));
      assertEquals(lane * 8L + 256, a.get(2).address(lane));
      assertEquals(lane * 8L + 512, a.get(3).address(lane));
    }
    assertEquals(List.of(8, 8, 4, 4), t.accesses().stream().map(LdsAccess::bytesPerLane).toList());
  }

  /**
   * Without n the loop's exit depends on a symbol of the argument: the wave stays for the planned
   * steps and leaves after the last (docs/isa.md, "Unknown values"); with n = 1 it leaves early.
   */
  @Test
  void aLoopBoundNotGivenRunsThePlannedSteps() throws Exception {
    Kernel k = fixture();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    WaveEvaluator.Trace t = new WaveEvaluator(k, g, 256, Map.of()).run(1, g.loops().get(0), 2);
    assertEquals(
        List.of("DMA_WRITE@-1", "DMA_WRITE@-1", "READ@0", "WRITE@0", "READ@1", "WRITE@1"),
        t.accesses().stream().map(a -> a.kind() + "@" + a.iteration()).toList());
  }

  @Test
  void aWaveThatLeavesTheLoopEarlyIsAnError() throws Exception {
    Kernel k = fixture();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> new WaveEvaluator(k, g, 256, Map.of("n", 1L)).run(0, g.loops().get(0), 2));
    assertEquals("k.s:35: wave 0 leaves the loop after 1 iterations, not 2", e.getMessage());
  }

  @Test
  void anLdsAddressFromMemoryIsALocatedError() throws Exception {
    Kernel k =
        inline(
            "\tglobal_load_dword v1, v0, s[0:1]",
            "\ts_waitcnt vmcnt(0)",
            "\tds_read_b32 v2, v1 offset:4",
            "\ts_endpgm");
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> new WaveEvaluator(k, ControlFlowGraph.of(k), 64, Map.of()).run(0));
    assertEquals(
        "k.s:7: the LDS address of ds_read_b32 in wave 0 depends on an unknown value (address v1"
            + " of lane 0)",
        e.getMessage());
  }

  /**
   * Private memory merges word by word where the two sides of a branch on an unknown meet: a slot
   * both sides leave alike (a lane address spilled before the branch) keeps its value although
   * another slot differs; forgetting all of private memory there made the reloaded address unknown.
   */
  @Test
  void aSpillBothSidesOfABranchLeaveAloneSurvivesTheJoin() throws Exception {
    Kernel k =
        inline(
            "\ts_load_dword s2, s[0:1], 0x0",
            "\tv_lshlrev_b32_e32 v1, 4, v0",
            "\tscratch_store_dword off, v1, off offset:0",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s2, 0",
            "\ts_cbranch_scc1 .LBB0_1",
            "\tv_mov_b32_e32 v3, 1",
            "\tscratch_store_dword off, v3, off offset:8",
            "\ts_branch .LBB0_2",
            ".LBB0_1:",
            "\tv_mov_b32_e32 v3, 2",
            "\tscratch_store_dword off, v3, off offset:8",
            ".LBB0_2:",
            "\tscratch_load_dword v4, off, off offset:0",
            "\ts_waitcnt vmcnt(0)",
            "\tds_read_b32 v5, v4",
            "\ts_endpgm");
    // Not strict: the branch on the loaded word is summarised, both sides merged at the join.
    WaveEvaluator.Trace t =
        new WaveEvaluator(k, ControlFlowGraph.of(k), 64, Map.of())
            .run(0, new WaveEvaluator.Plan(java.util.Set.of(), 0, Map.of(), false));
    assertEquals(1, t.accesses().size());
    for (int lane : new int[] {0, 7, 63}) {
      assertEquals(lane * 16L, t.accesses().get(0).address(lane));
    }
  }

  /**
   * A copy kept at the K-loop exit after n steps, resumed when asked, is the run of n steps: the
   * same steps, K steps and planned exit as a wave run from the entry with n steps; it is resumed
   * once, and a count no copy was kept for is empty.
   */
  @Test
  void aCopyKeptAtALoopExitRunsOnAsTheRunOfThatManySteps() throws Exception {
    Kernel k = fixture();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    WaveEvaluator eval = new WaveEvaluator(k, g, 256, Map.of());
    WaveEvaluator.Plan plan =
        new WaveEvaluator.Plan(
            java.util.Set.copyOf(g.loops().get(0).blockIndices()), 6, Map.of(), false);
    for (int w = 0; w < 4; w++) {
      WaveEvaluator.Forking f = eval.runForking(w, plan, java.util.Set.of(1, 2, 3, 4, 5));
      assertEquals(6, f.longest().kSteps());
      for (int n = 1; n < 6; n++) {
        assertTrue(f.left(n), "a copy left after " + n + " steps");
        WaveEvaluator.Trace resumed = f.leavingAfter(n).orElseThrow();
        WaveEvaluator.Trace fresh = eval.run(w, plan.withSteps(n));
        assertEquals(n, resumed.kSteps());
        assertEquals(fingerprint(fresh), fingerprint(resumed));
        assertEquals(fresh.accesses(), resumed.accesses(), "the same lanes' addresses");
        assertEquals(fresh.plannedExits(), resumed.plannedExits());
        assertSame(resumed, f.leavingAfter(n).orElseThrow(), "resumed once");
      }
      assertFalse(f.left(6));
      assertEquals(java.util.Optional.empty(), f.leavingAfter(7));
    }
  }

  /** Each step as its line, kind and iteration. */
  private static List<String> fingerprint(WaveEvaluator.Trace t) {
    return t.steps().stream()
        .map(s -> s.instruction().location().line() + " " + s.kind() + "@" + s.iteration())
        .toList();
  }

  @Test
  void anUnsupportedInstructionStopsTheEvaluationAtItsLine() throws Exception {
    Kernel k = inline("\ts_mov_b32 s2, 0", "\ts_setpc_b64 s[30:31]", "\ts_endpgm");
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> new WaveEvaluator(k, ControlFlowGraph.of(k), 64, Map.of()).run(0));
    assertEquals(
        "k.s:6: unsupported instruction s_setpc_b64: a computed jump to the address in s[30:31],"
            + " which is no constant pipeverify resolves to a label (only the long branch is:"
            + " s_getpc_b64, constant s_add/s_sub on the pair, then s_setpc_b64; docs/isa.md)",
        e.getMessage());
  }
}

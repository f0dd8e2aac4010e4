package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Waitcnt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * src/test/resources/isa/pingpong.hip (8 waves in two groups offset by a conditional barrier,
 * LDS-DMA through M0, ds_read_b128 in inline asm, explicit waits) compiled by clang-22 inside the
 * test and decoded whole: no error, and the loop holds what the source puts there.
 */
class CompiledKernelTest {
  @TempDir Path tmp;

  private static final Path SOURCE = Path.of("src", "test", "resources", "isa", "pingpong.hip");

  @ParameterizedTest
  @ValueSource(strings = {"gfx950", "gfx942"})
  void thePingPongKernelDecodesAndItsLoopHoldsTheSourcesInstructions(String arch) throws Exception {
    AsmListing listing = AsmParser.parse(Clang22.compile(SOURCE, arch, tmp), arch + ".s");
    assertEquals("amdgcn-amd-amdhsa--" + arch, listing.target().orElseThrow());
    assertEquals(
        List.of("pingpong", "lanes"), listing.kernels().stream().map(Kernel::name).toList());
    Kernel k = listing.kernel("pingpong").orElseThrow();
    assertEquals(OptionalInt.of(512), k.workgroupSize());
    assertEquals(3, k.args().size());
    assertEquals(16, k.args().get(2).offset(), "iters after two pointers");
    for (Instruction i : k.instructions()) {
      assertTrue(
          InstructionTable.verdict(i) != InstructionTable.Verdict.UNSUPPORTED,
          i.location().describe() + ": " + i);
    }

    ControlFlowGraph g = ControlFlowGraph.of(k);
    assertEquals(1, g.loops().size(), g.loops().toString());
    List<Instruction> loop = g.instructions(g.loopWithMost("v_mfma").orElseThrow());
    assertEquals(2, count(loop, "v_mfma"));
    assertEquals(2, count(loop, "s_barrier"));
    assertEquals(2, count(loop, "ds_read_b128"));
    assertEquals(2, count(loop, "s_setprio"));
    assertEquals(
        1,
        loop.stream()
            .filter(i -> i.opcode().startsWith("buffer_load") && i.hasModifier("lds"))
            .count());
    List<Waitcnt> waits =
        loop.stream()
            .filter(i -> i.opcode().equals("s_waitcnt"))
            .map(i -> (Waitcnt) i.operand(0))
            .toList();
    assertEquals(
        List.of("vmcnt(0)", "lgkmcnt(0)"),
        waits.stream().map(Waitcnt::toString).toList(),
        "the builtin's 0x0f70 and the inline asm's wait, nothing added");
    // The conditional barrier of the second group: one before the loop, one after it.
    assertEquals(4, count(k.instructions(), "s_barrier"));
  }

  private static long count(List<Instruction> instructions, String prefix) {
    return instructions.stream().filter(i -> i.opcode().startsWith(prefix)).count();
  }

  /** The compiled ping-pong kernel, its K loop and an evaluator for 8 waves. */
  private record Compiled(WaveEvaluator evaluator, ControlFlowGraph.Loop loop) {}

  private Compiled compiled(String arch) throws Exception {
    Kernel k =
        AsmParser.parse(Clang22.compile(SOURCE, arch, tmp), arch + ".s")
            .kernel("pingpong")
            .orElseThrow();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    // clang -O3 records no argument names: iters is the third argument, arg2.
    return new Compiled(
        new WaveEvaluator(k, g, 512, Map.of("arg2", 4L)), g.loopWithMost("v_mfma").orElseThrow());
  }

  /**
   * Per-wave evaluation of the compiled kernel: every wave's LDS-DMA lands at M0 = slot + w * 1 KiB
   * (slot = (k & 1) * 32 KiB), lane t at + t * bytes, and its ds_reads at slot + (l % 16) * 128 +
   * (l / 16) * 16 (+ 4 KiB for the second), as the HIP source computes them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"gfx950", "gfx942"})
  void everyWavesLdsAddressesAreEvaluatedFromTheAssembly(String arch) throws Exception {
    Compiled c = compiled(arch);
    WaveEvaluator eval = c.evaluator();
    ControlFlowGraph.Loop loop = c.loop();
    int bytes = arch.equals("gfx950") ? 16 : 4;
    for (int w = 0; w < 8; w++) {
      WaveEvaluator.Trace t = eval.run(w, loop, 2);
      List<LdsAccess> dma =
          t.accesses().stream().filter(a -> a.kind() == LdsAccess.Kind.DMA_WRITE).toList();
      List<LdsAccess> reads =
          t.accesses().stream().filter(a -> a.kind() == LdsAccess.Kind.READ).toList();
      assertEquals(List.of(0, 1), dma.stream().map(LdsAccess::iteration).toList());
      assertEquals(4, reads.size());
      for (int it = 0; it < 2; it++) {
        long slot = (it & 1) * 32768L;
        assertEquals(bytes, dma.get(it).bytesPerLane());
        for (int lane : new int[] {0, 1, 17, 63}) {
          assertEquals(
              slot + w * 1024L + lane * (long) bytes, dma.get(it).address(lane), "wave " + w);
          long read = slot + (lane % 16) * 128L + (lane / 16) * 16L;
          assertEquals(read, reads.get(2 * it).address(lane));
          assertEquals(read + 4096, reads.get(2 * it + 1).address(lane));
          assertEquals(16, reads.get(2 * it).bytesPerLane());
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gfx950", "gfx942"})
  void aBranchOnAnArgumentNotGivenIsALocatedError(String arch) throws Exception {
    String asm = Clang22.compile(SOURCE, arch, tmp);
    Kernel k = AsmParser.parse(asm, "k.s").kernel("pingpong").orElseThrow();
    ControlFlowGraph g = ControlFlowGraph.of(k);
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> new WaveEvaluator(k, g, 512, Map.of()).run(0, g.loops().get(0), 2));
    int line = e.location().line();
    assertTrue(asm.split("\n")[line - 1].contains("s_cbranch_scc1"), e.getMessage());
    assertTrue(asm.split("\n")[line - 2].contains("s_cmp_lt_i32"), e.getMessage());
    assertTrue(
        e.getMessage()
            .endsWith(
                "s_cbranch_scc1 in wave 0 depends on an unknown SCC (a value loaded from memory or"
                    + " a kernel argument not given: --arg NAME=VALUE)"),
        e.getMessage());
  }

  /** v_mbcnt_lo/hi evaluated from the compiled code give each lane its index. */
  @ParameterizedTest
  @ValueSource(strings = {"gfx950", "gfx942"})
  void mbcntGivesEachLaneItsIndex(String arch) throws Exception {
    Kernel k =
        AsmParser.parse(Clang22.compile(SOURCE, arch, tmp), arch + ".s")
            .kernel("lanes")
            .orElseThrow();
    Instruction store =
        k.instructions().stream()
            .filter(i -> i.opcode().startsWith("global_store"))
            .findFirst()
            .orElseThrow();
    WaveEvaluator.Trace t = new WaveEvaluator(k, ControlFlowGraph.of(k), 256, Map.of()).run(2);
    for (int lane : new int[] {0, 31, 32, 63}) {
      assertEquals(lane, t.state().read(store.operand(1), lane));
    }
  }

  /**
   * The steps the lift needs, as every wave ran them through four iterations: the loop body is
   * copy, wait, barrier, two reads, wait, two MFMAs, barrier; group 1 runs its offset barrier
   * before the loop, group 0 its own after it, so both run nine; the slot alternates with k, so the
   * loop's period is 2.
   */
  @ParameterizedTest
  @ValueSource(strings = {"gfx950", "gfx942"})
  void everyWavesStepsAndTheLoopsPeriod(String arch) throws Exception {
    Compiled c = compiled(arch);
    WaveEvaluator eval = c.evaluator();
    ControlFlowGraph.Loop loop = c.loop();
    List<WaveEvaluator.Trace> traces = new ArrayList<>();
    for (int w = 0; w < 8; w++) {
      traces.add(eval.run(w, loop, 4));
    }
    List<Step.Kind> body =
        List.of(
            Step.Kind.COPY,
            Step.Kind.WAIT,
            Step.Kind.BARRIER,
            Step.Kind.READ,
            Step.Kind.READ,
            Step.Kind.WAIT,
            Step.Kind.MFMA,
            Step.Kind.MFMA,
            Step.Kind.BARRIER);
    for (WaveEvaluator.Trace t : traces) {
      boolean group1 = t.wave() >= 4;
      for (int it = 0; it < 4; it++) {
        assertEquals(body, kinds(t.iteration(it)), "wave " + t.wave() + " iteration " + it);
      }
      assertEquals(group1, kinds(t.iteration(-1)).get(0) == Step.Kind.BARRIER, "wave " + t.wave());
      assertEquals(
          group1 ? List.of(Step.Kind.VMEM, Step.Kind.END) : List.of(Step.Kind.BARRIER),
          kinds(t.iteration(-2)).subList(0, group1 ? 2 : 1),
          "wave " + t.wave());
      assertEquals(
          9, t.steps().stream().filter(s -> s.kind() == Step.Kind.BARRIER).count(), "barriers");
    }
    assertEquals(OptionalInt.of(2), LoopPeriod.of(traces, 4));
    assertEquals(OptionalInt.empty(), LoopPeriod.of(traces, 3), "P = 2 needs four iterations");
  }

  private static List<Step.Kind> kinds(List<Step> steps) {
    return steps.stream().map(Step::kind).toList();
  }
}

package io.pipeverify.isa.cfg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Waitcnt;
import java.nio.file.Path;
import java.util.List;
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
}

package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ControlFlowGraphTest {
  private static Kernel kernel(String fixture, String name) throws Exception {
    try (InputStream in = ControlFlowGraphTest.class.getResourceAsStream("/isa/" + fixture)) {
      return AsmParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), fixture)
          .kernel(name)
          .orElseThrow();
    }
  }

  @Test
  void blocksFollowLabelsAndBranchesWithTheLoopBackEdge() throws Exception {
    ControlFlowGraph g = ControlFlowGraph.of(kernel("decode-gfx950.s", "tile_copy"));
    assertEquals(3, g.blocks().size());
    assertEquals(List.of(1), g.blocks().get(0).successors(), "falls into the loop");
    assertEquals(Optional.of(".LBB0_1"), g.blocks().get(1).label());
    assertEquals(List.of(1, 2), g.blocks().get(1).successors(), "back edge, then the exit");
    assertEquals(List.of(), g.blocks().get(2).successors(), "s_endpgm");
    assertEquals(List.of(new ControlFlowGraph.Loop(1, 1, List.of(1))), g.loops());
    ControlFlowGraph.Loop loop = g.loopWithMost("v_mfma").orElseThrow();
    assertEquals(1, g.blocks().get(loop.header()).count("v_mfma"));
    assertEquals(15, g.instructions(loop).size());
  }

  @Test
  void aForwardConditionalBranchHasTwoSuccessors() throws Exception {
    ControlFlowGraph g = ControlFlowGraph.of(kernel("decode-gfx942.s", "dma4"));
    assertEquals(3, g.blocks().size());
    assertEquals(List.of(2, 1), g.blocks().get(0).successors());
    assertEquals(List.of(2), g.blocks().get(1).successors());
    assertEquals(List.of(), g.loops());
  }

  /**
   * clang lays out a shared tail after the code that jumps back to it: an edge to an earlier block
   * that is not a cycle is no loop.
   */
  @Test
  void aBackwardJumpIntoATailIsNoLoopButAMultiBlockLoopIsOne() throws Exception {
    String text =
        String.join(
            "\n",
            "\t.amdhsa_kernel k",
            "\t.end_amdhsa_kernel",
            "k:",
            "\ts_cbranch_scc1 .LBB0_3",
            ".LBB0_1:",
            "\ts_nop 0",
            "\ts_cbranch_vccz .LBB0_2",
            "\ts_barrier",
            ".LBB0_2:",
            "\ts_cbranch_scc0 .LBB0_1",
            ".LBB0_4:",
            "\ts_endpgm",
            ".LBB0_3:",
            "\ts_branch .LBB0_4",
            "");
    ControlFlowGraph g =
        ControlFlowGraph.of(AsmParser.parse(text, "k.s").kernel("k").orElseThrow());
    assertEquals(List.of(new ControlFlowGraph.Loop(1, 3, List.of(1, 2, 3))), g.loops());
  }

  @Test
  void aBranchToAnUndefinedLabelIsALocatedError() throws Exception {
    String text = "\t.amdhsa_kernel k\n\t.end_amdhsa_kernel\nk:\n\ts_branch .LBB9_9\n\ts_endpgm\n";
    Kernel k = AsmParser.parse(text, "k.s").kernel("k").orElseThrow();
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> ControlFlowGraph.of(k));
    assertEquals("k.s:4: s_branch to .LBB9_9, a label this kernel does not define", e.getMessage());
  }
}

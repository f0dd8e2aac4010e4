package io.pipeverify.isa.cfg;

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
    assertEquals(List.of(new ControlFlowGraph.Loop(1, 1)), g.loops());
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

  @Test
  void aBranchToAnUndefinedLabelIsALocatedError() throws Exception {
    String text = "\t.amdhsa_kernel k\n\t.end_amdhsa_kernel\nk:\n\ts_branch .LBB9_9\n\ts_endpgm\n";
    Kernel k = AsmParser.parse(text, "k.s").kernel("k").orElseThrow();
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> ControlFlowGraph.of(k));
    assertEquals("k.s:4: s_branch to .LBB9_9, a label this kernel does not define", e.getMessage());
  }
}

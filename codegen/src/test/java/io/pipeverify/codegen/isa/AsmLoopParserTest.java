package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.codegen.isa.AsmInstruction.Kind;
import io.pipeverify.isa.decode.AsmSyntaxException;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class AsmLoopParserTest {
  @Test
  void findsTheLoopOfTheCompiledKernelAndCountsItsInstructions() throws Exception {
    AsmLoop loop =
        AsmLoopParser.findLoop(Fixtures.resource("isa/cdna4-lgkm-drain.loop.s"), "drain.s")
            .orElseThrow();
    assertEquals(".LBB0_2", loop.label());
    // Two iterations of the note-000 loop: 8 g2s, 24 ds_read, 64 mfma and 1 s_barrier each.
    assertEquals(16, loop.count(Kind.G2S));
    assertEquals(48, loop.count(Kind.DS_READ));
    assertEquals(128, loop.count(Kind.MFMA));
    assertEquals(2, loop.count(Kind.BARRIER));
    assertEquals(16, loop.count(Kind.SCHED_BARRIER));
    assertEquals(16, loop.count(Kind.SETPRIO));
  }

  @Test
  void classifiesWaitsByCounter() throws Exception {
    AsmInstruction both =
        AsmLoopParser.classify("\ts_waitcnt vmcnt(0) lgkmcnt(0)", 7).orElseThrow();
    assertEquals(Kind.WAIT, both.kind());
    assertEquals(OptionalInt.of(0), both.vmcnt());
    assertEquals(OptionalInt.of(0), both.lgkmcnt());
    AsmInstruction lgkm = AsmLoopParser.classify("\ts_waitcnt lgkmcnt(3)", 8).orElseThrow();
    assertEquals(OptionalInt.empty(), lgkm.vmcnt());
    assertEquals(OptionalInt.of(3), lgkm.lgkmcnt());
    assertTrue(AsmLoopParser.classify("\ts_waitcnt expcnt(0)", 9).isEmpty());
  }

  @Test
  void tellsLdsDmaFromOtherVectorMemory() throws Exception {
    assertEquals(
        Kind.G2S,
        AsmLoopParser.classify("\tbuffer_load_dword v1, s[0:3], 0 offen lds", 1)
            .orElseThrow()
            .kind());
    assertEquals(
        Kind.OTHER_VMEM,
        AsmLoopParser.classify("\tbuffer_load_dwordx4 v[0:3], v1, s[0:3], 0 offen", 1)
            .orElseThrow()
            .kind());
    assertEquals(
        Kind.OTHER_LGKM,
        AsmLoopParser.classify("\tds_write_b128 v1, v[2:5]", 1).orElseThrow().kind());
    assertEquals(
        0x40L,
        AsmLoopParser.classify("\t; sched_barrier mask(0x00000040)", 1).orElseThrow().value());
    assertEquals(1L, AsmLoopParser.classify("\ts_setprio 1", 1).orElseThrow().value());
  }

  @Test
  void aListingWithoutABackEdgeHasNoLoop() throws Exception {
    String asm = "k:\n\tv_mov_b32 v0, 0\n\ts_branch .LBB0_1\n.LBB0_1:\n\ts_endpgm\n";
    assertTrue(AsmLoopParser.findLoop(asm, "k.s").isEmpty());
  }

  @Test
  void aBranchToAnUndefinedLabelIsALocatedError() {
    String asm = "k:\n\tv_mov_b32 v0, 0\n.LBB0_1:\n\ts_endpgm\n\ts_branch .LBB0_9\n";
    AsmSyntaxException e =
        assertThrows(AsmSyntaxException.class, () -> AsmLoopParser.findLoop(asm, "k.s"));
    assertEquals("k.s:5: s_branch to .LBB0_9, a label this kernel does not define", e.getMessage());
  }

  /** The decoder reads the raw immediate form too: 0xc07f is lgkmcnt(0). */
  @Test
  void aRawWaitcntImmediateIsAWait() throws Exception {
    AsmInstruction raw = AsmLoopParser.classify("\ts_waitcnt 0xc07f", 4).orElseThrow();
    assertEquals(Kind.WAIT, raw.kind());
    assertEquals(OptionalInt.empty(), raw.vmcnt());
    assertEquals(OptionalInt.of(0), raw.lgkmcnt());
    assertEquals(4, raw.line());
  }
}

package io.pipeverify.isa.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ScalarLoop}: what a loop of scalar instructions leaves, as terms of what it reads, and the
 * loops it refuses (their writes stay unknown, as for any summarised loop).
 */
class ScalarLoopTest {
  private final WaveState s = WaveState.atEntry(1, 256);

  /** One block of the loop per argument, each a line per instruction. */
  private static List<List<Instruction>> loop(String... blocks) throws AsmSyntaxException {
    List<List<Instruction>> out = new ArrayList<>();
    for (String block : blocks) {
      List<Instruction> instructions = new ArrayList<>();
      for (Statement st : AsmParser.parse(block + "\n.Lexit:\n", "t.s").statements()) {
        if (st instanceof Instruction i) {
          instructions.add(i);
        }
      }
      out.add(instructions);
    }
    return out;
  }

  private String describe(long v) {
    return s.symbols().describe(v, 200);
  }

  /**
   * Tensile's halving loop: its registers are terms of what it reads where the lift stops it (s22,
   * s20, s76, and SCC, which the branch reads); s75, written before it is read in the block, is no
   * input; the same inputs in another wave give the same terms.
   */
  @Test
  void aLoopOnNamedValuesLeavesTermsOfThem() throws Exception {
    long n = s.symbols().leaf("n");
    s.setSgprValue(20, n);
    s.setSgprValue(22, 32);
    s.setSgprValue(76, 1);
    s.setSgprValue(75, WaveState.UNKNOWN);
    s.setSccValue(s.symbols().of("s_cmp_gt_u32", 32, n));
    List<List<Instruction>> body =
        loop(
            "s_lshl_b32 s75, s22, s76\ns_cmp_ge_u32 s20, s75\ns_cbranch_scc1 .Lexit",
            "s_lshr_b32 s22, s22, 1\ns_branch .Lexit");
    assertTrue(ScalarLoop.summarise(s, body, 9));
    assertEquals(
        "loop@9:s22(32, 1, n, s_cmp_gt_u32(32, n))",
        describe(s.sgpr(22)),
        "inputs s22, s76, s20, SCC");
    assertEquals("loop@9:s75(32, 1, n, s_cmp_gt_u32(32, n))", describe(s.sgpr(75)));
    assertEquals("loop@9:scc(32, 1, n, s_cmp_gt_u32(32, n))", describe(s.scc()));
    WaveState other = WaveState.atEntry(2, 256, s.symbols());
    other.setSgprValue(20, n);
    other.setSgprValue(22, 32);
    other.setSgprValue(76, 1);
    other.setSccValue(s.symbols().of("s_cmp_gt_u32", 32, n));
    assertTrue(ScalarLoop.summarise(other, body, 9));
    assertEquals(s.sgpr(22), other.sgpr(22), "one term in every wave with the same inputs");
  }

  /** An input the lift cannot name: nothing is written, the caller makes the writes unknown. */
  @Test
  void aLoopReadingAnUnknownValueIsRefused() throws Exception {
    s.setSgprValue(22, 32);
    s.setSgprValue(76, WaveState.UNKNOWN);
    s.setSccValue(1);
    assertFalse(
        ScalarLoop.summarise(
            s, loop("s_lshl_b32 s75, s22, s76\ns_cmp_ge_u32 s20, s75\ns_cbranch_scc1 .Lexit"), 9));
    assertEquals(32, s.sgpr(22), "untouched");
  }

  /**
   * Refused: a vector instruction (lane values may differ between waves), a read of the hardware's
   * state, a call (code outside the loop) and M0 (it indexes the registers s_movrels reads).
   */
  @Test
  void loopsOfMoreThanScalarArithmeticAreRefused() throws Exception {
    s.setSgprValue(22, 32);
    s.setSccValue(1);
    for (String refused :
        List.of(
            "v_readfirstlane_b32 s23, v0",
            "s_getreg_b32 s23, 0xf804",
            "s_swappc_b64 s[30:31], s[22:23]",
            "s_mov_b32 m0, s22")) {
      assertFalse(
          ScalarLoop.summarise(
              s, loop(refused + "\ns_lshr_b32 s22, s22, 1\ns_cbranch_scc1 .Lexit"), 9),
          refused);
    }
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Statement;
import io.pipeverify.isa.semantics.Semantics.Effect;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** One test per instruction family, on wave 1 of a 256-thread workgroup (v0 = 64 + lane). */
class SemanticsTest {
  private final WaveState s = WaveState.atEntry(1, 256);

  private void run(String... lines) throws AsmSyntaxException {
    for (Statement st : AsmParser.parse(String.join("\n", lines), "t.s").statements()) {
      Semantics.execute(s, (Instruction) st);
    }
  }

  @Test
  void entryStateHoldsTheWorkItemIdAndAFullExec() {
    assertEquals(64 + 5, s.vgpr(0, 5));
    assertEquals(OptionalLong.of(-1L), s.exec());
    assertEquals(UNKNOWN, s.sgpr(0));
    assertEquals(OptionalLong.of(0xFFFFL), WaveState.atEntry(3, 208).exec(), "16 lanes left");
  }

  @Test
  void scalarArithmeticSetsTheCarryInScc() throws Exception {
    run("s_mov_b32 s0, -1", "s_add_u32 s1, s0, 2");
    assertEquals(1, s.sgpr(1));
    assertEquals(1, s.scc(), "carry out");
    run("s_addc_u32 s2, 0, 0");
    assertEquals(1, s.sgpr(2), "carry in");
    run("s_sub_u32 s3, 1, 2");
    assertEquals(0xFFFFFFFFL, s.sgpr(3));
    assertEquals(1, s.scc(), "borrow");
    run("s_mul_i32 s4, s3, 3", "s_mul_hi_u32 s5, s3, 3", "s_movk_i32 s6, 0xfff0");
    assertEquals(0xFFFFFFFDL, s.sgpr(4));
    assertEquals(2, s.sgpr(5));
    assertEquals(0xFFFFFFF0L, s.sgpr(6), "sign-extended 16-bit constant");
  }

  @Test
  void scalarShiftsLogicAndBitFields() throws Exception {
    run("s_mov_b32 s0, 0x1c0", "s_lshr_b32 s1, s0, 6", "s_bfe_u32 s2, s0, 0x10006");
    assertEquals(7, s.sgpr(1));
    assertEquals(1, s.sgpr(2), "bit 6, one bit wide");
    run("s_and_b32 s3, s0, 0x3f");
    assertEquals(0, s.sgpr(3));
    assertEquals(0, s.scc(), "SCC = result != 0");
    run("s_lshl_b64 s[4:5], s[0:1], 30");
    assertEquals(0, s.sgpr(4));
    assertEquals(0xC0000070L, s.sgpr(5), "7 << 30 | 0x1c0 >> 2");
    run("s_lshl2_add_u32 s6, s1, 4");
    assertEquals(32, s.sgpr(6));
  }

  @Test
  void addressesSpilledToAgprsComeBackIntact() throws Exception {
    // clang keeps an LDS address in a69 under register pressure and reads it back before a
    // ds_read (cdna4-interleave with 4 waves).
    run(
        "v_lshlrev_b32_e32 v1, 4, v0",
        "v_accvgpr_write_b32 a69, v1",
        "v_mov_b32_e32 v1, 0",
        "v_accvgpr_read_b32 v2, a69");
    assertEquals((64 + 7) * 16, s.vgpr(2, 7));
    run("v_accvgpr_mov_b32 a70, a69", "v_accvgpr_read_b32 v3, a70");
    assertEquals((64 + 7) * 16, s.vgpr(3, 7));
  }

  @Test
  void comparesAndSelects() throws Exception {
    run("s_mov_b32 s0, 5", "s_cmp_lt_i32 s0, 6", "s_cselect_b32 s1, 10, 20");
    assertEquals(1, s.scc());
    assertEquals(10, s.sgpr(1));
    run("s_cmp_eq_u32 s0, 6", "s_cselect_b32 s1, 10, 20");
    assertEquals(20, s.sgpr(1));
    run("s_bitcmp1_b32 s0, 2");
    assertEquals(1, s.scc());
  }

  @Test
  void vectorOperationsRunPerLane() throws Exception {
    run(
        "v_and_b32_e32 v1, 63, v0",
        "v_lshrrev_b32_e32 v2, 4, v1",
        "v_lshl_add_u32 v3, v2, 7, 0x400",
        "v_mad_u32_u24 v4, v2, 16, v1",
        "v_bfe_u32 v5, v0, 3, 3",
        "v_add3_u32 v6, v1, v2, 1");
    assertEquals(37, s.vgpr(1, 37));
    assertEquals(2, s.vgpr(2, 37));
    assertEquals(2 * 128 + 0x400, s.vgpr(3, 37));
    assertEquals(2 * 16 + 37, s.vgpr(4, 37));
    assertEquals(((64 + 37) >> 3) & 7, s.vgpr(5, 37));
    assertEquals(37 + 2 + 1, s.vgpr(6, 37));
  }

  /** a ^ (b & c) is table 0x78 (bit a<<2|b<<1|c), as clang-22 emits it for gfx950. */
  @Test
  void bitop3AppliesItsTruthTable() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0xf0",
        "v_mov_b32_e32 v2, 0xcc",
        "v_bitop3_b32 v3, v1, v2, 0xaa bitop3:0x78");
    assertEquals(0xF0 ^ (0xCC & 0xAA), s.vgpr(3, 0));
  }

  @Test
  void laneQueriesMbcntAndReadfirstlane() throws Exception {
    run(
        "v_mbcnt_lo_u32_b32 v1, -1, 0",
        "v_mbcnt_hi_u32_b32 v1, -1, v1",
        "v_readfirstlane_b32 s0, v0");
    assertEquals(0, s.vgpr(1, 0));
    assertEquals(40, s.vgpr(1, 40), "the lane index");
    assertEquals(64, s.sgpr(0), "work-item id of the first lane");
    run("s_lshr_b32 s1, s0, 6");
    assertEquals(1, s.sgpr(1), "the wave id clang derives");
  }

  @Test
  void compareWritesALaneMaskThatCndmaskReads() throws Exception {
    run(
        "v_and_b32_e32 v1, 63, v0",
        "v_cmp_gt_u32_e32 vcc, 4, v1",
        "v_cndmask_b32_e32 v2, 7, 9, vcc",
        "v_cmp_eq_u32_e64 s[2:3], 63, v1",
        "v_cndmask_b32_e64 v3, 0, 1, s[2:3]");
    assertEquals(OptionalLong.of(0xFL), s.vcc());
    assertEquals(9, s.vgpr(2, 3));
    assertEquals(7, s.vgpr(2, 4));
    assertEquals(1, s.vgpr(3, 63));
    assertEquals(0, s.vgpr(3, 62));
  }

  @Test
  void carryOutGoesToTheMaskOperand() throws Exception {
    run("v_mov_b32_e32 v1, -1", "v_add_co_u32_e32 v2, vcc, 1, v1");
    assertEquals(0, s.vgpr(2, 9));
    assertEquals(OptionalLong.of(-1L), s.vcc());
  }

  @Test
  void inactiveLanesKeepTheirValues() throws Exception {
    run("v_mov_b32_e32 v1, 5", "s_mov_b64 exec, 1", "v_mov_b32_e32 v1, 6");
    assertEquals(6, s.vgpr(1, 0));
    assertEquals(5, s.vgpr(1, 1));
  }

  @Test
  void unknownPropagatesAndLoadsClobberTheirDestinations() throws Exception {
    run("v_mov_b32_e32 v1, 3", "s_mov_b32 s2, 4");
    assertEquals(
        Effect.CLOBBERED,
        Semantics.execute(
            s,
            (Instruction)
                AsmParser.parse("s_load_dword s2, s[0:1], 0x0", "t.s").statements().get(0)));
    run("s_add_i32 s3, s2, 1", "v_add_u32_e32 v2, s2, v1", "ds_read_b32 v1, v0");
    assertEquals(UNKNOWN, s.sgpr(2), "loaded from memory");
    assertEquals(UNKNOWN, s.sgpr(3));
    assertEquals(UNKNOWN, s.scc());
    assertEquals(UNKNOWN, s.vgpr(2, 0));
    assertEquals(UNKNOWN, s.vgpr(1, 0), "a ds_read destination");
    run("v_exp_f32_e32 v0, v0");
    assertEquals(UNKNOWN, s.vgpr(0, 0), "an instruction without semantics clobbers its result");
  }

  /**
   * An instruction outside the table may write any register it names, and SCC (scalar) or VCC
   * (vector) unnamed: all of them become the opaque unknown, even from a symbol (what it computes
   * is not known, so no term names it). A vector instruction writes an SGPR only where the ISA lets
   * it (a mask: compares, carries; a lane read): an SGPR source of another is only read.
   */
  @Test
  void anInstructionOutsideTheTableMakesEveryRegisterItMayWriteUnknown() throws Exception {
    run(
        "v_mov_b32_e32 v1, 1",
        "v_mov_b32_e32 v2, 2",
        "s_mov_b32 s3, 3",
        "v_mov_b32_e32 v4, 4",
        "v_cmp_eq_u32_e32 vcc, v1, v1",
        "v_ashr_pk_i8_i32 v1, v2, s3, v4");
    assertEquals(UNKNOWN, s.vgpr(1, 0));
    assertEquals(UNKNOWN, s.vgpr(2, 0), "a source may be a destination it does not say");
    assertEquals(UNKNOWN, s.vgpr(4, 0));
    assertEquals(3, s.sgpr(3), "an SGPR source of a vector instruction");
    assertEquals(OptionalLong.empty(), s.vcc());
    run("s_mov_b32 s6, 6", "s_mov_b32 s8, 8", "v_add_co_ci_u32_e64 v5, s[6:7], v1, v2, s[8:9]");
    assertEquals(UNKNOWN, s.sgpr(6), "a carry-out");
    assertEquals(UNKNOWN, s.sgpr(8), "any SGPR of an instruction that may write one");
    run(
        "s_mov_b32 s0, 0",
        "s_cmp_eq_u32 s0, 0",
        "s_mov_b32 s1, 1",
        "s_mul_u64 s[0:1], s[2:3], s[4:5]");
    assertEquals(UNKNOWN, s.sgpr(0));
    assertEquals(UNKNOWN, s.sgpr(1));
    assertEquals(UNKNOWN, s.scc());
    s.setSgprValue(6, s.symbols().leaf("arg"));
    run("s_mul_u64 s[6:7], s[6:7], 3");
    assertEquals(UNKNOWN, s.sgpr(6), "no symbol of an instruction nobody knows");
  }

  /**
   * s_setreg of MODE[1:0] sets the f32 round mode: the float functions round to nearest even only,
   * so under any other mode (or an unknown one) what rounds is unknown; a conversion to an integer
   * truncates whatever the mode. Other fields leave the mode; a field over part of it keeps the
   * rest.
   */
  @Test
  void setregOfTheRoundModeMakesRoundedFloatResultsUnknown() throws Exception {
    run("v_mov_b32_e32 v1, 0x40400000", "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 3");
    assertEquals(3, s.f32Round(), "round toward zero");
    run("v_add_f32_e32 v2, 1.0, v1", "v_cvt_u32_f32_e32 v3, v1");
    assertEquals(UNKNOWN, s.vgpr(2, 0));
    assertEquals(3, s.vgpr(3, 0));
    run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 1, 3), 0");
    assertEquals(1, s.f32Round(), "bit 0 kept");
    run(
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0",
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 1), s9");
    assertEquals(UNKNOWN, s.f32Round(), "set from an unknown SGPR");
    run(
        "s_mov_b32 s9, 0",
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s9",
        "v_add_f32_e32 v2, 1.0, v1");
    assertEquals(0, s.f32Round());
    assertEquals(0x40800000L, s.vgpr(2, 0), "4.0, rounded to nearest even again");
    run("s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 0, 8), 0xff");
    assertEquals(0, s.f32Round(), "the trap status is no part of the mode");
  }

  /** clang spills address VGPRs to private memory and reloads them: the values survive. */
  @Test
  void spilledRegistersAreReloaded() throws Exception {
    run(
        "v_and_b32_e32 v2, 15, v0",
        "v_mov_b32_e32 v3, 7",
        "scratch_store_dwordx2 off, v[2:3], off offset:16",
        "v_mov_b32_e32 v2, 0",
        "scratch_load_dwordx2 v[4:5], off, off offset:16",
        "scratch_load_dword v6, off, off offset:20",
        "scratch_load_dword v7, off, off offset:24");
    assertEquals(9, s.vgpr(4, 41));
    assertEquals(7, s.vgpr(5, 41));
    assertEquals(7, s.vgpr(6, 0));
    assertEquals(UNKNOWN, s.vgpr(7, 0), "never stored");
    run(
        "s_load_dword s0, s[4:5], 0x0",
        "scratch_store_dword off, v2, s0",
        "scratch_load_dword v8, off, off offset:16");
    assertEquals(UNKNOWN, s.vgpr(8, 0), "a store to an unknown address may have overwritten it");
  }

  /**
   * clang spills AGPRs too, under register pressure (tilelang-pipelined with 2 waves): a spill of
   * a[3] stores a3's value, not v3's, and a reload into a[5] writes a5, leaving v5 alone. Reading
   * the VGPR of the same number made a reloaded LDS address unknown (fuzz --compile found it).
   */
  @Test
  void spilledAgprsAreTheirOwnRegisters() throws Exception {
    run(
        "v_and_b32_e32 v1, 15, v0",
        "v_accvgpr_write_b32 a3, v1",
        "v_mov_b32_e32 v3, 99",
        "v_mov_b32_e32 v5, 42",
        "scratch_store_dword off, a3, off offset:32",
        "scratch_load_dword a5, off, off offset:32",
        "v_accvgpr_read_b32 v6, a5");
    assertEquals(9, s.vgpr(6, 41), "a5 holds what a3 held");
    assertEquals(42, s.vgpr(5, 41), "v5 is not the reload's destination");
    assertEquals(99, s.vgpr(3, 41), "v3 is not the spill's source");
  }

  /**
   * A symbol is a name, not a number: s_cmov_b32 with SCC = 0 keeps the symbol in its destination
   * (it was once computed from the symbol's bits: hipBLASLt's tail-loop count became 4294966683),
   * and with a symbolic SCC it is the select the solver reads.
   */
  @Test
  void aConditionalMoveKeepsASymbolAndASymbolicSccMakesASelect() throws Exception {
    long k = s.symbols().leaf("K");
    s.writeValue(
        new io.pipeverify.isa.decode.Operand.Register(
            io.pipeverify.isa.decode.Operand.RegisterFile.SGPR, 10, 1),
        0,
        k);
    run("s_cmp_eq_u32 s0, s0", "s_cmp_lg_u32 1, 1", "s_cmov_b32 s10, 0");
    assertEquals(k, s.sgpr(10), "SCC = 0 keeps the symbol");
    s.setSccValue(s.symbols().leaf("c"));
    run("s_cmov_b32 s10, 0");
    assertEquals("s_cselect_b32(0, K, c)", s.symbols().describe(s.sgpr(10), 100));
  }

  /**
   * SOPK arithmetic reads its destination: s_addk_i32 on a symbol is the term of that symbol
   * (aiter's causal attention kernels compute their loop bound so; it was once a number made of the
   * symbol's bits).
   */
  @Test
  void sopkArithmeticOnASymbolIsATerm() throws Exception {
    s.setSgprValue(40, s.symbols().leaf("n"));
    run("s_addk_i32 s40, 0x1", "s_mulk_i32 s40, 0x3");
    assertEquals("s_mulk_i32(s_addk_i32(n, 1), 3)", s.symbols().describe(s.sgpr(40), 100));
  }

  /**
   * {@code (a + b) - a} is {@code b}: hipBLASLt takes a lane's row back out of its global index
   * ({@code v0 = 256 * wg + row}; {@code v_sub_u32 v11, v0, s70} with {@code s70 = 256 * wg}), and
   * the row, a number, is an LDS address.
   */
  @Test
  void aSumMinusOneOfItsTermsIsTheOther() throws Exception {
    s.setSgprValue(2, s.symbols().leaf("wg"));
    run(
        "s_mul_i32 s70, 0x100, s2",
        "v_add_u32_e32 v1, s70, v0",
        "s_mul_i32 s71, 0x100, s2",
        "v_sub_u32_e64 v11, v1, s71");
    assertEquals(64 + 5, s.vgpr(11, 5), "lane 5's work-item id, a number");
  }

  /**
   * The subtrahend is found among the addends of nested sums, and the known addends left are added
   * up: hipBLASLt reads the next column's bias at {@code ((128 * wg + row) + 1) - 128 * wg}, which
   * is {@code row + 1}, a number; what is left of symbols stays a sum.
   */
  @Test
  void aNestedSumMinusOneOfItsTermsIsTheRestAddedUp() throws Exception {
    s.setSgprValue(2, s.symbols().leaf("wg"));
    s.setSgprValue(3, s.symbols().leaf("n"));
    run(
        "s_mul_i32 s84, 0x80, s2",
        "v_add_u32_e32 v1, s84, v0",
        "v_add_co_u32_e64 v4, vcc, v1, 1",
        "v_sub_u32_e64 v20, v4, s84",
        "v_add3_u32 v5, s3, v1, 2",
        "v_sub_u32_e64 v21, v5, s84");
    assertEquals(64 + 5 + 1, s.vgpr(20, 5), "lane 5's work-item id plus one, a number");
    assertEquals("v_add_u32(n, 71)", s.symbols().describe(s.vgpr(21, 5), 100));
  }

  /**
   * Under an EXEC that a v_cmpx of symbols wrote (hipBLASLt's split-K remainder correction), each
   * lane's result is "its EXEC bit ? the new value : the old one", and v_readfirstlane after EXEC
   * is restored passes lane 0's on.
   */
  @Test
  void aVectorResultUnderASymbolicExecIsTheSelectOfEachLanesBit() throws Exception {
    long n = s.symbols().leaf("n");
    s.setSgprValue(50, n);
    run(
        "v_mov_b32 v1, s50",
        "v_mov_b32 v0, 7",
        "v_cmpx_eq_u32_e64 exec, v1, 3",
        "v_add_u32_e32 v0, 1, v0",
        "s_mov_b64 exec, -1",
        "v_readfirstlane_b32 s7, v0");
    assertEquals(
        "exec_select(v_cmpx_eq_u32.0#mask(n, 3, 4294967295, 4294967295), 0, 8, 7)",
        s.symbols().describe(s.sgpr(7), 200));
  }
}

package io.pipeverify.isa.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.InstructionInfo.Counter;
import io.pipeverify.isa.decode.InstructionInfo.Effect;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.InstructionTable.Verdict;
import io.pipeverify.isa.semantics.Semantics;
import io.pipeverify.isa.semantics.WaveState;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InstructionTableTest {
  private static Instruction decode(String code) throws AsmSyntaxException {
    return AsmParser.instruction(code, new Location("t.s", 7));
  }

  private static InstructionInfo info(String code) throws AsmSyntaxException {
    return InstructionTable.lookup(decode(code)).orElseThrow();
  }

  @Test
  void scalarAtomicsAreScalarMemoryOnLgkmcnt() throws Exception {
    // aiter's split-K semaphore: s_atomic_dec s49, s[40:41], s62 glc
    InstructionInfo dec = info("s_atomic_dec s49, s[40:41], s62 glc");
    assertEquals(Family.SMEM, dec.family());
    assertEquals(Set.of(Counter.LGKMCNT), dec.counters());
    assertEquals(1, dec.defs());
  }

  @Test
  void ldsDmaIsTheBufferLoadWithLds() throws Exception {
    InstructionInfo dma = info("buffer_load_dwordx4 v2, s[8:11], 0 offen lds");
    assertEquals(Family.LDS_DMA, dma.family());
    assertEquals(Set.of(Counter.VMCNT), dma.counters());
    assertTrue(dma.has(Effect.WRITES_LDS) && dma.has(Effect.READS_M0));
    assertEquals(0, dma.defs());
    InstructionInfo load = info("buffer_load_dwordx4 v[2:5], v1, s[8:11], 0 offen");
    assertEquals(Family.VMEM, load.family());
    assertEquals(1, load.defs());
    assertEquals(Family.LDS_DMA, info("global_load_lds_dwordx4 v2, s[4:5] offset:16").family());
  }

  @Test
  void countersAndLdsEffectsPerFamily() throws Exception {
    InstructionInfo read = info("ds_read_b128 v[4:7], v1 offset:2048");
    assertEquals(Set.of(Counter.LGKMCNT), read.counters());
    assertTrue(read.has(Effect.READS_LDS));
    assertTrue(info("ds_write_b64 v1, v[8:9]").has(Effect.WRITES_LDS));
    assertEquals(Set.of(Counter.LGKMCNT), info("s_load_dwordx4 s[4:7], s[0:1], 0x0").counters());
    assertEquals(
        Set.of(Counter.VMCNT, Counter.LGKMCNT), info("flat_load_dword v1, v[2:3]").counters());
    assertEquals(Set.of(Counter.VMCNT), info("global_store_dword v1, v2, s[4:5]").counters());
    assertEquals(
        Family.MFMA, info("v_mfma_f32_16x16x16_bf16 v[2:5], v[6:7], v[8:9], v[2:5]").family());
    assertEquals(Family.WAITCNT, info("s_waitcnt vmcnt(0)").family());
    assertEquals(Family.BARRIER, info("s_barrier").family());
    assertTrue(info("s_cbranch_vccz .LBB0_3").has(Effect.READS_VCC));
    assertTrue(info("s_addc_u32 s1, s2, s3").has(Effect.READS_SCC));
    assertEquals(2, info("v_add_co_u32_e32 v0, vcc, s0, v0").defs());
  }

  /**
   * Hardware registers and messages by name (as objdump prints them) are operands; reading one
   * gives an unknown value and touches nothing tracked.
   */
  @Test
  void aHardwareRegisterIsReadAsAnUnknownValue() throws Exception {
    assertEquals(
        Verdict.KNOWN, InstructionTable.verdict(decode("s_getreg_b32 s4, hwreg(HW_REG_HW_ID)")));
    assertEquals(
        new Operand.HwReg("HW_REG_HW_ID", 0, 32),
        decode("s_getreg_b32 s4, hwreg(HW_REG_HW_ID)").operand(1));
    assertEquals(
        Verdict.KNOWN, InstructionTable.verdict(decode("s_sendmsg sendmsg(MSG_INTERRUPT)")));
    WaveState s = WaveState.atEntry(0, 64);
    s.setSgpr(4, 7);
    Semantics.execute(s, decode("s_getreg_b32 s4, hwreg(HW_REG_HW_ID, 0, 32)"));
    assertEquals(WaveState.UNKNOWN, s.sgpr(4));
  }

  /**
   * s_setreg writes MODE or TRAPSTS: followed (the round mode: SemanticsTest), by name, by number
   * (objdump's form for an id it cannot name) or as the raw 16-bit field; MODE's GPR_IDX_EN and
   * VSKIP bits and any other register are refused where the lift meets them.
   */
  @Test
  void setregIsFollowedForTheModeAndTrapStatusOnly() throws Exception {
    for (String known :
        List.of(
            "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s2",
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf",
            "s_setreg_b32 hwreg(1, 12, 7), s2",
            "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS), 0",
            "s_setreg_imm32_b32 0x1, 2")) {
      assertEquals(Verdict.KNOWN, InstructionTable.verdict(decode(known)), known);
    }
    assertEquals(
        new Operand.HwReg("HW_REG_MODE", 12, 7),
        decode("s_setreg_b32 hwreg(1, 12, 7), s2").operand(0));
    assertEquals(
        "t.s:7: unsupported instruction s_setreg_b32: it writes MODE bits 27-28 (GPR_IDX_EN,"
            + " VSKIP), which the lift follows only through s_set_gpr_idx_* and s_setvskip"
            + " (docs/isa.md, \"Instructions outside the table\")",
        refusal("s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s2"));
    assertEquals(
        "t.s:7: unsupported instruction s_setreg_b32: it writes hardware register HW_REG_STATUS,"
            + " which may hold state the lift tracks (only HW_REG_MODE and HW_REG_TRAPSTS are"
            + " followed) (docs/isa.md, \"Instructions outside the table\")",
        refusal("s_setreg_b32 hwreg(2, 0, 1), s2"));
    assertEquals(
        "t.s:7: s_setreg_imm32_b32 needs 2 operands or more, found 1",
        refusal("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2)"));
    AsmSyntaxException bad =
        assertThrows(
            AsmSyntaxException.class, () -> decode("s_setreg_b32 hwreg(HW_REG_MODE, 30, 4), s2"));
    assertEquals(
        "t.s:7: bad hardware register field 'hwreg(HW_REG_MODE, 30, 4)' (expected hwreg(NAME) or"
            + " hwreg(NAME or id 0-63, offset, size) within 32 bits)",
        bad.getMessage());
  }

  private static String refusal(String code) {
    return assertThrows(AsmSyntaxException.class, () -> InstructionTable.require(decode(code)))
        .getMessage();
  }

  /**
   * An ALU instruction outside the table is opaque (read as reading and writing every register it
   * names: SemanticsTest), integer or not; one that may touch LDS, a counter, control flow, EXEC,
   * M0 or the matrix cores is refused, saying why.
   */
  @Test
  void anInstructionOutsideTheTableIsOpaqueUnlessItMayTouchWhatTheLiftTracks() throws Exception {
    for (String opaque :
        List.of(
            "v_exp_f32_e32 v1, v2",
            "v_pk_mul_f32 v[0:1], v[2:3], v[4:5]",
            "v_sqrt_f32_e32 v1, v2",
            "v_ashr_pk_i8_i32 v1, v2, v3, v4",
            "s_version 0x5",
            "v_cvt_pk_u8_f32 v48, v48, 0, v48")) {
      assertEquals(Verdict.OPAQUE, InstructionTable.verdict(decode(opaque)), opaque);
      assertTrue(InstructionTable.require(decode(opaque)).isEmpty(), opaque);
    }
    String outside =
        ", and it is not in the instruction table (docs/isa.md, \"Instructions outside the table\")";
    Map<String, String> refused =
        Map.of(
            "ds_gws_init v1 offset:0 gds",
            "it may read or write LDS (a DS instruction, or an interpolation through M0)",
            "v_interp_p1_f32 v1, v2, attr0.x",
            "it may read or write LDS (a DS instruction, or an interpolation through M0)",
            "buffer_gl1_inv",
            "it may access memory, count on a wait counter or wait on one",
            "s_waitcnt_vscnt null, 0x0",
            "it may access memory, count on a wait counter or wait on one",
            "s_cbranch_g_fork s[2:3], s[4:5]",
            "it may change control flow",
            "s_and_saveexec_b32 s2, s3",
            "it may write EXEC",
            "v_movreld_b32 v1, v2",
            "it may read or write registers through M0, which its operands do not name",
            "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]",
            "it is a matrix instruction, whose operands the lift follows as an op",
            "v_ashr_pk_i8_i32 v1, exec_lo, v3, v4",
            "it names EXEC (exec_lo)",
            "v_ashr_pk_u8_i32 v1, m0, v3, v4",
            "it names M0");
    for (Map.Entry<String, String> r : refused.entrySet()) {
      Instruction i = decode(r.getKey());
      assertEquals(Verdict.UNSUPPORTED, InstructionTable.verdict(i), r.getKey());
      assertEquals(
          "t.s:7: unsupported instruction " + i.mnemonic() + ": " + r.getValue() + outside,
          refusal(r.getKey()));
    }
    assertEquals(
        Verdict.UNSUPPORTED, InstructionTable.verdict(decode("image_load v[0:3], v4, s[8:15]")));
    assertEquals(
        "t.s:7: unsupported instruction s_setpc_b64: a computed jump to the address in s[30:31],"
            + " which is no constant pipeverify resolves to a label (only the long branch is:"
            + " s_getpc_b64, constant s_add/s_sub on the pair, then s_setpc_b64; docs/isa.md)",
        refusal("s_setpc_b64 s[30:31]"));
    assertEquals(
        Verdict.KNOWN,
        InstructionTable.verdict(
            decode("v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf")),
        "DPP is the row of the instruction without it: its lane moves are modelled (DppTest)");
  }

  @Test
  void execMaskOperationsAndOperandsDeclareTheirEffects() throws Exception {
    InstructionInfo saveexec = info("s_and_saveexec_b64 s[2:3], vcc");
    assertTrue(saveexec.has(Effect.WRITES_EXEC) && saveexec.has(Effect.READS_EXEC));
    assertTrue(saveexec.has(Effect.WRITES_SCC) && saveexec.has(Effect.READS_VCC));
    assertTrue(info("s_mov_b64 exec, s[2:3]").has(Effect.WRITES_EXEC));
    assertTrue(info("s_mov_b64 s[2:3], exec").has(Effect.READS_EXEC));
    assertTrue(info("s_mov_b32 m0, s2").has(Effect.WRITES_M0));
    InstructionInfo cmpx = info("v_cmpx_eq_u32_e32 vcc, v1, v2");
    assertTrue(cmpx.has(Effect.WRITES_EXEC) && cmpx.has(Effect.WRITES_VCC));
    assertTrue(info("s_addk_i32 s1, 0x10").has(Effect.WRITES_SCC));
    assertTrue(info("s_cmovk_i32 s1, 0x10").has(Effect.READS_SCC));
    assertTrue(info("s_set_gpr_idx_on s2, gpr_idx(SRC0)").has(Effect.WRITES_M0));
    assertEquals(2, info("v_mad_u64_u32 v[0:1], s[2:3], v2, v3, v[4:5]").defs());
    assertEquals(2, info("v_addc_co_u32_e32 v1, vcc, v2, v3, vcc").defs());
  }

  @Test
  void gprIdxOperandsDecode() throws Exception {
    Instruction on = decode("s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)");
    assertEquals(new Operand.GprIdx(0b1001), on.operand(1));
    assertEquals("s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)", on.toString());
    assertEquals(new Operand.GprIdx(0), decode("s_set_gpr_idx_mode gpr_idx()").operand(0));
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class, () -> decode("s_set_gpr_idx_on s2, gpr_idx(SRC0,SRC3)"));
    assertEquals(
        "t.s:7: bad VGPR index mode 'gpr_idx(SRC0,SRC3)' (expected gpr_idx(SRC0,SRC1,SRC2,DST) or"
            + " a subset)",
        e.getMessage());
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Statement;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * One test per instruction family of docs/isa.md "Instruction coverage", with values worked out
 * from the CDNA3/CDNA4 ISA reference; on wave 1 of a 256-thread workgroup (v0 = 64 + lane).
 */
class InstructionFamiliesTest {
  private final WaveState s = WaveState.atEntry(1, 256);

  private void run(String... lines) throws AsmSyntaxException {
    for (Statement st : AsmParser.parse(String.join("\n", lines), "t.s").statements()) {
      Semantics.execute(s, (Instruction) st);
    }
  }

  private long f(float v) {
    return Float.floatToRawIntBits(v) & 0xFFFFFFFFL;
  }

  @Test
  void sopkImmediatesAreSixteenBitsSignOrZeroExtended() throws Exception {
    run("s_mov_b32 s45, 0xc0", "s_cmpk_gt_i32 s45, 0xbf");
    assertEquals(1, s.scc(), "192 > 191");
    run("s_cmpk_gt_i32 s45, 0xffff");
    assertEquals(1, s.scc(), "_i32: 0xffff is -1");
    run("s_cmpk_gt_u32 s45, 0xffff");
    assertEquals(0, s.scc(), "_u32: 0xffff is 65535");
    run("s_cmpk_le_u32 s45, 0xc0", "s_cmpk_lg_i32 s45, 0xc0");
    assertEquals(0, s.scc());
    run("s_mov_b32 s1, 0x7fffffff", "s_addk_i32 s1, 0x1");
    assertEquals(0x80000000L, s.sgpr(1));
    assertEquals(1, s.scc(), "signed overflow");
    run("s_addk_i32 s1, 0xffff");
    assertEquals(0x7FFFFFFFL, s.sgpr(1));
    assertEquals(1, s.scc(), "INT_MIN - 1 overflows too");
    run("s_addk_i32 s1, 0xffff");
    assertEquals(0, s.scc());
    run("s_mov_b32 s2, 3", "s_mulk_i32 s2, 0xfffe");
    assertEquals(0xFFFFFFFAL, s.sgpr(2), "3 * -2");
    run("s_cmp_eq_u32 0, 1", "s_cmovk_i32 s2, 0x7", "s_cmp_eq_u32 0, 0", "s_cmovk_i32 s3, 0x8");
    assertEquals(0xFFFFFFFAL, s.sgpr(2), "SCC 0: kept");
    assertEquals(8, s.sgpr(3));
  }

  @Test
  void scalarBitOperations() throws Exception {
    run(
        "s_mov_b32 s0, 0x00f0",
        "s_ff1_i32_b32 s1, s0",
        "s_ff0_i32_b32 s2, -1",
        "s_flbit_i32_b32 s3, s0",
        "s_bcnt1_i32_b32 s4, s0",
        "s_sext_i32_i8 s5, 0x80",
        "s_sext_i32_i16 s6, 0x7fff",
        "s_flbit_i32 s7, -2");
    assertEquals(4, s.sgpr(1));
    assertEquals(0xFFFFFFFFL, s.sgpr(2), "no zero bit: -1");
    assertEquals(24, s.sgpr(3));
    assertEquals(4, s.sgpr(4));
    assertEquals(1, s.scc(), "bcnt sets SCC = result != 0");
    assertEquals(0xFFFFFF80L, s.sgpr(5));
    assertEquals(0x7FFF, s.sgpr(6));
    assertEquals(31, s.sgpr(7), "-2: the first bit differing from the sign is bit 0");
    run("s_mov_b64 s[8:9], 0", "s_bitset1_b64 s[8:9], 33", "s_bitset0_b32 s0, 4");
    assertEquals(0, s.sgpr(8));
    assertEquals(2, s.sgpr(9));
    assertEquals(0xE0, s.sgpr(0));
    run("s_absdiff_i32 s10, -3, 4", "s_pack_lh_b32_b16 s11, 0x1234, 0xabcd0000");
    assertEquals(7, s.sgpr(10));
    assertEquals(0xABCD1234L, s.sgpr(11));
    run("s_bfe_i64 s[12:13], -1, 0x80004", "s_bcnt1_i32_b64 s14, s[12:13]");
    assertEquals(0xFFFFFFFFL, s.sgpr(12), "8 bits of ones at bit 4, sign-extended");
    assertEquals(0xFFFFFFFFL, s.sgpr(13));
    assertEquals(64, s.sgpr(14));
    run("s_bitcmp1_b64 s[12:13], 63", "s_cmp_lg_u64 s[12:13], -1");
    assertEquals(0, s.scc());
  }

  @Test
  void scalarCarryChainsAndSelects() throws Exception {
    run(
        "s_mov_b32 s0, -1",
        "s_add_u32 s2, s0, 1",
        "s_addc_u32 s3, 0, 0",
        "s_sub_u32 s4, 0, 1",
        "s_subb_u32 s5, 0, 0");
    assertEquals(0, s.sgpr(2));
    assertEquals(1, s.sgpr(3));
    assertEquals(0xFFFFFFFFL, s.sgpr(5), "0 - 0 - borrow");
    assertEquals(1, s.scc(), "borrow out");
    run("s_cmp_lt_u32 1, 2", "s_cselect_b64 s[6:7], -1, 0", "s_cmov_b64 s[8:9], s[6:7]");
    assertEquals(
        OptionalLong.of(-1L),
        s.read64(
            new io.pipeverify.isa.decode.Operand.Register(
                io.pipeverify.isa.decode.Operand.RegisterFile.SGPR, 8, 2),
            0));
    run("s_cmp_eq_u64 s[6:7], -1");
    assertEquals(1, s.scc());
  }

  @Test
  void saveexecNarrowsExecAndKeepsTheOldMask() throws Exception {
    run(
        "v_and_b32_e32 v1, 63, v0",
        "v_cmp_gt_u32_e32 vcc, 8, v1",
        "s_and_saveexec_b64 s[2:3], vcc",
        "v_mov_b32_e32 v2, 5");
    assertEquals(OptionalLong.of(0xFFL), s.exec());
    assertEquals(0xFFFFFFFFL, s.sgpr(2));
    assertEquals(1, s.scc());
    run("s_or_b64 exec, exec, s[2:3]", "s_andn2_saveexec_b64 s[4:5], 0xff");
    assertEquals(OptionalLong.of(0L), s.exec(), "0xff & ~EXEC");
    assertEquals(0, s.scc());
    run("s_mov_b64 exec, s[4:5]", "s_andn1_wrexec_b64 s[6:7], 0xf");
    assertEquals(OptionalLong.of(~0xFL), s.exec(), "~src & EXEC");
    assertEquals(0xFFFFFFF0L, s.sgpr(6), "wrexec writes the new EXEC");
  }

  @Test
  void vcmpxWritesExecAndTheMask() throws Exception {
    run("v_and_b32_e32 v1, 63, v0", "v_cmpx_lt_u32_e64 s[0:1], v1, 4", "v_mov_b32_e32 v2, 7");
    assertEquals(OptionalLong.of(0xFL), s.exec());
    assertEquals(0xF, s.sgpr(0));
    assertEquals(7, s.vgpr(2, 3));
    assertEquals(UNKNOWN, s.vgpr(2, 4), "inactive lane kept its (unknown) value");
    run("v_cmpx_eq_u32_e32 vcc, 2, v1");
    assertEquals(OptionalLong.of(0x4L), s.exec());
    assertEquals(OptionalLong.of(0x4L), s.vcc());
  }

  @Test
  void twentyFourBitMultipliesSignExtendTheirInputs() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0xffffff",
        "v_mov_b32_e32 v2, 0x12fffffe",
        "v_mul_i32_i24_e32 v3, v1, v2",
        "v_mul_hi_i32_i24_e32 v4, v1, v2",
        "v_mad_i32_i24 v5, v1, 5, 10",
        "v_mul_u32_u24_e32 v6, v1, 2",
        "v_mul_hi_u32_u24_e32 v7, v1, v1");
    assertEquals(2, s.vgpr(3, 0), "-1 * -2, the top byte ignored");
    assertEquals(0, s.vgpr(4, 0));
    assertEquals(5, s.vgpr(5, 0), "-1 * 5 + 10");
    assertEquals(0x1FFFFFEL, s.vgpr(6, 0));
    assertEquals(0xFFFF, s.vgpr(7, 0), "(2^24-1)^2 >> 32");
  }

  @Test
  void threeSourceAndBitFieldOperations() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0x11223344",
        "v_mov_b32_e32 v2, 0x55667788",
        "v_perm_b32 v3, v1, v2, 0x0c070400",
        "v_perm_b32 v4, 0x80000000, 0x8000, 0x0b0a0908",
        "v_perm_b32 v5, v1, v2, 0xff0d0605",
        "v_alignbit_b32 v6, v1, v2, 8",
        "v_alignbyte_b32 v7, v1, v2, 3",
        "v_bfe_i32 v8, 0xf0, 4, 4",
        "v_bfe_u32 v9, 0xf0, 4, 4",
        "v_bcnt_u32_b32 v10, 0xff, 1",
        "v_ffbh_u32_e32 v11, 1",
        "v_ffbl_b32_e32 v12, 0",
        "v_or3_b32 v13, 1, 2, 4",
        "v_lshl_add_u32 v14, 3, 4, 1",
        "v_add_lshl_u32 v15, 3, 1, 4",
        "v_med3_i32 v16, -5, 7, 2",
        "v_sad_u8 v17, 0x0105, 0x0501, 1");
    assertEquals(0x00114488L, s.vgpr(3, 0), "bytes 0, 4, 7 of {v1, v2}, 0x0c zero");
    assertEquals(0xFF0000FFL, s.vgpr(4, 0), "sign of bytes 1, 3, 5, 7");
    assertEquals(0xFFFF2233L, s.vgpr(5, 0), "bytes 5, 6 (v1 bytes 1, 2); 0x0d and above: 0xff");
    assertEquals(0x44556677L, s.vgpr(6, 0));
    assertEquals(0x22334455L, s.vgpr(7, 0));
    assertEquals(0xFFFFFFFFL, s.vgpr(8, 0), "0xf sign-extended from 4 bits");
    assertEquals(0xF, s.vgpr(9, 0));
    assertEquals(9, s.vgpr(10, 0));
    assertEquals(31, s.vgpr(11, 0));
    assertEquals(0xFFFFFFFFL, s.vgpr(12, 0));
    assertEquals(7, s.vgpr(13, 0));
    assertEquals(49, s.vgpr(14, 0));
    assertEquals(64, s.vgpr(15, 0));
    assertEquals(2, s.vgpr(16, 0));
    assertEquals(9, s.vgpr(17, 0), "|5-1| + |1-5| + 1");
  }

  @Test
  void vectorCarryChainsAndSixtyFourBitMultiplyAdd() throws Exception {
    run(
        "v_mov_b32_e32 v1, -1",
        "v_add_co_u32_e32 v2, vcc, 1, v1",
        "v_addc_co_u32_e32 v3, vcc, 0, v1, vcc",
        "v_sub_co_u32_e64 v4, s[0:1], 0, 1",
        "v_subb_co_u32_e64 v5, s[2:3], 5, 1, s[0:1]",
        "v_subbrev_co_u32_e64 v6, s[4:5], 1, 5, s[0:1]");
    assertEquals(0, s.vgpr(2, 0));
    assertEquals(0, s.vgpr(3, 0), "-1 + 0 + carry");
    assertEquals(OptionalLong.of(-1L), s.vcc());
    assertEquals(3, s.vgpr(5, 0), "5 - 1 - borrow");
    assertEquals(3, s.vgpr(6, 0), "5 - 1 - borrow");
    run(
        "v_mov_b32_e32 v8, -1",
        "v_mov_b32_e32 v9, -1",
        "v_mad_u64_u32 v[10:11], s[6:7], v1, v1, v[8:9]");
    // (2^32-1)^2 + (2^64-1) = 2^64 - 2^33 + 2^64: carry out, low 64 bits -2^33.
    assertEquals(0, s.vgpr(10, 0));
    assertEquals(0xFFFFFFFEL, s.vgpr(11, 0));
    assertEquals(-1L, s.read64(reg64(6), 0).getAsLong());
    run("v_mad_i64_i32 v[12:13], s[8:9], -2, 3, 0");
    assertEquals(0xFFFFFFFAL, s.vgpr(12, 0));
    assertEquals(0xFFFFFFFFL, s.vgpr(13, 0));
    run(
        "v_add_u32_e64 v14, v1, 2 clamp",
        "v_sub_u32_e64 v15, 1, 2 clamp",
        "v_add_i32 v16, 0x7fffffff, 1 clamp");
    assertEquals(0xFFFFFFFFL, s.vgpr(14, 0));
    assertEquals(0, s.vgpr(15, 0));
    assertEquals(0x7FFFFFFFL, s.vgpr(16, 0));
  }

  private static io.pipeverify.isa.decode.Operand.Register reg64(int first) {
    return new io.pipeverify.isa.decode.Operand.Register(
        io.pipeverify.isa.decode.Operand.RegisterFile.SGPR, first, 2);
  }

  @Test
  void sixteenBitOperationsZeroTheHighHalf() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0x1234ffff",
        "v_add_u16_e32 v2, 1, v1",
        "v_lshlrev_b16_e32 v3, 4, v1",
        "v_ashrrev_i16_e32 v4, 1, v1",
        "v_max_i16_e32 v5, 1, v1",
        "v_cmp_lt_i16_e32 vcc, v1, 0");
    assertEquals(0, s.vgpr(2, 0));
    assertEquals(0xFFF0, s.vgpr(3, 0));
    assertEquals(0xFFFF, s.vgpr(4, 0));
    assertEquals(1, s.vgpr(5, 0));
    assertEquals(OptionalLong.of(-1L), s.vcc(), "0xffff is -1 as i16");
  }

  @Test
  void laneOperations() throws Exception {
    run(
        "s_mov_b32 s0, 5",
        "v_readlane_b32 s1, v0, s0",
        "v_mov_b32_e32 v1, 0",
        "v_writelane_b32 v1, s1, 63",
        "v_cmp_u64 vcc, 0, 0");
    assertEquals(69, s.sgpr(1));
    assertEquals(69, s.vgpr(1, 63));
    assertEquals(0, s.vgpr(1, 62));
    run("v_mov_b32_e32 v2, v0", "v_mov_b32_e32 v3, 1", "v_permlane32_swap_b32 v2, v3");
    assertEquals(1, s.vgpr(2, 40), "vdst's upper half from vsrc's lower half");
    assertEquals(64 + 40, s.vgpr(3, 8));
    assertEquals(64 + 8, s.vgpr(2, 8));
    run("v_mov_b32_e32 v2, v0", "v_mov_b32_e32 v3, 1", "v_permlane16_swap_b32 v2, v3");
    assertEquals(1, s.vgpr(2, 17), "row 1 of vdst from row 0 of vsrc");
    assertEquals(64 + 49, s.vgpr(3, 33), "row 2 of vsrc from row 3 of vdst");
    run(
        "s_mov_b32 s4, 0",
        "v_readlane_b32 s5, v0, s4",
        "s_load_dword s4, s[0:1], 0x0",
        "v_writelane_b32 v1, 1, s4");
    assertEquals(64, s.sgpr(5));
    assertEquals(UNKNOWN, s.vgpr(1, 63), "an unknown lane select may have written any lane");
  }

  /**
   * ds_bpermute gathers vdata from the lane its address names (address / 4, modulo 64; an inactive
   * lane gives 0), ds_permute scatters to it (the higher sender wins); no LDS byte is touched.
   */
  @Test
  void lanesRouteThroughTheLdsUnit() throws Exception {
    run(
        "v_and_b32_e32 v2, 63, v0", // the lane
        "v_xor_b32_e32 v3, 1, v2",
        "v_lshlrev_b32_e32 v3, 2, v3", // the neighbour's address: (lane ^ 1) * 4
        "ds_bpermute_b32 v4, v3, v0",
        "ds_bpermute_b32 v5, v3, v0 offset:8", // (lane ^ 1) + 2
        "v_mov_b32_e32 v6, 0", // every lane sends to lane 0
        "ds_permute_b32 v7, v6, v0",
        "s_mov_b32 exec_lo, 0xfffffffe", // lane 0 off
        "ds_bpermute_b32 v8, v6, v0",
        "s_mov_b32 exec_lo, -1");
    assertEquals(64 + 1, s.vgpr(4, 0));
    assertEquals(64 + 40, s.vgpr(4, 41));
    assertEquals(64 + 3, s.vgpr(5, 0), "offset 8 is two lanes on");
    assertEquals(64, s.vgpr(5, 63), "(63 ^ 1) + 2 = 64, modulo 64: lane 0");
    assertEquals(64 + 63, s.vgpr(7, 0), "lane 63 sent last");
    assertEquals(UNKNOWN, s.vgpr(7, 1), "nothing was sent to lane 1");
    assertEquals(0, s.vgpr(8, 5), "lane 0, inactive, gives 0");
  }

  /**
   * ds_swizzle_b32 by the ISA's table: QDMode 0x801b reverses each group of four lanes; BitMode
   * 0x041f (and 0x1f, xor 1) swaps neighbours; 0x00a0 (and 0, or 5) gives every lane of a group of
   * 32 the group's lane 5; FFT mode (0xe000) is not modelled: unknown.
   */
  @Test
  void swizzleMovesLanesByItsOffset() throws Exception {
    run(
        "ds_swizzle_b32 v1, v0 offset:0x801b",
        "ds_swizzle_b32 v2, v0 offset:0x41f",
        "ds_swizzle_b32 v3, v0 offset:0xa0",
        "ds_swizzle_b32 v4, v0 offset:0xe000");
    long base = 64; // the wave's first thread id
    assertEquals(base + 3, s.vgpr(1, 0));
    assertEquals(base + 2, s.vgpr(1, 1));
    assertEquals(base + 4 + 3, s.vgpr(1, 4));
    assertEquals(base + 63, s.vgpr(1, 60));
    assertEquals(base + 1, s.vgpr(2, 0));
    assertEquals(base + 40, s.vgpr(2, 41));
    assertEquals(base + 5, s.vgpr(3, 17));
    assertEquals(base + 32 + 5, s.vgpr(3, 40));
    assertEquals(UNKNOWN, s.vgpr(4, 9));
    for (int lane = 0; lane < 64; lane++) {
      assertEquals(lane ^ 1, Semantics.swizzledLane(lane, 0x41f));
    }
  }

  @Test
  void floatConversionsFollowTheHardwareRules() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0x7fc00000",
        "v_cvt_u32_f32_e32 v2, v1",
        "v_cvt_u32_f32_e32 v3, -4.0",
        "v_cvt_u32_f32_e32 v4, 0x4f800000",
        "v_cvt_i32_f32_e32 v5, -2.5",
        "v_cvt_i32_f32_e32 v6, 0xcf800000",
        "v_cvt_f32_u32_e32 v7, -1",
        "v_cvt_f32_i32_e32 v8, -1",
        "v_cvt_flr_i32_f32_e32 v9, -2.5",
        "v_cvt_f32_ubyte2_e32 v10, 0x00ff0000",
        "v_cvt_u32_f32_e32 v11, 0x4f7fffff");
    assertEquals(0, s.vgpr(2, 0), "NaN -> 0");
    assertEquals(0, s.vgpr(3, 0), "negative -> 0");
    assertEquals(0xFFFFFFFFL, s.vgpr(4, 0), "2^32 -> saturates");
    assertEquals(0xFFFFFFFEL, s.vgpr(5, 0), "toward zero: -2");
    assertEquals(0x80000000L, s.vgpr(6, 0), "-2^32 -> INT_MIN");
    assertEquals(f(4294967296f), s.vgpr(7, 0), "2^32-1 rounds to 2^32");
    assertEquals(f(-1f), s.vgpr(8, 0));
    assertEquals(0xFFFFFFFDL, s.vgpr(9, 0), "floor(-2.5) = -3");
    assertEquals(f(255f), s.vgpr(10, 0));
    assertEquals(0xFFFFFF00L, s.vgpr(11, 0), "the largest float below 2^32");
  }

  @Test
  void floatArithmeticIsRoundToNearestEvenOnBitPatterns() throws Exception {
    run(
        "v_mov_b32_e32 v1, 3.0",
        "v_rcp_f32_e32 v2, v1",
        "v_mul_f32_e32 v3, 0x4f7ffffe, v2",
        "v_fma_f32 v4, v1, 0.5, -v1",
        "v_add_f32_e64 v5, |v4|, 1.0",
        "v_trunc_f32_e32 v6, -2.5",
        "v_floor_f32_e32 v7, -2.5",
        "v_rndne_f32_e32 v8, 2.5",
        "v_max_f32_e32 v9, 1.0, v1",
        "v_mul_f32_e64 v10, v1, v1 clamp",
        "v_mov_b32_e32 v11, 2.0",
        "v_fmac_f32_e32 v11, v1, v1",
        "v_ldexp_f32 v12, v1, -1");
    assertEquals(f(1f / 3f), s.vgpr(2, 0));
    assertEquals(f(4294966784f * (1f / 3f)), s.vgpr(3, 0));
    assertEquals(f(-1.5f), s.vgpr(4, 0));
    assertEquals(f(2.5f), s.vgpr(5, 0));
    assertEquals(f(-2f), s.vgpr(6, 0));
    assertEquals(f(-3f), s.vgpr(7, 0));
    assertEquals(f(2f), s.vgpr(8, 0));
    assertEquals(f(3f), s.vgpr(9, 0));
    assertEquals(f(1f), s.vgpr(10, 0), "clamp to [0, 1]");
    assertEquals(f(11f), s.vgpr(11, 0), "3 * 3 + 2");
    assertEquals(f(1.5f), s.vgpr(12, 0));
    run("v_mov_b32_e32 v13, 1", "v_add_f32_e32 v14, 1.0, v13", "v_mul_f32_e32 v15, 0, v13");
    assertEquals(UNKNOWN, s.vgpr(14, 0), "a denormal source: the FP32 denormal mode decides");
    run("v_sub_f32_e32 v16, 0x7f800000, 0x7f800000");
    assertEquals(UNKNOWN, s.vgpr(16, 0), "a NaN result");
  }

  @Test
  void floatComparesIncludingUnordered() throws Exception {
    run(
        "v_mov_b32_e32 v1, 0x7fc00000",
        "v_cmp_u_f32_e32 vcc, v1, v1",
        "v_cmp_o_f32_e64 s[0:1], 1.0, v1",
        "v_cmp_nge_f32_e64 s[2:3], v1, 1.0",
        "v_cmp_lt_f32_e64 s[4:5], -1.0, 0");
    assertEquals(OptionalLong.of(-1L), s.vcc());
    assertEquals(0, s.sgpr(0));
    assertEquals(0xFFFFFFFFL, s.sgpr(2), "not (NaN >= 1)");
    assertEquals(0xFFFFFFFFL, s.sgpr(4));
    run("v_cmpx_gt_f32_e32 vcc, 0.5, 1.0");
    assertEquals(OptionalLong.of(0L), s.exec());
  }

  @Test
  void unmodelledModifiersGiveUnknownNotWrongValues() throws Exception {
    run(
        "v_mov_b32_e32 v1, 7",
        "v_add_u32_sdwa v2, v1, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0",
        "v_add_f32_e64 v3, 1.0, 1.0 mul:2",
        "v_mad_u32_u16 v4, v1, v1, 0 op_sel:[1,0,0,0]",
        "v_mad_u32_u16 v5, v1, v1, 0 op_sel:[0,0,0,0]");
    assertEquals(UNKNOWN, s.vgpr(2, 0));
    assertEquals(UNKNOWN, s.vgpr(3, 0));
    assertEquals(UNKNOWN, s.vgpr(4, 0));
    assertEquals(49, s.vgpr(5, 0), "an all-zero op_sel changes nothing");
  }

  @Test
  void gprIndexingMovesTheIndexedOperands() throws Exception {
    run(
        "v_mov_b32_e32 v10, 10",
        "v_mov_b32_e32 v13, 13",
        "s_mov_b32 m0, 0",
        "s_mov_b32 s2, 3",
        "s_set_gpr_idx_on s2, gpr_idx(SRC0)",
        "v_mov_b32_e32 v1, v10",
        "s_set_gpr_idx_off",
        "v_mov_b32_e32 v2, v10");
    assertEquals(13, s.vgpr(1, 0), "v10 + 3");
    assertEquals(10, s.vgpr(2, 0));
    assertEquals(0x1003, s.m0(), "M0[7:0] the index, M0[15:12] the kinds");
    run(
        "s_set_gpr_idx_on s2, gpr_idx(DST)",
        "v_mov_b32_e32 v20, 5",
        "s_set_gpr_idx_idx 1",
        "v_mov_b32_e32 v20, 6",
        "s_set_gpr_idx_off");
    assertEquals(5, s.vgpr(23, 0));
    assertEquals(6, s.vgpr(21, 0));
    assertEquals(UNKNOWN, s.vgpr(20, 0));
    run(
        "s_load_dword s3, s[0:1], 0x0",
        "s_set_gpr_idx_on s3, gpr_idx(DST)",
        "v_mov_b32_e32 v30, 1",
        "s_set_gpr_idx_off");
    assertEquals(UNKNOWN, s.vgpr(13, 0), "an unknown index may have written any VGPR");
  }

  @Test
  void scalarIndexedMoves() throws Exception {
    run("s_mov_b32 m0, 2", "s_mov_b32 s12, 77", "s_movrels_b32 s1, s10", "s_movreld_b32 s20, 5");
    assertEquals(77, s.sgpr(1));
    assertEquals(5, s.sgpr(22));
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.Semantics.M32;
import static io.pipeverify.isa.semantics.Semantics.bit;
import static io.pipeverify.isa.semantics.Semantics.carry;
import static io.pipeverify.isa.semantics.Semantics.lanes;
import static io.pipeverify.isa.semantics.Semantics.mask;
import static io.pipeverify.isa.semantics.Semantics.signed;
import static io.pipeverify.isa.semantics.Semantics.valu;
import static io.pipeverify.isa.semantics.Semantics.valuClamp;
import static io.pipeverify.isa.semantics.Semantics.vcompare;

/**
 * The integer vector ALU of gfx9 / gfx940 / gfx950 (VOP1, VOP2, VOP3, VOPC; CDNA3/CDNA4 ISA
 * reference, chapter "Vector ALU Operations"), per lane. 16-bit operations read the low halves and
 * write a zero-extended 16-bit result: gfx9 zeroes the high half of their destination (LLVM,
 * GCNSubtarget::zeroesHigh16BitsOfDest).
 */
final class VectorAlu {
  private VectorAlu() {}

  /** The integer compare conditions of VOPC ({@code f}: never, {@code t}: always). */
  static final String[] CONDITIONS = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};

  private static long i24(long v) {
    return (v << 40) >> 40;
  }

  private static long i16(long v) {
    return (short) v;
  }

  private static long u16(long v) {
    return v & 0xFFFF;
  }

  private static long satU(long v, long max) {
    return Math.max(0, Math.min(max, v));
  }

  private static long satS(long v, int bits) {
    long max = (1L << (bits - 1)) - 1;
    return Math.max(-max - 1, Math.min(max, v));
  }

  private static long med3(long a, long b, long c) {
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  }

  /**
   * v_perm_b32: byte k of the result is chosen by byte k of the selector from the bytes of {src0,
   * src1} (src1 is bytes 0-3): 0-7 that byte, 8-11 the sign of bytes 1, 3, 5, 7 replicated, 12
   * zero, 13 and above 0xff.
   */
  static long perm(long src0, long src1, long sel) {
    long bytes = src0 << 32 | src1;
    long r = 0;
    for (int k = 0; k < 4; k++) {
      int s = (int) ((sel >>> (8 * k)) & 0xFF);
      long b;
      if (s < 8) {
        b = (bytes >>> (8 * s)) & 0xFF;
      } else if (s < 12) {
        b = ((bytes >>> (16 * (s - 8) + 15)) & 1) * 0xFF;
      } else {
        b = s == 12 ? 0 : 0xFF;
      }
      r |= b << (8 * k);
    }
    return r;
  }

  /** The sum of |a_k - b_k| over the {@code width}-bit pieces of two 32-bit values. */
  private static long sad(long a, long b, int width) {
    long sum = 0;
    for (int k = 0; k < 32; k += width) {
      sum += Math.abs(((a >>> k) & mask(width)) - ((b >>> k) & mask(width)));
    }
    return sum;
  }

  static void register() {
    // VOP1.
    valu("v_mov_b32", (a, b, c) -> a);
    valu("v_accvgpr_write_b32", (a, b, c) -> a);
    valu("v_accvgpr_read_b32", (a, b, c) -> a);
    valu("v_accvgpr_mov_b32", (a, b, c) -> a);
    valu("v_not_b32", (a, b, c) -> ~a);
    valu("v_bfrev_b32", (a, b, c) -> Integer.reverse((int) a));
    valu("v_ffbh_u32", (a, b, c) -> ScalarAlu.firstOneFromMsb(a, 32));
    valu("v_ffbl_b32", (a, b, c) -> a == 0 ? M32 : Long.numberOfTrailingZeros(a));
    valu("v_ffbh_i32", (a, b, c) -> ScalarAlu.firstOneFromMsb((a ^ (signed(a) >> 31)) & M32, 32));
    Semantics.readfirstlane("v_readfirstlane_b32");
    Semantics.swap("v_swap_b32");
    lanes("v_mov_b64", "w=w", (lane, a, b, c) -> a);
    // gfx950 lane swaps: rows of 16 (odd rows of vdst with even rows of vsrc) and halves of 32.
    Semantics.permlaneSwap("v_permlane16_swap_b32", l -> (l & 16) != 0 ? l - 16 : -1);
    Semantics.permlaneSwap("v_permlane32_swap_b32", l -> l >= 32 ? l - 32 : -1);

    // VOP2 / VOP3 arithmetic. gfx9 VOP3 clamp saturates integer results.
    valuClamp("v_add_u32", (a, b, c) -> a + b, (a, b, c) -> Math.min(a + b, M32));
    valuClamp("v_sub_u32", (a, b, c) -> a - b, (a, b, c) -> Math.max(a - b, 0));
    valuClamp("v_subrev_u32", (a, b, c) -> b - a, (a, b, c) -> Math.max(b - a, 0));
    valuClamp("v_add_i32", (a, b, c) -> a + b, (a, b, c) -> satS(signed(a) + signed(b), 32));
    valuClamp("v_sub_i32", (a, b, c) -> a - b, (a, b, c) -> satS(signed(a) - signed(b), 32));
    valuClamp("v_add_u16", (a, b, c) -> u16(a + b), (a, b, c) -> satU(u16(a) + u16(b), 0xFFFF));
    valuClamp("v_sub_u16", (a, b, c) -> u16(a - b), (a, b, c) -> satU(u16(a) - u16(b), 0xFFFF));
    valuClamp("v_subrev_u16", (a, b, c) -> u16(b - a), (a, b, c) -> satU(u16(b) - u16(a), 0xFFFF));
    valu("v_mul_lo_u16", (a, b, c) -> u16(a * b));
    valu("v_mul_lo_u32", (a, b, c) -> a * b);
    valu("v_mul_hi_u32", (a, b, c) -> (a * b) >>> 32);
    valu("v_mul_hi_i32", (a, b, c) -> (signed(a) * signed(b)) >> 32);
    valu("v_mul_u32_u24", (a, b, c) -> (a & 0xFFFFFF) * (b & 0xFFFFFF));
    valu("v_mul_hi_u32_u24", (a, b, c) -> ((a & 0xFFFFFF) * (b & 0xFFFFFF)) >>> 32);
    valu("v_mul_i32_i24", (a, b, c) -> i24(a) * i24(b));
    valu("v_mul_hi_i32_i24", (a, b, c) -> (i24(a) * i24(b)) >> 32);
    valu("v_mad_u32_u24", (a, b, c) -> (a & 0xFFFFFF) * (b & 0xFFFFFF) + c);
    valu("v_mad_i32_i24", (a, b, c) -> i24(a) * i24(b) + c);
    valu("v_mad_u32_u16", (a, b, c) -> u16(a) * u16(b) + c);
    valu("v_mad_i32_i16", (a, b, c) -> i16(a) * i16(b) + c);
    valu("v_mad_u16", (a, b, c) -> u16(a * b + c));
    valu("v_mad_i16", (a, b, c) -> u16(i16(a) * i16(b) + i16(c)));
    Semantics.mad64("v_mad_u64_u32", false);
    Semantics.mad64("v_mad_i64_i32", true);
    valu("v_add3_u32", (a, b, c) -> a + b + c);
    valu("v_xad_u32", (a, b, c) -> (a ^ b) + c);
    valu("v_bcnt_u32_b32", (a, b, c) -> Long.bitCount(a) + b);
    valu("v_min_u32", (a, b, c) -> Math.min(a, b));
    valu("v_max_u32", (a, b, c) -> Math.max(a, b));
    valu("v_min_i32", (a, b, c) -> Math.min(signed(a), signed(b)));
    valu("v_max_i32", (a, b, c) -> Math.max(signed(a), signed(b)));
    valu("v_min_u16", (a, b, c) -> Math.min(u16(a), u16(b)));
    valu("v_max_u16", (a, b, c) -> Math.max(u16(a), u16(b)));
    valu("v_min_i16", (a, b, c) -> u16(Math.min(i16(a), i16(b))));
    valu("v_max_i16", (a, b, c) -> u16(Math.max(i16(a), i16(b))));
    valu("v_min3_u32", (a, b, c) -> Math.min(a, Math.min(b, c)));
    valu("v_max3_u32", (a, b, c) -> Math.max(a, Math.max(b, c)));
    valu("v_med3_u32", VectorAlu::med3);
    valu("v_min3_i32", (a, b, c) -> Math.min(signed(a), Math.min(signed(b), signed(c))));
    valu("v_max3_i32", (a, b, c) -> Math.max(signed(a), Math.max(signed(b), signed(c))));
    valu("v_med3_i32", (a, b, c) -> med3(signed(a), signed(b), signed(c)));
    valu("v_sad_u8", (a, b, c) -> sad(a, b, 8) + c);
    valu("v_sad_hi_u8", (a, b, c) -> (sad(a, b, 8) << 16) + c);
    valu("v_sad_u16", (a, b, c) -> sad(a, b, 16) + c);
    valu("v_sad_u32", (a, b, c) -> Math.abs(a - b) + c);
    valu("v_cvt_pk_u16_u32", (a, b, c) -> satU(b, 0xFFFF) << 16 | satU(a, 0xFFFF));
    valu(
        "v_cvt_pk_i16_i32", (a, b, c) -> u16(satS(signed(b), 16)) << 16 | u16(satS(signed(a), 16)));
    // Shifts ("rev": the shift amount is the first source) and bit fields.
    valu("v_lshlrev_b32", (a, b, c) -> b << (a & 31));
    valu("v_lshrrev_b32", (a, b, c) -> b >>> (a & 31));
    valu("v_ashrrev_i32", (a, b, c) -> signed(b) >> (a & 31));
    valu("v_lshlrev_b16", (a, b, c) -> u16(b << (a & 15)));
    valu("v_lshrrev_b16", (a, b, c) -> u16(b) >>> (a & 15));
    valu("v_ashrrev_i16", (a, b, c) -> u16(i16(b) >> (a & 15)));
    valu("v_lshl_add_u32", (a, b, c) -> (a << (b & 31)) + c);
    valu("v_add_lshl_u32", (a, b, c) -> (a + b) << (c & 31));
    valu("v_lshl_or_b32", (a, b, c) -> (a << (b & 31)) | c);
    valu(
        "v_bfe_u32",
        (a, b, c) -> ScalarAlu.field(a, b & 31, Math.min(c & 31, 32 - (b & 31)), false));
    valu(
        "v_bfe_i32",
        (a, b, c) ->
            ScalarAlu.field(signed(a) & M32, b & 31, Math.min(c & 31, 32 - (b & 31)), true));
    valu("v_bfi_b32", (a, b, c) -> (a & b) | (~a & c));
    valu("v_bfm_b32", (a, b, c) -> mask(a & 31) << (b & 31));
    valu("v_alignbit_b32", (a, b, c) -> (a << 32 | b) >>> (c & 31));
    valu("v_alignbyte_b32", (a, b, c) -> (a << 32 | b) >>> (8 * (c & 3)));
    valu("v_perm_b32", VectorAlu::perm);
    // Logic.
    valu("v_and_b32", (a, b, c) -> a & b);
    valu("v_or_b32", (a, b, c) -> a | b);
    valu("v_xor_b32", (a, b, c) -> a ^ b);
    valu("v_xnor_b32", (a, b, c) -> ~(a ^ b));
    valu("v_and_or_b32", (a, b, c) -> (a & b) | c);
    valu("v_or3_b32", (a, b, c) -> a | b | c);
    Semantics.def("v_bitop3_b32", java.util.Set.of("bitop3"), VectorAlu::bitop3);
    // 64-bit operations on register pairs (the shift amount is 32-bit).
    lanes("v_lshlrev_b64", "w=3w", (lane, a, b, c) -> b << (a & 63));
    lanes("v_lshrrev_b64", "w=3w", (lane, a, b, c) -> b >>> (a & 63));
    lanes("v_ashrrev_i64", "w=3w", (lane, a, b, c) -> b >> (a & 63));
    lanes("v_lshl_add_u64", "w=w3w", (lane, a, b, c) -> (a << (b & 63)) + c);

    // Carry chains: vdst, carry-out mask, src0, src1[, carry-in mask].
    carry("v_add_co_u32", (a, b, cin) -> a + b, false);
    carry("v_sub_co_u32", (a, b, cin) -> a - b, false);
    carry("v_subrev_co_u32", (a, b, cin) -> b - a, false);
    carry("v_addc_co_u32", (a, b, cin) -> a + b + cin, true);
    carry("v_subb_co_u32", (a, b, cin) -> a - b - cin, true);
    carry("v_subbrev_co_u32", (a, b, cin) -> b - a - cin, true);

    // Lane-dependent operations.
    lanes(
        "v_mbcnt_lo_u32_b32",
        "3=33",
        (lane, a, b, c) -> Long.bitCount(a & mask(Math.min(32, lane))) + b);
    lanes(
        "v_mbcnt_hi_u32_b32",
        "3=33",
        (lane, a, b, c) -> Long.bitCount(a & mask(Math.max(0, lane - 32))) + b);
    Semantics.readlane("v_readlane_b32");
    Semantics.lanePermute("ds_bpermute_b32", true);
    Semantics.lanePermute("ds_permute_b32", false);
    Semantics.swizzle("ds_swizzle_b32");
    Semantics.writelane("v_writelane_b32");
    Semantics.select("v_cndmask_b32");

    // VOPC: into VCC or an SGPR pair; v_cmpx also into EXEC.
    for (String x : new String[] {"v_cmp_", "v_cmpx_"}) {
      boolean cmpx = x.equals("v_cmpx_");
      for (String cond : CONDITIONS) {
        vcompare(x + cond + "_u32", "33", (a, b, r) -> bit(ScalarAlu.holds(cond, a, b)), cmpx);
        vcompare(
            x + cond + "_i32",
            "33",
            (a, b, r) -> bit(ScalarAlu.holds(cond, signed(a), signed(b))),
            cmpx);
        vcompare(
            x + cond + "_u16", "33", (a, b, r) -> bit(ScalarAlu.holds(cond, u16(a), u16(b))), cmpx);
        vcompare(
            x + cond + "_i16", "33", (a, b, r) -> bit(ScalarAlu.holds(cond, i16(a), i16(b))), cmpx);
        vcompare(
            x + cond + "_u64",
            "ww",
            (a, b, r) -> bit(ScalarAlu.holds(cond, Long.compareUnsigned(a, b), 0)),
            cmpx);
        vcompare(x + cond + "_i64", "ww", (a, b, r) -> bit(ScalarAlu.holds(cond, a, b)), cmpx);
      }
    }
  }

  /** gfx950 v_bitop3_b32: bit k of the result is bit (a_k << 2 | b_k << 1 | c_k) of the table. */
  private static void bitop3(WaveState s, io.pipeverify.isa.decode.Instruction i) {
    long table = i.integerModifier("bitop3").orElse(0);
    Semantics.lanesWith(
        s,
        i,
        "3=333",
        (lane, a, b, c) -> {
          long r = 0;
          for (int k = 0; k < 32; k++) {
            int index = (int) ((((a >>> k) & 1) << 2) | (((b >>> k) & 1) << 1) | ((c >>> k) & 1));
            r |= ((table >>> index) & 1) << k;
          }
          return r;
        });
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.Semantics.M32;
import static io.pipeverify.isa.semantics.Semantics.bit;
import static io.pipeverify.isa.semantics.Semantics.mask;
import static io.pipeverify.isa.semantics.Semantics.saveexec;
import static io.pipeverify.isa.semantics.Semantics.scalar;
import static io.pipeverify.isa.semantics.Semantics.signed;

import io.pipeverify.isa.semantics.Semantics.Scc;

/**
 * The scalar ALU of gfx9 (SOP1, SOP2, SOPC, SOPK; CDNA3/CDNA4 ISA reference, chapter "Scalar ALU
 * Operations"). Shapes ("dst=srcs") are those of {@link Semantics#scalar}.
 */
final class ScalarAlu {
  private ScalarAlu() {}

  /** The compare conditions of SOPC and SOPK. */
  static final String[] CONDITIONS = {"eq", "lg", "gt", "ge", "lt", "le"};

  static boolean holds(String cond, long a, long b) {
    return switch (cond) {
      case "eq" -> a == b;
      case "lg", "ne" -> a != b;
      case "gt" -> a > b;
      case "ge" -> a >= b;
      case "lt" -> a < b;
      case "le" -> a <= b;
      case "f" -> false;
      case "t" -> true;
      default -> throw new IllegalArgumentException(cond);
    };
  }

  private static final Scc NON_ZERO = (a, b, r) -> bit(r != 0);

  /** A bit field {@code offset, width} of {@code v} (64 bits), sign-extended when {@code sext}. */
  static long field(long v, long offset, long width, boolean sext) {
    if (width == 0) {
      return 0;
    }
    long f = (v >>> offset) & mask(width);
    return sext && width < 64 ? (f << (64 - width)) >> (64 - width) : f;
  }

  /** The bit position of the first 1 from the MSB of a {@code bits}-bit value, -1 if none. */
  static long firstOneFromMsb(long v, int bits) {
    return v == 0 ? M32 : Long.numberOfLeadingZeros(v) - (64 - bits);
  }

  /** Each set bit of a quad (4 bits) sets the whole quad. */
  private static long wqm(long v, int bits) {
    long r = 0;
    for (int q = 0; q < bits; q += 4) {
      if (((v >>> q) & 0xF) != 0) {
        r |= 0xFL << q;
      }
    }
    return r;
  }

  /** Bit q of the result is set when quad q of the source has a set bit. */
  private static long quadmask(long v, int bits) {
    long r = 0;
    for (int q = 0; q < bits / 4; q++) {
      if (((v >>> (4 * q)) & 0xF) != 0) {
        r |= 1L << q;
      }
    }
    return r;
  }

  static void register() {
    // SOP1 moves and bit operations.
    scalar("s_mov_b32", "3=3", (a, b, c) -> a, null);
    scalar("s_mov_b64", "w=w", (a, b, c) -> a, null);
    Semantics.scalarSelect("s_cmov_b32", "3d");
    Semantics.scalarSelect("s_cmov_b64", "wd");
    scalar("s_not_b32", "3=3", (a, b, c) -> ~a, NON_ZERO);
    scalar("s_not_b64", "w=w", (a, b, c) -> ~a, NON_ZERO);
    scalar("s_wqm_b32", "3=3", (a, b, c) -> wqm(a, 32), NON_ZERO);
    scalar("s_wqm_b64", "w=w", (a, b, c) -> wqm(a, 64), NON_ZERO);
    scalar("s_quadmask_b32", "3=3", (a, b, c) -> quadmask(a, 32), NON_ZERO);
    scalar("s_quadmask_b64", "w=w", (a, b, c) -> quadmask(a, 64), NON_ZERO);
    scalar("s_brev_b32", "3=3", (a, b, c) -> Integer.reverse((int) a), null);
    scalar("s_brev_b64", "w=w", (a, b, c) -> Long.reverse(a), null);
    scalar("s_bcnt0_i32_b32", "3=3", (a, b, c) -> 32 - Long.bitCount(a), NON_ZERO);
    scalar("s_bcnt0_i32_b64", "3=w", (a, b, c) -> 64 - Long.bitCount(a), NON_ZERO);
    scalar("s_bcnt1_i32_b32", "3=3", (a, b, c) -> Long.bitCount(a), NON_ZERO);
    scalar("s_bcnt1_i32_b64", "3=w", (a, b, c) -> Long.bitCount(a), NON_ZERO);
    scalar(
        "s_ff0_i32_b32", "3=3", (a, b, c) -> a == M32 ? M32 : Long.numberOfTrailingZeros(~a), null);
    scalar(
        "s_ff0_i32_b64", "3=w", (a, b, c) -> a == -1 ? M32 : Long.numberOfTrailingZeros(~a), null);
    scalar("s_ff1_i32_b32", "3=3", (a, b, c) -> a == 0 ? M32 : Long.numberOfTrailingZeros(a), null);
    scalar("s_ff1_i32_b64", "3=w", (a, b, c) -> a == 0 ? M32 : Long.numberOfTrailingZeros(a), null);
    scalar("s_flbit_i32_b32", "3=3", (a, b, c) -> firstOneFromMsb(a, 32), null);
    scalar("s_flbit_i32_b64", "3=w", (a, b, c) -> firstOneFromMsb(a, 64), null);
    // Signed: the first bit that differs from the sign bit; -1 for 0 and -1.
    scalar(
        "s_flbit_i32",
        "3=3",
        (a, b, c) -> firstOneFromMsb((a ^ (signed(a) >> 31)) & M32, 32),
        null);
    scalar("s_flbit_i32_i64", "3=w", (a, b, c) -> firstOneFromMsb(a ^ (a >> 63), 64), null);
    scalar("s_sext_i32_i8", "3=3", (a, b, c) -> (byte) a, null);
    scalar("s_sext_i32_i16", "3=3", (a, b, c) -> (short) a, null);
    scalar("s_bitset0_b32", "3=d3", (old, k, c) -> old & ~(1L << (k & 31)), null);
    scalar("s_bitset0_b64", "w=d3", (old, k, c) -> old & ~(1L << (k & 63)), null);
    scalar("s_bitset1_b32", "3=d3", (old, k, c) -> old | 1L << (k & 31), null);
    scalar("s_bitset1_b64", "w=d3", (old, k, c) -> old | 1L << (k & 63), null);
    scalar("s_abs_i32", "3=3", (a, b, c) -> Math.abs(signed(a)), NON_ZERO);
    scalar(
        "s_bitreplicate_b64_b32",
        "w=3",
        (a, b, c) -> {
          long r = 0;
          for (int k = 0; k < 32; k++) {
            r |= ((a >>> k) & 1) * 3L << (2 * k);
          }
          return r;
        },
        null);
    // Exec-mask operations: EXEC = op(ssrc, EXEC); saveexec keeps the old EXEC, wrexec the new.
    saveexec("s_and_saveexec_b64", false, (v, e) -> v & e);
    saveexec("s_or_saveexec_b64", false, (v, e) -> v | e);
    saveexec("s_xor_saveexec_b64", false, (v, e) -> v ^ e);
    saveexec("s_andn2_saveexec_b64", false, (v, e) -> v & ~e);
    saveexec("s_orn2_saveexec_b64", false, (v, e) -> v | ~e);
    saveexec("s_nand_saveexec_b64", false, (v, e) -> ~(v & e));
    saveexec("s_nor_saveexec_b64", false, (v, e) -> ~(v | e));
    saveexec("s_xnor_saveexec_b64", false, (v, e) -> ~(v ^ e));
    saveexec("s_andn1_saveexec_b64", false, (v, e) -> ~v & e);
    saveexec("s_orn1_saveexec_b64", false, (v, e) -> ~v | e);
    saveexec("s_andn1_wrexec_b64", true, (v, e) -> ~v & e);
    saveexec("s_andn2_wrexec_b64", true, (v, e) -> v & ~e);
    Semantics.movrel("s_movrels_b32", false, 1);
    Semantics.movrel("s_movrels_b64", false, 2);
    Semantics.movrel("s_movreld_b32", true, 1);
    Semantics.movrel("s_movreld_b64", true, 2);
    GprIndexing.register();

    // SOP2 arithmetic: SCC is the carry, borrow or signed overflow.
    scalar("s_add_u32", "3=33", (a, b, c) -> a + b, (a, b, r) -> bit(a + b > M32));
    scalar("s_sub_u32", "3=33", (a, b, c) -> a - b, (a, b, r) -> bit(b > a));
    Semantics.scalarWithCarry("s_addc_u32", (a, b, c) -> a + b + c);
    Semantics.scalarWithCarry("s_subb_u32", (a, b, c) -> a - b - c);
    scalar(
        "s_add_i32",
        "3=33",
        (a, b, c) -> a + b,
        (a, b, r) -> bit(signed(a) + signed(b) != signed(r)));
    scalar(
        "s_sub_i32",
        "3=33",
        (a, b, c) -> a - b,
        (a, b, r) -> bit(signed(a) - signed(b) != signed(r)));
    scalar("s_mul_i32", "3=33", (a, b, c) -> a * b, null);
    scalar("s_mul_hi_u32", "3=33", (a, b, c) -> (a * b) >>> 32, null);
    scalar("s_mul_hi_i32", "3=33", (a, b, c) -> (signed(a) * signed(b)) >> 32, null);
    scalar("s_absdiff_i32", "3=33", (a, b, c) -> Math.abs(signed(a) - signed(b)), NON_ZERO);
    for (int n = 1; n <= 4; n++) {
      int shift = n;
      scalar(
          "s_lshl" + n + "_add_u32",
          "3=33",
          (a, b, c) -> (a << shift) + b,
          (a, b, r) -> bit((a << shift) + b > M32));
    }
    scalar("s_min_u32", "3=33", (a, b, c) -> Math.min(a, b), (a, b, r) -> bit(a < b));
    scalar("s_max_u32", "3=33", (a, b, c) -> Math.max(a, b), (a, b, r) -> bit(a > b));
    scalar(
        "s_min_i32",
        "3=33",
        (a, b, c) -> Math.min(signed(a), signed(b)),
        (a, b, r) -> bit(signed(a) < signed(b)));
    scalar(
        "s_max_i32",
        "3=33",
        (a, b, c) -> Math.max(signed(a), signed(b)),
        (a, b, r) -> bit(signed(a) > signed(b)));
    Semantics.scalarSelect("s_cselect_b32", "33");
    Semantics.scalarSelect("s_cselect_b64", "ww");
    // SOP2 logic and shifts (SCC = result != 0), 32 and 64 bits.
    String[][] logic = {
      {"and", "&"},
      {"or", "|"},
      {"xor", "^"},
      {"andn2", "&~"},
      {"orn2", "|~"},
      {"nand", "~&"},
      {"nor", "~|"},
      {"xnor", "~^"}
    };
    for (String[] l : logic) {
      String op = l[1];
      scalar("s_" + l[0] + "_b32", "3=33", (a, b, c) -> logic(op, a, b), NON_ZERO);
      scalar("s_" + l[0] + "_b64", "w=ww", (a, b, c) -> logic(op, a, b), NON_ZERO);
    }
    scalar("s_lshl_b32", "3=33", (a, b, c) -> a << (b & 31), NON_ZERO);
    scalar("s_lshl_b64", "w=w3", (a, b, c) -> a << (b & 63), NON_ZERO);
    scalar("s_lshr_b32", "3=33", (a, b, c) -> a >>> (b & 31), NON_ZERO);
    scalar("s_lshr_b64", "w=w3", (a, b, c) -> a >>> (b & 63), NON_ZERO);
    scalar("s_ashr_i32", "3=33", (a, b, c) -> signed(a) >> (b & 31), NON_ZERO);
    scalar("s_ashr_i64", "w=w3", (a, b, c) -> a >> (b & 63), NON_ZERO);
    scalar("s_bfm_b32", "3=33", (a, b, c) -> mask(a & 31) << (b & 31), null);
    scalar("s_bfm_b64", "w=33", (a, b, c) -> mask(a & 63) << (b & 63), null);
    // Bit field extract: offset src1[4:0] (64-bit: [5:0]), width src1[22:16].
    scalar(
        "s_bfe_u32",
        "3=33",
        (a, b, c) -> field(a, b & 31, Math.min((b >>> 16) & 0x7F, 32), false),
        NON_ZERO);
    scalar(
        "s_bfe_i32",
        "3=33",
        (a, b, c) -> field(a, b & 31, Math.min((b >>> 16) & 0x7F, 32 - (b & 31)), true),
        NON_ZERO);
    scalar(
        "s_bfe_u64",
        "w=w3",
        (a, b, c) -> field(a, b & 63, Math.min((b >>> 16) & 0x7F, 64), false),
        NON_ZERO);
    scalar(
        "s_bfe_i64",
        "w=w3",
        (a, b, c) -> field(a, b & 63, Math.min((b >>> 16) & 0x7F, 64 - (b & 63)), true),
        NON_ZERO);
    // Pack two 16-bit halves: {src1 half, src0 half}.
    scalar("s_pack_ll_b32_b16", "3=33", (a, b, c) -> (b & 0xFFFF) << 16 | (a & 0xFFFF), null);
    scalar("s_pack_lh_b32_b16", "3=33", (a, b, c) -> (b & 0xFFFF0000L) | (a & 0xFFFF), null);
    scalar("s_pack_hh_b32_b16", "3=33", (a, b, c) -> (b & 0xFFFF0000L) | a >>> 16, null);

    // SOPC: SCC only.
    for (String cond : CONDITIONS) {
      scalar("s_cmp_" + cond + "_u32", "=33", (a, b, c) -> 0, (a, b, r) -> bit(holds(cond, a, b)));
      scalar(
          "s_cmp_" + cond + "_i32",
          "=33",
          (a, b, c) -> 0,
          (a, b, r) -> bit(holds(cond, signed(a), signed(b))));
      // SOPK: the immediate is sign-extended for _i32 and zero-extended for _u32.
      scalar("s_cmpk_" + cond + "_u32", "=3u", (a, b, c) -> 0, (a, b, r) -> bit(holds(cond, a, b)));
      scalar(
          "s_cmpk_" + cond + "_i32",
          "=3k",
          (a, b, c) -> 0,
          (a, b, r) -> bit(holds(cond, signed(a), signed(b))));
    }
    scalar("s_cmp_eq_u64", "=ww", (a, b, c) -> 0, (a, b, r) -> bit(a == b));
    scalar("s_cmp_lg_u64", "=ww", (a, b, c) -> 0, (a, b, r) -> bit(a != b));
    scalar("s_bitcmp0_b32", "=33", (a, b, c) -> 0, (a, b, r) -> bit(((a >>> (b & 31)) & 1) == 0));
    scalar("s_bitcmp1_b32", "=33", (a, b, c) -> 0, (a, b, r) -> bit(((a >>> (b & 31)) & 1) == 1));
    scalar("s_bitcmp0_b64", "=w3", (a, b, c) -> 0, (a, b, r) -> bit(((a >>> (b & 63)) & 1) == 0));
    scalar("s_bitcmp1_b64", "=w3", (a, b, c) -> 0, (a, b, r) -> bit(((a >>> (b & 63)) & 1) == 1));

    // SOPK: sdst is also the first source ("d").
    scalar("s_movk_i32", "3=k", (k, b, c) -> k, null);
    Semantics.scalarSelect("s_cmovk_i32", "kd");
    scalar(
        "s_addk_i32",
        "3=dk",
        (a, k, c) -> a + k,
        (a, k, r) -> bit(signed(a) + signed(k) != signed(r)));
    scalar("s_mulk_i32", "3=dk", (a, k, c) -> a * k, null);
  }

  private static long logic(String op, long a, long b) {
    return switch (op) {
      case "&" -> a & b;
      case "|" -> a | b;
      case "^" -> a ^ b;
      case "&~" -> a & ~b;
      case "|~" -> a | ~b;
      case "~&" -> ~(a & b);
      case "~|" -> ~(a | b);
      default -> ~(a ^ b);
    };
  }
}

package io.pipeverify.isa.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Statement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * clang's unsigned 32-bit division (s51 / s53) through the float reciprocal: the quotient is exact
 * for every pair although {@code v_rcp_iflag_f32} is only an estimate (docs/isa.md, "Instruction
 * coverage").
 */
class DivisionIdiomTest {
  private static final String IDIOM =
      String.join(
          "\n",
          "v_cvt_f32_u32_e32 v4, s53",
          "s_sub_i32 s52, 0, s53",
          "v_rcp_iflag_f32_e32 v4, v4",
          "v_mul_f32_e32 v4, 0x4f7ffffe, v4",
          "v_cvt_u32_f32_e32 v4, v4",
          "v_mul_lo_u32 v5, s52, v4",
          "v_mul_hi_u32 v5, v4, v5",
          "v_add_u32_e32 v4, v4, v5",
          "v_mul_hi_u32 v4, s51, v4",
          "v_mul_lo_u32 v5, v4, s53",
          "v_sub_u32_e32 v7, s51, v5",
          "v_add_u32_e32 v6, 1, v4",
          "v_cmp_le_u32_e32 vcc, s53, v7",
          "v_subrev_u32_e32 v5, s53, v7",
          "v_cndmask_b32_e32 v4, v4, v6, vcc",
          "v_cndmask_b32_e32 v7, v7, v5, vcc",
          "v_add_u32_e32 v5, 1, v4",
          "v_cmp_le_u32_e32 vcc, s53, v7",
          "v_cndmask_b32_e32 v7, v4, v5, vcc",
          "v_readfirstlane_b32 s52, v7");

  private static final List<Instruction> CODE = decode();

  private static List<Instruction> decode() {
    try {
      List<Instruction> code = new ArrayList<>();
      for (Statement st : AsmParser.parse(IDIOM, "div.s").statements()) {
        code.add((Instruction) st);
      }
      return code;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static long quotient(long n, long d) {
    WaveState s = WaveState.atEntry(0, 64);
    s.setSgpr(51, n);
    s.setSgpr(53, d);
    for (Instruction i : CODE) {
      assertEquals(Semantics.Effect.COMPUTED, Semantics.execute(s, i), i.toString());
    }
    return s.sgpr(52);
  }

  private static void check(long n, long d) {
    assertEquals(Long.divideUnsigned(n, d), quotient(n, d), n + " / " + d);
  }

  @Test
  void edgeCases() {
    long[] special = {
      0,
      1,
      2,
      3,
      7,
      0xFF,
      0xFFFF,
      0x10000,
      0x7FFFFFFFL,
      0x80000000L,
      0x80000001L,
      0xFFFFFFFEL,
      0xFFFFFFFFL,
      1_000_000_007L,
      0xAAAAAAAAL,
      0x55555555L,
      12345
    };
    for (long n : special) {
      for (long d : special) {
        if (d != 0) {
          check(n, d);
        }
      }
    }
  }

  @Test
  void divisorsNearPowersOfTwoAndTheirNeighbours() {
    for (int k = 0; k < 32; k++) {
      for (long d = (1L << k) - 2; d <= (1L << k) + 2; d++) {
        if (d > 0 && d <= 0xFFFFFFFFL) {
          check(0xFFFFFFFFL, d);
          check(d * 3 - 1 & 0xFFFFFFFFL, d);
          check((1L << k) - 1, d);
        }
      }
    }
  }

  @Test
  void randomPairs() {
    Random r = new Random(20240611);
    for (int t = 0; t < 20_000; t++) {
      long n = r.nextInt() & 0xFFFFFFFFL;
      long d = r.nextInt() & 0xFFFFFFFFL;
      int shift = r.nextInt(32);
      d = Math.max(1, d >>> shift);
      check(n, d);
    }
  }

  /**
   * Any reciprocal within 1 ulp of 1/d (the hardware's bound: either float around 1/d, not only the
   * nearest) gives the exact quotient too, so the result does not hang on rounding 1/x right.
   */
  @Test
  void eitherFloatAroundTheReciprocalGivesTheExactQuotient() {
    Random r = new Random(7);
    for (int t = 0; t < 20_000; t++) {
      long n = r.nextInt() & 0xFFFFFFFFL;
      long d = Math.max(1, (r.nextInt() & 0xFFFFFFFFL) >>> r.nextInt(32));
      float nearest = 1f / (float) d;
      boolean above =
          new BigDecimal(nearest).multiply(new BigDecimal((float) d)).compareTo(BigDecimal.ONE) > 0;
      float other = above ? Math.nextDown(nearest) : Math.nextUp(nearest);
      for (float rcp : new float[] {nearest, other}) {
        assertEquals(Long.divideUnsigned(n, d), model(n, d, rcp), n + " / " + d + " rcp " + rcp);
      }
    }
  }

  /** The idiom in Java with a given reciprocal of the divisor. */
  private static long model(long n, long d, float rcp) {
    long q = Math.max(0, Math.min(0xFFFFFFFFL, (long) (Float.intBitsToFloat(0x4f7ffffe) * rcp)));
    long negD = -d & 0xFFFFFFFFL;
    q = (q + ((q * ((negD * q) & 0xFFFFFFFFL)) >>> 32)) & 0xFFFFFFFFL;
    q = (n * q) >>> 32;
    long rem = (n - q * d) & 0xFFFFFFFFL;
    if (rem >= d) {
      q++;
      rem -= d;
    }
    return rem >= d ? q + 1 : q;
  }
}

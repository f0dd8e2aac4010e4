package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.Semantics.M32;
import static io.pipeverify.isa.semantics.WaveState.LANES;
import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Operand;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The binary32 operations that address and division code uses (integer <-> float conversions, the
 * reciprocal, add/sub/mul/fma, rounding, compares), evaluated as IEEE 754 round-to-nearest-even
 * (Java float arithmetic). A source is a bit pattern: a register, a literal (0x4f7ffffe) or an
 * integer inline constant as its 32 bits, a float constant (1.0, -4.0) as that float; the VOP3
 * input modifiers {@code -x} and {@code |x|} act on the sign bit.
 *
 * <p>Left unknown, because the answer depends on the MODE register or is not pinned down by the
 * reference: a denormal source or result (flushed or kept by the kernel's FP32 denormal mode), a
 * NaN result (its payload), NaN sources of min/max (IEEE-mode dependent), output modifiers ({@code
 * mul:}, {@code div:}) and a clamped NaN.
 */
final class FloatAlu {
  private FloatAlu() {}

  @FunctionalInterface
  interface F3 {
    float apply(float a, float b, float c);
  }

  @FunctionalInterface
  interface FloatToInt {
    long apply(float a);
  }

  @FunctionalInterface
  interface FloatPredicate {
    boolean test(float a, float b);
  }

  /** The 16 conditions of the float compares, as the ISA names them. */
  static final String[] CONDITIONS = {
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru"
  };

  static boolean holds(String cond, float a, float b) {
    boolean unordered = Float.isNaN(a) || Float.isNaN(b);
    return switch (cond) {
      case "f" -> false;
      case "lt" -> a < b;
      case "eq" -> a == b;
      case "le" -> a <= b;
      case "gt" -> a > b;
      case "lg" -> a < b || a > b;
      case "ge" -> a >= b;
      case "o" -> !unordered;
      case "u" -> unordered;
      case "nge" -> !(a >= b);
      case "nlg" -> !(a < b || a > b);
      case "ngt" -> !(a > b);
      case "nle" -> !(a <= b);
      case "neq" -> !(a == b);
      case "nlt" -> !(a < b);
      case "tru" -> true;
      default -> throw new IllegalArgumentException(cond);
    };
  }

  /**
   * The functions whose result the f32 round mode decides; a compare, min and max, the conversions
   * to integers (they truncate or floor whatever the mode) and the exact ones (floor, ceil, trunc,
   * rndne, a byte to float) do not depend on it.
   */
  private static final Set<String> ROUNDED =
      Set.of(
          "v_cvt_f32_u32",
          "v_cvt_f32_i32",
          "v_rcp_f32",
          "v_rcp_iflag_f32",
          "v_add_f32",
          "v_sub_f32",
          "v_subrev_f32",
          "v_mul_f32",
          "v_fma_f32",
          "v_fmac_f32",
          "v_fmamk_f32",
          "v_fmaak_f32",
          "v_ldexp_f32");

  /**
   * Whether {@code opcode} rounds and {@code s}'s round mode may not be nearest even, which the
   * functions here compute in: its result is then unknown.
   */
  static boolean roundsUnknown(WaveState s, String opcode) {
    return s.f32Round() != 0 && ROUNDED.contains(opcode);
  }

  static boolean denormal(float f) {
    return f != 0 && Math.abs(f) < Float.MIN_NORMAL;
  }

  /** A binary32 source with its input modifiers applied; UNKNOWN when unknown. */
  private static long fsrc(WaveState s, Instruction i, int index, int lane) {
    if (index >= i.operands().size()) {
      return 0;
    }
    Operand o = i.operand(index);
    if (!(o instanceof Operand.Modified m)) {
      return s.read(o, lane);
    }
    long v = s.read(m.inner(), lane);
    if (v == UNKNOWN) {
      return UNKNOWN;
    }
    long abs = m.abs() ? v & 0x7FFFFFFFL : v;
    return m.neg() ? abs ^ 0x80000000L : abs;
  }

  private static float f(long bits) {
    return Float.intBitsToFloat((int) bits);
  }

  /**
   * Per active lane: the sources at {@code operandIndices} as floats (non-denormal; {@code domain}
   * may refuse more), {@code op} rounded once; a NaN or denormal result is unknown; {@code clamp}
   * clamps to [0, 1].
   */
  static void f32(String opcode, int[] operandIndices, FloatPredicate domain, F3 op) {
    Semantics.def(
        opcode,
        Set.of("clamp"),
        (s, i) -> {
          boolean clamp = i.hasModifier("clamp");
          eachLane(
              s,
              i,
              operandIndices,
              x -> {
                float a = f(x[0]);
                float b = f(x[1]);
                float c = f(x[2]);
                if (denormal(a) || denormal(b) || denormal(c) || !domain.test(a, b)) {
                  return OptionalLong.empty();
                }
                float r = op.apply(a, b, c);
                boolean negativeZero = Float.floatToRawIntBits(r) == Integer.MIN_VALUE;
                if (clamp && negativeZero) {
                  return OptionalLong.empty();
                }
                r = clamp ? Math.max(0f, Math.min(1f, r)) : r;
                return Float.isNaN(r) || denormal(r)
                    ? OptionalLong.empty()
                    : OptionalLong.of(Float.floatToRawIntBits(r) & M32);
              });
        });
  }

  static void f32(String opcode, F3 op) {
    f32(opcode, new int[] {1, 2, 3}, (a, b) -> true, op);
  }

  /**
   * A float-to-integer conversion; a denormal source is refused unless {@code truncates} (a
   * truncation gives 0 for it whether or not the mode flushes it).
   */
  static void toInt(String opcode, boolean truncates, FloatToInt op) {
    Semantics.def(
        opcode,
        (s, i) ->
            eachLane(
                s,
                i,
                new int[] {1},
                x ->
                    !truncates && denormal(f(x[0]))
                        ? OptionalLong.empty()
                        : OptionalLong.of(op.apply(f(x[0])) & M32)));
  }

  @FunctionalInterface
  private interface LaneResult {
    OptionalLong apply(long[] sources);
  }

  /** The lane loop of the float combinators: unknown sources and EXEC give unknown results. */
  private static void eachLane(WaveState s, Instruction i, int[] operandIndices, LaneResult r) {
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      long[] x = new long[3];
      boolean known = active.isPresent();
      for (int k = 0; k < operandIndices.length && known; k++) {
        x[k] = fsrc(s, i, operandIndices[k], lane);
        known = x[k] != UNKNOWN;
      }
      OptionalLong v = known ? r.apply(x) : OptionalLong.empty();
      s.write(i.operand(0), lane, v.isPresent() ? v.getAsLong() : UNKNOWN);
    }
  }

  /** v_cmp(x)_*_f32: the lane mask where the condition holds; denormal sources are unknown. */
  static void fcompare(String opcode, String cond, boolean cmpx) {
    Semantics.def(
        opcode,
        (s, i) -> {
          OptionalLong exec = s.exec();
          OptionalLong mask = exec;
          long bits = 0;
          for (int lane = 0; lane < LANES && mask.isPresent(); lane++) {
            if (((exec.getAsLong() >>> lane) & 1) == 0) {
              continue;
            }
            long a = fsrc(s, i, 1, lane);
            long b = fsrc(s, i, 2, lane);
            if (!Semantics.known(a, b, 0) || denormal(f(a)) || denormal(f(b))) {
              mask = OptionalLong.empty();
            } else if (holds(cond, f(a), f(b))) {
              bits |= 1L << lane;
            }
          }
          OptionalLong result = mask.isPresent() ? OptionalLong.of(bits) : mask;
          s.write64(i.operand(0), 0, result);
          if (cmpx) {
            s.setExec(result);
          }
        });
  }

  /** min/max: no NaN (IEEE mode decides) and not +0 against -0 (either may be returned). */
  private static boolean ordinary(float a, float b) {
    return !Float.isNaN(a)
        && !Float.isNaN(b)
        && !(a == 0 && b == 0 && Float.floatToRawIntBits(a) != Float.floatToRawIntBits(b));
  }

  /** v_ldexp_f32 vdst, src0 (float), src1 (signed integer): src0 * 2^src1, one rounding. */
  private static void ldexp(WaveState s, Instruction i) {
    eachLane(
        s,
        i,
        new int[] {1, 2},
        x -> {
          float a = f(x[0]);
          float r = Math.scalb(a, (int) Math.max(-512, Math.min(512, Semantics.signed(x[1]))));
          return denormal(a) || denormal(r) || Float.isNaN(r)
              ? OptionalLong.empty()
              : OptionalLong.of(Float.floatToRawIntBits(r) & M32);
        });
  }

  static void register() {
    // Conversions. Integer to float rounds to nearest even (Java's conversion does).
    Semantics.valu("v_cvt_f32_u32", (a, b, c) -> Float.floatToRawIntBits((float) a) & M32);
    Semantics.valu("v_cvt_f32_i32", (a, b, c) -> Float.floatToRawIntBits((float) (int) a) & M32);
    toInt("v_cvt_u32_f32", true, a -> Math.max(0, Math.min(M32, (long) a)));
    toInt("v_cvt_i32_f32", true, a -> (int) a);
    toInt("v_cvt_flr_i32_f32", false, a -> (int) Math.floor(a));
    for (int k = 0; k < 4; k++) {
      int shift = 8 * k;
      Semantics.valu(
          "v_cvt_f32_ubyte" + k,
          (a, b, c) -> Float.floatToRawIntBits((float) ((a >>> shift) & 0xFF)) & M32);
    }
    // Reciprocal: the correctly rounded 1/x (the hardware is within 1 ulp; docs/isa.md).
    f32("v_rcp_f32", (a, b, c) -> 1f / a);
    f32("v_rcp_iflag_f32", (a, b, c) -> 1f / a);
    f32("v_add_f32", (a, b, c) -> a + b);
    f32("v_sub_f32", (a, b, c) -> a - b);
    f32("v_subrev_f32", (a, b, c) -> b - a);
    f32("v_mul_f32", (a, b, c) -> a * b);
    f32("v_fma_f32", Math::fma);
    // v_fmac_f32 vdst, src0, src1: vdst = src0 * src1 + vdst.
    f32("v_fmac_f32", new int[] {1, 2, 0}, (a, b) -> true, Math::fma);
    // v_fmamk_f32 vdst, src0, K, src1: src0 * K + src1; v_fmaak_f32 vdst, src0, src1, K.
    f32("v_fmamk_f32", new int[] {1, 2, 3}, (a, b) -> true, Math::fma);
    f32("v_fmaak_f32", new int[] {1, 2, 3}, (a, b) -> true, Math::fma);
    Semantics.def("v_ldexp_f32", FloatAlu::ldexp);
    f32("v_min_f32", new int[] {1, 2}, FloatAlu::ordinary, (a, b, c) -> Math.min(a, b));
    f32("v_max_f32", new int[] {1, 2}, FloatAlu::ordinary, (a, b, c) -> Math.max(a, b));
    f32("v_trunc_f32", (a, b, c) -> a < 0 ? (float) Math.ceil(a) : (float) Math.floor(a));
    f32("v_floor_f32", (a, b, c) -> (float) Math.floor(a));
    f32("v_ceil_f32", (a, b, c) -> (float) Math.ceil(a));
    f32("v_rndne_f32", (a, b, c) -> (float) Math.rint(a));
    for (String x : new String[] {"v_cmp_", "v_cmpx_"}) {
      for (String cond : CONDITIONS) {
        fcompare(x + cond + "_f32", cond, x.equals("v_cmpx_"));
      }
    }
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.LANES;
import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Operand;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * One semantic function per opcode of the integer SALU/VALU instructions and the binary32
 * operations of the integer-division idiom (CDNA3/CDNA4 ISA reference), over a {@link WaveState}.
 * The functions are registered by family ({@link ScalarAlu}, {@link VectorAlu}, {@link FloatAlu})
 * through the combinators of this class, which alone decide that an unknown operand, an unknown
 * EXEC lane or an unknown lane mask gives an unknown result.
 *
 * <p>An instruction without a function, or with a modifier its function does not model (SDWA
 * selects, {@code op_sel}, output modifiers, ...), writes "unknown" into what it defines (its table
 * row's destinations and the SCC, VCC, EXEC or M0 its row writes; for one not in the table its
 * first operand, and SCC or VCC), so a later use of the value is known to be unknown, never stale
 * or wrong.
 */
public final class Semantics {
  private Semantics() {}

  @FunctionalInterface
  interface Function {
    void apply(WaveState s, Instruction i);
  }

  /** An operation on known operand values (32-bit ones in [0, 2^32), 64-bit ones as longs). */
  @FunctionalInterface
  interface Op3 {
    long apply(long a, long b, long c);
  }

  /** The SCC (or a compare's lane bit) from the operands and the result. */
  @FunctionalInterface
  interface Scc {
    long apply(long a, long b, long result);
  }

  /** An operation that also depends on the lane. */
  @FunctionalInterface
  interface LaneOp {
    long apply(int lane, long a, long b, long c);
  }

  /** A function and the modifiers it models (null: any; it ignores value-neutral ones). */
  private record Entry(Function function, Set<String> modifiers) {}

  private static final Map<String, Entry> FUNCTIONS = new HashMap<>();

  static final long M32 = 0xFFFFFFFFL;

  /** Modifiers that never change a value: cache policy bits of memory instructions. */
  private static final Set<String> NEUTRAL = Set.of();

  static {
    ScalarAlu.register();
    VectorAlu.register();
    FloatAlu.register();
    PrivateMemory.register();
    ModeRegister.register();
  }

  static void def(String opcode, Function f) {
    def(opcode, Set.of(), f);
  }

  /** Registers {@code f}; {@code modifiers} are those it models itself (null: any). */
  static void def(String opcode, Set<String> modifiers, Function f) {
    if (FUNCTIONS.putIfAbsent(opcode, new Entry(f, modifiers)) != null) {
      throw new IllegalStateException("two semantic functions for " + opcode);
    }
  }

  /** Whether {@code opcode} has a semantic function. */
  public static boolean hasFunction(String opcode) {
    return FUNCTIONS.containsKey(opcode);
  }

  /** The opcodes with a semantic function, sorted. */
  public static Set<String> opcodes() {
    return new TreeSet<>(FUNCTIONS.keySet());
  }

  static long signed(long v) {
    return (int) v;
  }

  static long mask(long width) {
    return width >= 64 ? -1L : (1L << width) - 1;
  }

  static long bit(boolean b) {
    return b ? 1 : 0;
  }

  private static OptionalLong word(long v) {
    return v == UNKNOWN ? OptionalLong.empty() : OptionalLong.of(v & M32);
  }

  /**
   * A 32-bit integer source: 0 when absent, unknown when it carries a float input modifier (an
   * integer operand has none; the hardware would apply it to a float view).
   */
  static long src(WaveState s, Instruction i, int index, int lane) {
    if (index >= i.operands().size()) {
      return 0;
    }
    Operand o = i.operand(index);
    return o instanceof Operand.Modified ? UNKNOWN : s.read(o, lane);
  }

  private static OptionalLong src64(WaveState s, Instruction i, int index, int lane) {
    if (index >= i.operands().size()) {
      return OptionalLong.of(0);
    }
    Operand o = i.operand(index);
    return o instanceof Operand.Modified ? OptionalLong.empty() : s.read64(o, lane);
  }

  static boolean known(long a, long b, long c) {
    return a != UNKNOWN && b != UNKNOWN && c != UNKNOWN;
  }

  /** Operand-consuming source kinds (the others are implicit). */
  private static boolean consumes(char kind) {
    return kind == '3' || kind == 'w' || kind == 'k' || kind == 'u';
  }

  /** The sources of {@code shape} ("dst=srcs") in one lane; empty when one is unknown. */
  private static Optional<long[]> sources(
      WaveState s, Instruction i, String shape, int first, int lane) {
    long[] v = new long[3];
    String srcs = shape.substring(shape.indexOf('=') + 1);
    return fill(s, i, srcs, shape.startsWith("w"), first, lane, v)
        ? Optional.of(v)
        : Optional.empty();
  }

  /**
   * The values of the source kinds {@code srcs} in one lane, into {@code out} (operands from {@code
   * first}); false when one is unknown. A kind is {@code 3} a 32-bit operand, {@code w} a 64-bit
   * one, {@code k} / {@code u} a 16-bit immediate sign- / zero-extended (SOPK), {@code d} the
   * destination's old value, {@code c} SCC, {@code m} M0, {@code e} EXEC. The per-lane loops call
   * it with one array for every lane instead of an optional per lane.
   */
  private static boolean fill(
      WaveState s, Instruction i, String srcs, boolean wideDst, int first, int lane, long[] out) {
    int next = first;
    for (int k = 0; k < srcs.length(); k++) {
      char kind = srcs.charAt(k);
      boolean known =
          switch (kind) {
            case '3' -> put32(out, k, src(s, i, next, lane));
            case 'w' -> put64(out, k, src64(s, i, next, lane));
            case 'k', 'u' -> {
              long v = src(s, i, next, lane);
              yield v != UNKNOWN && put32(out, k, kind == 'k' ? (short) v & M32 : v & 0xFFFF);
            }
            case 'd' ->
                wideDst
                    ? put64(out, k, s.read64(i.operand(0), lane))
                    : put32(out, k, s.read(i.operand(0), lane));
            case 'c' -> put32(out, k, s.scc());
            case 'm' -> put32(out, k, s.m0());
            case 'e' -> put64(out, k, s.exec());
            default -> throw new IllegalArgumentException("bad source kind " + kind);
          };
      if (!known) {
        return false;
      }
      if (consumes(kind)) {
        next++;
      }
    }
    return true;
  }

  /** {@code out[k]} = the low 32 bits of {@code v}; false (nothing written) when v is unknown. */
  private static boolean put32(long[] out, int k, long v) {
    // A symbol is no number to compute with: a source the symbolic execution did not look at (the
    // old value of a destination, M0) makes the result unknown, never its symbol's bits.
    if (v == UNKNOWN || Symbols.isSymbol(v)) {
      return false;
    }
    out[k] = v & M32;
    return true;
  }

  /** {@code out[k]} = {@code v}; false (nothing written) when v is unknown. */
  private static boolean put64(long[] out, int k, OptionalLong v) {
    if (v.isEmpty()) {
      return false;
    }
    out[k] = v.getAsLong();
    return true;
  }

  /**
   * SALU: {@code shape} is "dst=srcs", dst one of "" (compare), "3" or "w"; the result of {@code
   * op} is written (masked to 32 bits for "3"), and SCC set from {@code scc} unless it is null.
   */
  static void scalar(String opcode, String shape, Op3 op, Scc scc) {
    boolean hasDst = !shape.startsWith("=");
    boolean wide = shape.startsWith("w");
    def(
        opcode,
        (s, i) -> {
          Optional<long[]> v = sources(s, i, shape, hasDst ? 1 : 0, 0);
          long r = v.map(x -> op.apply(x[0], x[1], x[2])).orElse(0L);
          if (!wide) {
            r &= M32;
          }
          if (hasDst && wide) {
            s.write64(i.operand(0), 0, v.isPresent() ? OptionalLong.of(r) : OptionalLong.empty());
          } else if (hasDst) {
            s.write(i.operand(0), 0, v.isPresent() ? r : UNKNOWN);
          }
          if (scc != null) {
            long result = r;
            s.setScc(v.map(x -> scc.apply(x[0], x[1], result)).orElse(UNKNOWN));
          }
        });
  }

  /**
   * {@code s_addc_u32} / {@code s_subb_u32}: dst = op(src0, src1, SCC) and SCC = the carry or
   * borrow out, that is whether the exact result leaves [0, 2^32).
   */
  static void scalarWithCarry(String opcode, Op3 op) {
    def(
        opcode,
        (s, i) -> {
          Optional<long[]> v = sources(s, i, "3=33c", 1, 0);
          long r = v.map(x -> op.apply(x[0], x[1], x[2])).orElse(UNKNOWN);
          s.write(i.operand(0), 0, v.isPresent() ? r & M32 : UNKNOWN);
          s.setScc(v.isPresent() ? bit(r < 0 || r > M32) : UNKNOWN);
        });
  }

  /**
   * The SCC selects {@code s_cselect_b32/b64 sdst, src0, src1} (SCC ? src0 : src1), {@code
   * s_cmov_b32/b64 sdst, src} and {@code s_cmovk_i32 sdst, simm16} (SCC ? src : sdst): only the
   * chosen value needs to be known. {@code shape} names the candidates for SCC = 1 and SCC = 0
   * ("33", "ww", "3d", "wd", "kd"; "d" is the destination's old value).
   */
  static void scalarSelect(String opcode, String shape) {
    boolean wide = shape.contains("w");
    String dst = wide ? "w" : "3";
    def(
        opcode,
        (s, i) -> {
          long scc = s.scc();
          int chosen = scc == 1 ? 0 : 1;
          int operand = 1 + (chosen == 1 && consumes(shape.charAt(0)) ? 1 : 0);
          if (!wide && scc != UNKNOWN) {
            // The chosen value is passed on as it is: a symbol (s_cmov_b32 s10, 0 with SCC = 0
            // keeps the symbol in s10) stays that symbol.
            long picked = shape.charAt(chosen) == 'd' ? s.read(i.operand(0), 0) : UNKNOWN;
            if (Symbols.isSymbol(picked)) {
              s.writeValue(i.operand(0), 0, picked);
              return;
            }
          }
          Optional<long[]> v =
              scc == UNKNOWN
                  ? Optional.empty()
                  : sources(s, i, dst + "=" + shape.charAt(chosen), operand, 0);
          if (wide) {
            s.write64(
                i.operand(0), 0, v.map(x -> OptionalLong.of(x[0])).orElse(OptionalLong.empty()));
          } else {
            s.write(i.operand(0), 0, v.map(x -> x[0] & M32).orElse(UNKNOWN));
          }
        });
  }

  /** A new EXEC from the source and the old EXEC. */
  @FunctionalInterface
  interface ExecOp {
    long apply(long src, long exec);
  }

  /**
   * The exec-mask ops {@code s_*_saveexec_b64 sdst, ssrc} (sdst = old EXEC) and {@code
   * s_*_wrexec_b64} (sdst = new EXEC): EXEC = op(ssrc, EXEC), SCC = EXEC != 0.
   */
  static void saveexec(String opcode, boolean writesNew, ExecOp op) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong src = s.read64(i.operand(1), 0);
          OptionalLong exec = s.exec();
          OptionalLong next =
              src.isPresent() && exec.isPresent()
                  ? OptionalLong.of(op.apply(src.getAsLong(), exec.getAsLong()))
                  : OptionalLong.empty();
          s.write64(i.operand(0), 0, writesNew ? next : exec);
          s.setExec(next);
          s.setScc(next.isPresent() ? bit(next.getAsLong() != 0) : UNKNOWN);
        });
  }

  /** VALU: per active lane, dst = op(src0, src1, src2), 32-bit. */
  static void valu(String opcode, Op3 op) {
    lanes(opcode, "3=333", (lane, a, b, c) -> op.apply(a, b, c));
  }

  /**
   * VALU with the {@code clamp} modifier modelled: {@code clamped} computes the saturated result
   * (integer clamp: to the range of the result type).
   */
  static void valuClamp(String opcode, Op3 op, Op3 clamped) {
    def(
        opcode,
        Set.of("clamp"),
        (s, i) ->
            lanesWith(
                s,
                i,
                "3=333",
                i.hasModifier("clamp")
                    ? (lane, a, b, c) -> clamped.apply(a, b, c)
                    : (lane, a, b, c) -> op.apply(a, b, c)));
  }

  /** VALU over a shape ("3=333", "w=3w", "w=w3w", ...), with the lane index. */
  static void lanes(String opcode, String shape, LaneOp op) {
    def(opcode, (s, i) -> lanesWith(s, i, shape, op));
  }

  /**
   * dst = op(lane, sources) in every active lane, unknown where a source or the lane's EXEC bit is;
   * an inactive lane keeps its value.
   */
  static void lanesWith(WaveState s, Instruction i, String shape, LaneOp op) {
    boolean wide = shape.startsWith("w");
    String srcs = shape.substring(shape.indexOf('=') + 1);
    Operand dst = i.operand(0);
    OptionalLong exec = s.exec();
    long[] v = new long[3];
    for (int lane = 0; lane < LANES; lane++) {
      boolean known;
      if (exec.isPresent()) {
        if (((exec.getAsLong() >>> lane) & 1) == 0) {
          continue;
        }
        known = fill(s, i, srcs, wide, 1, lane, v);
      } else {
        known = false;
      }
      if (wide) {
        s.write64(
            dst,
            lane,
            known ? OptionalLong.of(op.apply(lane, v[0], v[1], v[2])) : OptionalLong.empty());
      } else {
        s.write(dst, lane, known ? op.apply(lane, v[0], v[1], v[2]) & M32 : UNKNOWN);
      }
    }
  }

  /**
   * VALU compare {@code v_cmp*} / {@code v_cmpx*}: the mask of active lanes where {@code cmp}
   * holds, to VCC or an SGPR pair (operand 0); the {@code v_cmpx} forms also write it to EXEC (gfx9
   * writes both).
   */
  static void vcompare(String opcode, String shape, Scc cmp, boolean cmpx) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong mask = laneMask(s, i, shape, cmp);
          s.write64(i.operand(0), 0, mask);
          if (cmpx) {
            s.setExec(mask);
          }
        });
  }

  /** The lane mask of a compare; empty when EXEC or an active lane's operand is unknown. */
  static OptionalLong laneMask(WaveState s, Instruction i, String shape, Scc cmp) {
    OptionalLong exec = s.exec();
    if (exec.isEmpty()) {
      return OptionalLong.empty();
    }
    long mask = 0;
    long[] v = new long[3];
    for (int lane = 0; lane < LANES; lane++) {
      if (((exec.getAsLong() >>> lane) & 1) == 0) {
        continue;
      }
      if (!fill(s, i, shape, false, 1, lane, v)) {
        return OptionalLong.empty();
      }
      if (cmp.apply(v[0], v[1], 0) != 0) {
        mask |= 1L << lane;
      }
    }
    return OptionalLong.of(mask);
  }

  /**
   * {@code v_add_co_u32} and kin: vdst, carry-out mask (VCC or an SGPR pair), src0, src1 and, with
   * {@code carryIn}, the carry-in mask. {@code op(a, b, carry)} is the exact sum or difference; the
   * lane's carry (or borrow) out is set when it leaves [0, 2^32).
   */
  static void carry(String opcode, Op3 op, boolean carryIn) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong in = carryIn ? s.read64(i.operand(4), 0) : OptionalLong.of(0);
          OptionalLong exec = s.exec();
          long carries = 0;
          boolean known = exec.isPresent() && in.isPresent();
          for (int lane = 0; lane < LANES; lane++) {
            Optional<Boolean> active = s.active(lane);
            if (active.isPresent() && !active.get()) {
              continue;
            }
            long a = src(s, i, 2, lane);
            long b = src(s, i, 3, lane);
            boolean k = active.isPresent() && in.isPresent() && known(a, b, 0);
            long r = k ? op.apply(a, b, (in.getAsLong() >>> lane) & 1) : UNKNOWN;
            s.write(i.operand(0), lane, r);
            known &= k;
            if (k && (r > M32 || r < 0)) {
              carries |= 1L << lane;
            }
          }
          s.write64(i.operand(1), 0, known ? OptionalLong.of(carries) : OptionalLong.empty());
        });
  }

  /**
   * {@code v_mad_u64_u32 / v_mad_i64_i32 vdst[2], sdst, src0, src1, src2[2]}: vdst = src0 * src1 +
   * src2 in 64 bits; sdst the lanes whose unsigned sum carried out of 64 bits (u64; for the signed
   * form the mask is left unknown).
   */
  static void mad64(String opcode, boolean signed) {
    def(
        opcode,
        (s, i) -> {
          long carries = 0;
          boolean known = s.exec().isPresent() && !signed;
          for (int lane = 0; lane < LANES; lane++) {
            Optional<Boolean> active = s.active(lane);
            if (active.isPresent() && !active.get()) {
              continue;
            }
            Optional<long[]> v =
                active.isPresent() ? sources(s, i, "w=33w", 2, lane) : Optional.<long[]>empty();
            known &= v.isPresent();
            OptionalLong r = OptionalLong.empty();
            if (v.isPresent()) {
              long[] x = v.get();
              long product = signed ? signed(x[0]) * signed(x[1]) : x[0] * x[1];
              long sum = product + x[2];
              if (Long.compareUnsigned(sum, product) < 0) {
                carries |= 1L << lane;
              }
              r = OptionalLong.of(sum);
            }
            s.write64(i.operand(0), lane, r);
          }
          s.write64(i.operand(1), 0, known ? OptionalLong.of(carries) : OptionalLong.empty());
        });
  }

  /**
   * dst = the mask bit of the lane ? src1 : src0; the mask is VCC or an SGPR pair (operand 3), and
   * an unknown mask makes every active lane unknown.
   */
  static void select(String opcode) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong mask = i.operands().size() > 3 ? s.read64(i.operand(3), 0) : s.vcc();
          if (mask.isEmpty()) {
            clobberActive(s, i.operand(0));
            return;
          }
          long m = mask.getAsLong();
          lanesWith(s, i, "3=33", (lane, a, b, c) -> ((m >>> lane) & 1) != 0 ? b : a);
        });
  }

  /** Every active (or possibly active) lane of {@code dst} becomes unknown. */
  static void clobberActive(WaveState s, Operand dst) {
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isEmpty() || active.get()) {
        s.write(dst, lane, UNKNOWN);
      }
    }
  }

  /** Every lane of {@code dst} becomes unknown (a write to a lane not known). */
  static void clobberAll(WaveState s, Operand dst) {
    s.forget(dst);
  }

  /**
   * A cross-lane read into an SGPR: {@code v_readlane_b32 sdst, vsrc, lane} (EXEC ignored) reads
   * lane {@code lane & 63}; an unknown lane select gives an unknown value.
   */
  static void readlane(String opcode) {
    def(
        opcode,
        (s, i) -> {
          long lane = src(s, i, 2, 0);
          s.write(
              i.operand(0), 0, lane == UNKNOWN ? UNKNOWN : s.read(i.operand(1), (int) lane & 63));
        });
  }

  /**
   * {@code v_writelane_b32 vdst, ssrc, lane}: writes lane {@code lane & 63} of vdst whatever EXEC
   * is; with an unknown lane select every lane of vdst may have been written.
   */
  static void writelane(String opcode) {
    def(
        opcode,
        (s, i) -> {
          long lane = src(s, i, 2, 0);
          if (lane == UNKNOWN) {
            clobberAll(s, i.operand(0));
          } else {
            s.write(i.operand(0), (int) lane & 63, src(s, i, 1, 0));
          }
        });
  }

  /** The source of the first active lane (lane 0 when EXEC is 0) into an SGPR. */
  static void readfirstlane(String opcode) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong exec = s.exec();
          long r =
              exec.isEmpty()
                  ? UNKNOWN
                  : src(
                      s,
                      i,
                      1,
                      exec.getAsLong() == 0 ? 0 : Long.numberOfTrailingZeros(exec.getAsLong()));
          s.write(i.operand(0), 0, r);
        });
  }

  /**
   * Lane routing through the LDS unit, no LDS bytes touched: {@code ds_bpermute_b32 vdst, vaddr,
   * vdata [offset:N]} (gather: each active lane L reads vdata of lane {@code ((vaddr[L] + N) >> 2)
   * & 63}, 0 from an inactive lane) and {@code ds_permute_b32} (scatter: each active lane L sends
   * vdata[L] to that lane; where two send to one lane, the higher sender wins). A lane of a permute
   * that nothing is sent to is left unknown (the reference is not explicit about it), as is every
   * active lane when EXEC is unknown or its address is.
   */
  static void lanePermute(String opcode, boolean gather) {
    def(
        opcode,
        Set.of("offset"),
        (s, i) -> {
          OptionalLong exec = s.exec();
          Operand dst = i.operand(0);
          if (exec.isEmpty()) {
            clobberActive(s, dst);
            return;
          }
          long active = exec.getAsLong();
          long offset = i.integerModifier("offset").orElse(0);
          long[] moved = new long[LANES];
          java.util.Arrays.fill(moved, UNKNOWN);
          boolean[] sent = new boolean[LANES];
          for (int lane = 0; lane < LANES; lane++) {
            if (((active >>> lane) & 1) == 0) {
              continue;
            }
            long address = s.read(i.operand(1), lane);
            if (address == UNKNOWN || Symbols.isSymbol(address)) {
              if (!gather) {
                // Sent to a lane not known: any lane may receive it.
                clobberActive(s, dst);
                return;
              }
              continue;
            }
            int other = (int) (((address + offset) >> 2) & 63);
            if (gather) {
              moved[lane] = ((active >>> other) & 1) == 0 ? 0 : s.read(i.operand(2), other);
            } else {
              moved[other] = s.read(i.operand(2), lane);
              sent[other] = true;
            }
          }
          for (int lane = 0; lane < LANES; lane++) {
            if (((active >>> lane) & 1) != 0) {
              s.writeValue(dst, lane, gather || sent[lane] ? moved[lane] : UNKNOWN);
            }
          }
        });
  }

  /**
   * {@code ds_swizzle_b32 vdst, vsrc offset:N}: each active lane reads vsrc of a lane the 16-bit
   * offset selects (gfx9 ISA): with bit 15 set, within each group of four lanes, lane L takes lane
   * {@code (L & ~3) | (N >> 2 * (L & 3)) & 3} (QDMode); below 0x8000, within each group of 32,
   * {@code ((L & and) | or) ^ xor} with the masks in bits 4:0, 9:5 and 14:10 (BitMode). The FFT and
   * rotate modes (N from 0xC000), an inactive source lane and an unknown EXEC give unknown values.
   */
  static void swizzle(String opcode) {
    def(
        opcode,
        Set.of("offset"),
        (s, i) -> {
          OptionalLong exec = s.exec();
          OptionalLong offset = i.integerModifier("offset");
          Operand dst = i.operand(0);
          long n = offset.orElse(0xC000) & 0xFFFF;
          if (exec.isEmpty() || n >= 0xC000) {
            clobberActive(s, dst);
            return;
          }
          long active = exec.getAsLong();
          long[] moved = new long[LANES];
          for (int lane = 0; lane < LANES; lane++) {
            int from = swizzledLane(lane, n);
            moved[lane] = ((active >>> from) & 1) == 0 ? UNKNOWN : s.read(i.operand(1), from);
          }
          for (int lane = 0; lane < LANES; lane++) {
            if (((active >>> lane) & 1) != 0) {
              s.writeValue(dst, lane, moved[lane]);
            }
          }
        });
  }

  /** The lane {@code lane} reads in swizzle mode {@code n} (below 0xC000). */
  static int swizzledLane(int lane, long n) {
    if ((n & 0x8000) != 0) {
      return (lane & ~3) | (int) ((n >>> (2 * (lane & 3))) & 3);
    }
    int and = (int) (n & 0x1F);
    int or = (int) ((n >>> 5) & 0x1F);
    int xor = (int) ((n >>> 10) & 0x1F);
    return (lane & 0x20) | ((((lane & 0x1F) & and) | or) ^ xor);
  }

  /** A lane permutation of two VGPRs: {@code to(lane)} the lane whose value lane receives. */
  @FunctionalInterface
  interface Permutation {
    int partner(int lane);
  }

  /**
   * The gfx950 swaps {@code v_permlane16/32_swap_b32 vdst, vsrc}: for every lane L of vdst with a
   * partner P = {@code partner(L)} >= 0, vdst[L] and vsrc[P] are exchanged. Modelled with every
   * lane active and no {@code fi}/{@code bound_ctrl} (otherwise both registers become unknown).
   */
  static void permlaneSwap(String opcode, Permutation partner) {
    def(
        opcode,
        (s, i) -> {
          Operand dst = i.operand(0);
          Operand src = i.operand(1);
          OptionalLong exec = s.exec();
          if (exec.isEmpty()
              || exec.getAsLong() != -1L
              || !i.modifiers().isEmpty()
              || src instanceof Operand.Modified) {
            clobberAll(s, dst);
            clobberAll(s, src);
            return;
          }
          long[] d = new long[LANES];
          long[] v = new long[LANES];
          for (int lane = 0; lane < LANES; lane++) {
            d[lane] = s.read(dst, lane);
            v[lane] = s.read(src, lane);
          }
          for (int lane = 0; lane < LANES; lane++) {
            int p = partner.partner(lane);
            if (p >= 0) {
              s.write(dst, lane, v[p]);
              s.write(src, p, d[lane]);
            }
          }
        });
  }

  /** {@code v_swap_b32 vdst, vsrc}: exchanges the two registers in every active lane. */
  static void swap(String opcode) {
    def(
        opcode,
        (s, i) -> {
          for (int lane = 0; lane < LANES; lane++) {
            Optional<Boolean> active = s.active(lane);
            if (active.isPresent() && !active.get()) {
              continue;
            }
            long a = s.read(i.operand(0), lane);
            long b = s.read(i.operand(1), lane);
            s.write(i.operand(0), lane, active.isPresent() ? b : UNKNOWN);
            s.write(i.operand(1), lane, active.isPresent() ? a : UNKNOWN);
          }
        });
  }

  /**
   * {@code s_movrels_b32/b64 sdst, ssrc} (sdst = SGPR[ssrc + M0]) and {@code s_movreld_b32/b64}
   * (SGPR[sdst + M0] = ssrc). An unknown M0, or an index past the 102 SGPRs, makes what may have
   * been read unknown and, for movreld, every SGPR, VCC, M0 and EXEC unknown.
   */
  static void movrel(String opcode, boolean dstRelative, int dwords) {
    def(
        opcode,
        (s, i) -> {
          long m0 = s.m0();
          Operand.Register dst = (Operand.Register) i.operand(0);
          Operand src = i.operand(1);
          if (dstRelative) {
            int to = dst.first() + (int) (m0 & M32);
            if (m0 == UNKNOWN || m0 > 101 || to + dwords > 102) {
              for (int r = 0; r < WaveState.SGPRS; r++) {
                s.setSgpr(r, UNKNOWN);
              }
              s.setVcc(OptionalLong.empty());
              s.setExec(OptionalLong.empty());
              s.setM0(UNKNOWN);
              return;
            }
            OptionalLong v = dwords == 2 ? s.read64(src, 0) : word(s.read(src, 0));
            for (int d = 0; d < dwords; d++) {
              int shift = 32 * d;
              s.setSgpr(to + d, v.isPresent() ? (v.getAsLong() >>> shift) & M32 : UNKNOWN);
            }
          } else {
            int from =
                src instanceof Operand.Register r && m0 != UNKNOWN && m0 <= 101
                    ? r.first() + (int) m0
                    : Integer.MAX_VALUE;
            for (int d = 0; d < dwords; d++) {
              s.setSgpr(dst.first() + d, from + d < 102 ? s.sgpr(from + d) : UNKNOWN);
            }
          }
        });
  }

  /** What executing an instruction did to the state. */
  public enum Effect {
    /** Its semantic function ran. */
    COMPUTED,
    /**
     * It has no semantic function (or one that does not model its modifiers): what it defines is
     * now unknown.
     */
    CLOBBERED,
    /** A source held a symbol: what it defines is a symbol of the launch's unknowns. */
    SYMBOLIC
  }

  /** Executes {@code i} on {@code s} (in place). */
  public static Effect execute(WaveState s, Instruction i) {
    return execute(s, i, InstructionTable.lookup(i));
  }

  /**
   * {@link #execute(WaveState, Instruction)} with {@code i}'s table row ({@link
   * InstructionTable#lookup}) already looked up, as a caller that executes an instruction many
   * times keeps it. Register indexing changes no opcode, modifier or special operand: the row is
   * the indexed instruction's too.
   */
  public static Effect execute(WaveState s, Instruction i, Optional<InstructionInfo> info) {
    if (info.isEmpty()) {
      opaque(s, i);
      return Effect.CLOBBERED;
    }
    InstructionInfo row = info.get();
    Optional<Instruction> indexed = GprIndexing.apply(s, i, row.defs());
    if (indexed.isEmpty()) {
      clobber(s, i, row);
      return Effect.CLOBBERED;
    }
    Instruction x = indexed.get();
    Effect effect;
    if (x.mnemonic().endsWith("_dpp")) {
      Optional<Effect> moved = Dpp.execute(s, x, row, Semantics::executeIndexed);
      if (moved.isEmpty()) {
        clobber(s, x, row);
      }
      effect = moved.orElse(Effect.CLOBBERED);
    } else {
      effect = executeIndexed(s, x, row);
    }
    GprIndexing.afterM0Write(s, x, row);
    return effect;
  }

  /** Executes {@code x}, its registers already indexed and not in the DPP encoding. */
  private static Effect executeIndexed(WaveState s, Instruction x, InstructionInfo info) {
    Entry e = FUNCTIONS.get(x.opcode());
    Effect effect;
    if (FloatAlu.roundsUnknown(s, x.opcode())) {
      // The round mode may be other than nearest even (the descriptor's, or an s_setreg's): its
      // result, and the symbol it would be, are no function of its sources the lift knows.
      clobber(s, x, info);
      effect = Effect.CLOBBERED;
    } else if (SymbolicAlu.execute(s, x, info)) {
      // A source holds a symbol: the functions below only ever see known values.
      effect = Effect.SYMBOLIC;
    } else if (e != null && models(e, x)) {
      e.function().apply(s, x);
      effect = Effect.COMPUTED;
    } else {
      clobber(s, x, info);
      effect = Effect.CLOBBERED;
    }
    return effect;
  }

  /**
   * Whether {@code e} models {@code i} as written: the SDWA encoding selects bytes that no function
   * models (DPP is {@link Dpp}'s); any other modifier must be one the function handles or a vacuous
   * {@code op_sel:[0,...]}.
   */
  private static boolean models(Entry e, Instruction i) {
    if (e.modifiers() == null) {
      return true;
    }
    if (i.mnemonic().endsWith("_sdwa")) {
      return false;
    }
    for (Map.Entry<String, String> m : i.modifiers().entrySet()) {
      boolean vacuous =
          (m.getKey().equals("op_sel")
                  || m.getKey().equals("neg_lo")
                  || m.getKey().equals("neg_hi"))
              && m.getValue().matches("\\[[0,]*\\]");
      if (!vacuous && !e.modifiers().contains(m.getKey()) && !NEUTRAL.contains(m.getKey())) {
        return false;
      }
    }
    return true;
  }

  /**
   * What {@code i} would define becomes unknown, as for an instruction no function models: how a
   * call leaves the registers its callee writes (WaveEvaluator).
   */
  public static void havoc(WaveState s, Instruction i) {
    Optional<InstructionInfo> info = InstructionTable.lookup(i);
    if (info.isPresent()) {
      clobber(s, i, info.get());
    } else {
      opaque(s, i);
    }
  }

  /**
   * How many leading operands {@code i} defines: its row's count; every operand for an instruction
   * outside the table, which may write any vector register it names ({@link #opaque}).
   */
  public static int defs(Optional<InstructionInfo> info, Instruction i) {
    return info.map(InstructionInfo::defs).orElse(i.operands().size());
  }

  /**
   * The first operand an instruction of table row {@code info} reads: the one after its
   * definitions; the first for an instruction outside the table, which may read any register it
   * names (its destination too).
   */
  public static int firstSource(Optional<InstructionInfo> info) {
    return info.map(InstructionInfo::defs).orElse(0);
  }

  /** What {@code i} defines becomes unknown: its destinations and the state its row writes. */
  private static void clobber(WaveState s, Instruction i, InstructionInfo info) {
    for (int d = 0; d < info.defs() && d < i.operands().size(); d++) {
      clobberAll(s, i.operand(d));
    }
    if (info.has(InstructionInfo.Effect.WRITES_SCC)) {
      s.setScc(UNKNOWN);
    }
    if (info.has(InstructionInfo.Effect.WRITES_VCC)) {
      s.setVcc(OptionalLong.empty());
    }
    if (info.has(InstructionInfo.Effect.WRITES_EXEC)) {
      s.setExec(OptionalLong.empty());
    }
    if (info.has(InstructionInfo.Effect.WRITES_M0)) {
      s.setM0(UNKNOWN);
    }
    if (info.has(InstructionInfo.Effect.WRITES_MODE)) {
      s.setF32Round(UNKNOWN);
    }
  }

  /**
   * The vector instructions that may write an SGPR: a compare's mask, a carry-out or scale mask
   * (VOP3b's SDST), a lane read. The ISA gives a vector instruction no other way to write one: an
   * SGPR in a source field is only read.
   */
  private static final java.util.regex.Pattern VECTOR_SGPR_WRITE =
      java.util.regex.Pattern.compile(
          "v_(cmp|readlane|readfirstlane|div_scale|mad_[iu]64)\\w*|v_\\w+_co(_\\w+)?");

  /**
   * An instruction outside the table that {@code InstructionTable} lets through (an ALU instruction
   * that cannot touch LDS, M0, EXEC, a counter or control flow): every register operand it names
   * may be one it writes, so each becomes unknown (in VGPR-indexing mode every VGPR, since the
   * operands may be moved by the index), and so do SCC for a scalar instruction and VCC for a
   * vector one, which they may write without naming them. A vector instruction writes the SGPRs it
   * names only when it is of a kind that may ({@link #VECTOR_SGPR_WRITE}). The opaque unknown, not
   * a symbol: what it computes, and from what, is not known.
   */
  private static void opaque(WaveState s, Instruction i) {
    boolean scalar = i.opcode().startsWith("s_");
    boolean sgprs = scalar || VECTOR_SGPR_WRITE.matcher(i.opcode()).matches();
    for (Operand o : i.operands()) {
      Operand base = o instanceof Operand.Modified m ? m.inner() : o;
      boolean vector = base instanceof Operand.Register r && r.file() != Operand.RegisterFile.SGPR;
      if (vector || sgprs) {
        clobberAll(s, base);
      }
    }
    if (scalar) {
      s.setScc(UNKNOWN);
    } else {
      s.setVcc(OptionalLong.empty());
      if (s.gprIdx() != 0) {
        GprIndexing.forgetVgprs(s);
      }
    }
  }
}

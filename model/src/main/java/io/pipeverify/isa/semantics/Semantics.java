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

/**
 * One semantic function per opcode of the integer SALU/VALU subset (CDNA3/CDNA4 ISA reference),
 * over a {@link WaveState}. An instruction without a function writes "unknown" into what it defines
 * (its table row's destinations; for one not in the table its first operand, and SCC or VCC), so a
 * later use of the value is known to be unknown, never stale.
 */
public final class Semantics {
  private Semantics() {}

  @FunctionalInterface
  private interface Function {
    void apply(WaveState s, Instruction i);
  }

  /** A 32-bit operation on known operand values (unsigned, in [0, 2^32)). */
  @FunctionalInterface
  private interface Op3 {
    long apply(long a, long b, long c);
  }

  /** The SCC an SALU operation sets from its operands and result. */
  @FunctionalInterface
  private interface Scc {
    long apply(long a, long b, long result);
  }

  private static final Map<String, Function> FUNCTIONS = new HashMap<>();

  private static final long M32 = 0xFFFFFFFFL;

  private static long signed(long v) {
    return (int) v;
  }

  private static long mask(long width) {
    return width >= 32 ? M32 : (1L << width) - 1;
  }

  private static void def(String opcode, Function f) {
    FUNCTIONS.put(opcode, f);
  }

  /** SALU: dst = op(src0, src1, src2); SCC from {@code scc} unless null. */
  private static void salu(String opcode, Op3 op, Scc scc) {
    def(
        opcode,
        (s, i) -> {
          long a = src(s, i, 1, 0);
          long b = src(s, i, 2, 0);
          long c = src(s, i, 3, 0);
          long r = known(a, b, c) ? op.apply(a, b, c) & M32 : UNKNOWN;
          s.write(i.operand(0), 0, r);
          if (scc != null) {
            s.setScc(r == UNKNOWN ? UNKNOWN : scc.apply(a, b, r));
          }
        });
  }

  /** SALU that only sets SCC (compares). */
  private static void compare(String opcode, Scc scc) {
    def(
        opcode,
        (s, i) -> {
          long a = src(s, i, 0, 0);
          long b = src(s, i, 1, 0);
          s.setScc(known(a, b, 0) ? scc.apply(a, b, 0) : UNKNOWN);
        });
  }

  /** VALU: per active lane, dst = op(src0, src1, src2). */
  private static void valu(String opcode, Op3 op) {
    def(opcode, (s, i) -> valuWith(s, i, op));
  }

  /**
   * VALU compare: the lane mask of active lanes where {@code cmp} holds, to VCC or an SGPR pair.
   */
  private static void vcompare(String opcode, Scc cmp) {
    def(
        opcode,
        (s, i) -> {
          OptionalLong exec = s.exec();
          long mask = 0;
          boolean known = exec.isPresent();
          for (int lane = 0; lane < LANES && known; lane++) {
            if (((exec.getAsLong() >>> lane) & 1) == 0) {
              continue;
            }
            long a = src(s, i, 1, lane);
            long b = src(s, i, 2, lane);
            known = known(a, b, 0);
            if (known && cmp.apply(a, b, 0) != 0) {
              mask |= 1L << lane;
            }
          }
          s.write64(i.operand(0), 0, known ? OptionalLong.of(mask) : OptionalLong.empty());
        });
  }

  private static long src(WaveState s, Instruction i, int index, int lane) {
    if (index >= i.operands().size()) {
      return 0;
    }
    Operand o = i.operand(index);
    return o instanceof Operand.Modified ? UNKNOWN : s.read(o, lane);
  }

  private static boolean known(long a, long b, long c) {
    return a != UNKNOWN && b != UNKNOWN && c != UNKNOWN;
  }

  private static long bit(boolean b) {
    return b ? 1 : 0;
  }

  private static final String[] CMP = {"eq", "lg", "ne", "gt", "ge", "lt", "le"};

  private static boolean compare(String cond, long a, long b) {
    return switch (cond) {
      case "eq" -> a == b;
      case "lg", "ne" -> a != b;
      case "gt" -> a > b;
      case "ge" -> a >= b;
      case "lt" -> a < b;
      default -> a <= b;
    };
  }

  static {
    // Scalar moves and selects.
    salu("s_mov_b32", (a, b, c) -> a, null);
    salu("s_movk_i32", (a, b, c) -> (short) a, null);
    salu("s_brev_b32", (a, b, c) -> Integer.reverse((int) a), null);
    salu("s_bfm_b32", (a, b, c) -> mask(a & 31) << (b & 31), null);
    def("s_mov_b64", (s, i) -> s.write64(i.operand(0), 0, s.read64(i.operand(1), 0)));
    for (String w : new String[] {"b32", "b64"}) {
      def(
          "s_cselect_" + w,
          (s, i) -> {
            long scc = s.scc();
            if (w.equals("b32")) {
              s.write(
                  i.operand(0),
                  0,
                  scc == UNKNOWN ? UNKNOWN : s.read(i.operand(scc == 1 ? 1 : 2), 0));
            } else {
              s.write64(
                  i.operand(0),
                  0,
                  scc == UNKNOWN ? OptionalLong.empty() : s.read64(i.operand(scc == 1 ? 1 : 2), 0));
            }
          });
    }
    // Scalar arithmetic: SCC is the carry, borrow or signed overflow.
    salu("s_add_u32", (a, b, c) -> a + b, (a, b, r) -> bit(a + b > M32));
    salu("s_sub_u32", (a, b, c) -> a - b, (a, b, r) -> bit(b > a));
    def(
        "s_addc_u32",
        (s, i) -> {
          long a = s.read(i.operand(1), 0);
          long b = s.read(i.operand(2), 0);
          long carry = s.scc();
          boolean k = known(a, b, carry);
          s.write(i.operand(0), 0, k ? a + b + carry : UNKNOWN);
          s.setScc(k ? bit(a + b + carry > M32) : UNKNOWN);
        });
    def(
        "s_subb_u32",
        (s, i) -> {
          long a = s.read(i.operand(1), 0);
          long b = s.read(i.operand(2), 0);
          long borrow = s.scc();
          boolean k = known(a, b, borrow);
          s.write(i.operand(0), 0, k ? a - b - borrow : UNKNOWN);
          s.setScc(k ? bit(b + borrow > a) : UNKNOWN);
        });
    salu("s_add_i32", (a, b, c) -> a + b, (a, b, r) -> bit(signed(a) + signed(b) != signed(r)));
    salu("s_sub_i32", (a, b, c) -> a - b, (a, b, r) -> bit(signed(a) - signed(b) != signed(r)));
    salu("s_mul_i32", (a, b, c) -> a * b, null);
    salu("s_mul_hi_u32", (a, b, c) -> (a * b) >>> 32, null);
    salu("s_mul_hi_i32", (a, b, c) -> (signed(a) * signed(b)) >> 32, null);
    for (int n = 1; n <= 4; n++) {
      int shift = n;
      salu(
          "s_lshl" + n + "_add_u32",
          (a, b, c) -> (a << shift) + b,
          (a, b, r) -> bit((a << shift) + b > M32));
    }
    Scc nonZero = (a, b, r) -> bit(r != 0);
    salu("s_lshl_b32", (a, b, c) -> a << (b & 31), nonZero);
    salu("s_lshr_b32", (a, b, c) -> a >>> (b & 31), nonZero);
    salu("s_ashr_i32", (a, b, c) -> signed(a) >> (b & 31), nonZero);
    salu("s_and_b32", (a, b, c) -> a & b, nonZero);
    salu("s_or_b32", (a, b, c) -> a | b, nonZero);
    salu("s_xor_b32", (a, b, c) -> a ^ b, nonZero);
    salu("s_andn2_b32", (a, b, c) -> a & ~b, nonZero);
    salu("s_orn2_b32", (a, b, c) -> a | ~b, nonZero);
    salu("s_nand_b32", (a, b, c) -> ~(a & b), nonZero);
    salu("s_nor_b32", (a, b, c) -> ~(a | b), nonZero);
    salu("s_xnor_b32", (a, b, c) -> ~(a ^ b), nonZero);
    salu("s_not_b32", (a, b, c) -> ~a, nonZero);
    salu("s_abs_i32", (a, b, c) -> Math.abs(signed(a)), nonZero);
    salu("s_bfe_u32", (a, b, c) -> (a >>> (b & 31)) & mask((b >>> 16) & 0x7F), nonZero);
    salu(
        "s_bfe_i32",
        (a, b, c) -> {
          long width = (b >>> 16) & 0x7F;
          long field = (a >>> (b & 31)) & mask(width);
          return width == 0 || width >= 32 ? field : (field << (64 - width)) >> (64 - width);
        },
        nonZero);
    salu("s_min_u32", (a, b, c) -> Math.min(a, b), (a, b, r) -> bit(a < b));
    salu("s_max_u32", (a, b, c) -> Math.max(a, b), (a, b, r) -> bit(a > b));
    salu(
        "s_min_i32",
        (a, b, c) -> Math.min(signed(a), signed(b)),
        (a, b, r) -> bit(signed(a) < signed(b)));
    salu(
        "s_max_i32",
        (a, b, c) -> Math.max(signed(a), signed(b)),
        (a, b, r) -> bit(signed(a) > signed(b)));
    // 64-bit scalar logic and shifts.
    for (String op : new String[] {"and", "or", "xor", "andn2", "orn2", "lshl", "lshr", "not"}) {
      def(
          "s_" + op + "_b64",
          (s, i) -> {
            OptionalLong a = s.read64(i.operand(1), 0);
            OptionalLong b = op.equals("not") ? OptionalLong.of(0) : s.read64(i.operand(2), 0);
            OptionalLong r =
                a.isPresent() && b.isPresent()
                    ? OptionalLong.of(logic64(op, a.getAsLong(), b.getAsLong()))
                    : OptionalLong.empty();
            s.write64(i.operand(0), 0, r);
            s.setScc(r.isPresent() ? bit(r.getAsLong() != 0) : UNKNOWN);
          });
    }
    // Scalar compares.
    for (String cond : CMP) {
      compare("s_cmp_" + cond + "_u32", (a, b, r) -> bit(compare(cond, a, b)));
      compare("s_cmp_" + cond + "_i32", (a, b, r) -> bit(compare(cond, signed(a), signed(b))));
    }
    compare("s_bitcmp0_b32", (a, b, r) -> bit(((a >>> (b & 31)) & 1) == 0));
    compare("s_bitcmp1_b32", (a, b, r) -> bit(((a >>> (b & 31)) & 1) == 1));

    // Vector moves and arithmetic.
    valu("v_mov_b32", (a, b, c) -> a);
    // Copies between VGPRs and AGPRs (clang's spill slots for address registers).
    valu("v_accvgpr_write_b32", (a, b, c) -> a);
    valu("v_accvgpr_read_b32", (a, b, c) -> a);
    valu("v_accvgpr_mov_b32", (a, b, c) -> a);
    valu("v_add_u32", (a, b, c) -> a + b);
    valu("v_sub_u32", (a, b, c) -> a - b);
    valu("v_subrev_u32", (a, b, c) -> b - a);
    valu("v_mul_lo_u32", (a, b, c) -> a * b);
    valu("v_mul_hi_u32", (a, b, c) -> (a * b) >>> 32);
    valu("v_mul_u32_u24", (a, b, c) -> (a & 0xFFFFFF) * (b & 0xFFFFFF));
    valu("v_mul_hi_u32_u24", (a, b, c) -> ((a & 0xFFFFFF) * (b & 0xFFFFFF)) >>> 32);
    valu("v_mad_u32_u24", (a, b, c) -> (a & 0xFFFFFF) * (b & 0xFFFFFF) + c);
    valu("v_add3_u32", (a, b, c) -> a + b + c);
    valu("v_min_u32", (a, b, c) -> Math.min(a, b));
    valu("v_max_u32", (a, b, c) -> Math.max(a, b));
    valu("v_min_i32", (a, b, c) -> Math.min(signed(a), signed(b)));
    valu("v_max_i32", (a, b, c) -> Math.max(signed(a), signed(b)));
    // Shifts ("rev": the shift amount is the first source) and bit fields.
    valu("v_lshlrev_b32", (a, b, c) -> b << (a & 31));
    valu("v_lshrrev_b32", (a, b, c) -> b >>> (a & 31));
    valu("v_ashrrev_i32", (a, b, c) -> signed(b) >> (a & 31));
    valu("v_lshl_add_u32", (a, b, c) -> (a << (b & 31)) + c);
    valu("v_add_lshl_u32", (a, b, c) -> (a + b) << (c & 31));
    valu("v_lshl_or_b32", (a, b, c) -> (a << (b & 31)) | c);
    valu("v_bfe_u32", (a, b, c) -> (a >>> (b & 31)) & mask(c & 31));
    valu(
        "v_bfe_i32",
        (a, b, c) -> {
          long width = c & 31;
          long field = (a >>> (b & 31)) & mask(width);
          return width == 0 ? 0 : (field << (64 - width)) >> (64 - width);
        });
    valu("v_bfi_b32", (a, b, c) -> (a & b) | (~a & c));
    // Logic.
    valu("v_and_b32", (a, b, c) -> a & b);
    valu("v_or_b32", (a, b, c) -> a | b);
    valu("v_xor_b32", (a, b, c) -> a ^ b);
    valu("v_not_b32", (a, b, c) -> ~a);
    valu("v_and_or_b32", (a, b, c) -> (a & b) | c);
    valu("v_or3_b32", (a, b, c) -> a | b | c);
    valu("v_xad_u32", (a, b, c) -> (a ^ b) + c);
    def("v_bitop3_b32", Semantics::bitop3);
    // Lane-dependent operations.
    def("v_mbcnt_lo_u32_b32", (s, i) -> mbcnt(s, i, false));
    def("v_mbcnt_hi_u32_b32", (s, i) -> mbcnt(s, i, true));
    def("v_readfirstlane_b32", Semantics::readfirstlane);
    def(
        "v_readlane_b32",
        (s, i) -> {
          long lane = s.read(i.operand(2), 0);
          s.write(
              i.operand(0), 0, lane == UNKNOWN ? UNKNOWN : s.read(i.operand(1), (int) (lane & 63)));
        });
    def("v_cndmask_b32", Semantics::cndmask);
    for (String cond : CMP) {
      vcompare("v_cmp_" + cond + "_u32", (a, b, r) -> bit(compare(cond, a, b)));
      vcompare("v_cmp_" + cond + "_i32", (a, b, r) -> bit(compare(cond, signed(a), signed(b))));
    }
    def("v_add_co_u32", (s, i) -> carry(s, i, (a, b, c) -> a + b));
    def("v_sub_co_u32", (s, i) -> carry(s, i, (a, b, c) -> a - b));
    def("v_subrev_co_u32", (s, i) -> carry(s, i, (a, b, c) -> b - a));
    // Private memory (register spills and reloads): vaddr or off, saddr or off, offset.
    for (int n = 1; n <= 4; n++) {
      int dwords = n;
      String suffix = n == 1 ? "" : "x" + n;
      def("scratch_store_dword" + suffix, (s, i) -> scratchStore(s, i, dwords));
      def("scratch_load_dword" + suffix, (s, i) -> scratchLoad(s, i, dwords));
    }
    // 64-bit vector operations on register pairs.
    def("v_mov_b64", (s, i) -> valu64(s, i, (a, b) -> a));
    def("v_lshlrev_b64", (s, i) -> valu64(s, i, (a, b) -> b << (a & 63)));
    def("v_lshrrev_b64", (s, i) -> valu64(s, i, (a, b) -> b >>> (a & 63)));
    def(
        "v_lshl_add_u64",
        (s, i) -> {
          for (int lane = 0; lane < LANES; lane++) {
            Optional<Boolean> active = s.active(lane);
            if (active.isPresent() && !active.get()) {
              continue;
            }
            OptionalLong a = s.read64(i.operand(1), lane);
            long shift = s.read(i.operand(2), lane);
            OptionalLong c = s.read64(i.operand(3), lane);
            s.write64(
                i.operand(0),
                lane,
                active.isPresent() && a.isPresent() && shift != UNKNOWN && c.isPresent()
                    ? OptionalLong.of((a.getAsLong() << (shift & 63)) + c.getAsLong())
                    : OptionalLong.empty());
          }
        });
  }

  /** The private byte address of a scratch access in {@code lane}; UNKNOWN when not known. */
  private static long scratchAddress(
      WaveState s, Instruction i, Operand vaddr, Operand saddr, int lane) {
    long v = vaddr instanceof Operand.Off ? 0 : s.read(vaddr, lane);
    long a = saddr instanceof Operand.Off ? 0 : s.read(saddr, 0);
    return known(v, a, 0) ? v + a + i.integerModifier("offset").orElse(0) : UNKNOWN;
  }

  /** {@code scratch_store_dword* vaddr, vdata, saddr}: per active lane at a known address. */
  private static void scratchStore(WaveState s, Instruction i, int dwords) {
    Operand.Register data = (Operand.Register) i.operand(1);
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      long address = scratchAddress(s, i, i.operand(0), i.operand(2), lane);
      if (active.isEmpty() || (active.get() && address == UNKNOWN)) {
        s.forgetScratch();
        return;
      }
      for (int d = 0; active.get() && d < dwords; d++) {
        s.setScratch(address + 4L * d, lane, s.vgpr(data.first() + d, lane));
      }
    }
  }

  /** {@code scratch_load_dword* vdst, vaddr, saddr}: what the wave stored there, else unknown. */
  private static void scratchLoad(WaveState s, Instruction i, int dwords) {
    Operand.Register dst = (Operand.Register) i.operand(0);
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      long address =
          active.isEmpty() ? UNKNOWN : scratchAddress(s, i, i.operand(1), i.operand(2), lane);
      for (int d = 0; d < dwords; d++) {
        s.setVgpr(
            dst.first() + d,
            lane,
            address == UNKNOWN ? UNKNOWN : s.scratch(address + 4L * d, lane));
      }
    }
  }

  private static long logic64(String op, long a, long b) {
    return switch (op) {
      case "and" -> a & b;
      case "or" -> a | b;
      case "xor" -> a ^ b;
      case "andn2" -> a & ~b;
      case "orn2" -> a | ~b;
      case "lshl" -> a << (b & 63);
      case "lshr" -> a >>> (b & 63);
      default -> ~a;
    };
  }

  @FunctionalInterface
  private interface Op64 {
    long apply(long a, long b);
  }

  /** A VALU operation whose first source may be 32-bit (a shift) and whose others are pairs. */
  private static void valu64(WaveState s, Instruction i, Op64 op) {
    boolean shift = i.operands().size() > 2;
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      OptionalLong r;
      if (shift) {
        long amount = s.read(i.operand(1), lane);
        OptionalLong b = s.read64(i.operand(2), lane);
        r =
            amount != UNKNOWN && b.isPresent()
                ? OptionalLong.of(op.apply(amount, b.getAsLong()))
                : OptionalLong.empty();
      } else {
        OptionalLong a = s.read64(i.operand(1), lane);
        r = a.isPresent() ? OptionalLong.of(op.apply(a.getAsLong(), 0)) : OptionalLong.empty();
      }
      s.write64(i.operand(0), lane, active.isPresent() ? r : OptionalLong.empty());
    }
  }

  /** gfx950 v_bitop3_b32: bit k of the result is bit (a_k << 2 | b_k << 1 | c_k) of the table. */
  private static void bitop3(WaveState s, Instruction i) {
    long table = i.integerModifier("bitop3").orElse(0);
    valuWith(
        s,
        i,
        (a, b, c) -> {
          long r = 0;
          for (int k = 0; k < 32; k++) {
            int index = (int) ((((a >>> k) & 1) << 2) | (((b >>> k) & 1) << 1) | ((c >>> k) & 1));
            r |= ((table >>> index) & 1) << k;
          }
          return r;
        });
  }

  private static void valuWith(WaveState s, Instruction i, Op3 op) {
    valuLanes(s, i, 3, (lane, a, b, c) -> op.apply(a, b, c));
  }

  /** Counts the bits of the mask below this lane (lo: lanes 0-31, hi: lanes 32-63), plus src1. */
  private static void mbcnt(WaveState s, Instruction i, boolean hi) {
    valuLanes(
        s,
        i,
        2,
        (lane, a, b, c) -> {
          int below = hi ? Math.max(0, lane - 32) : Math.min(32, lane);
          return Long.bitCount(a & mask(below)) + b;
        });
  }

  @FunctionalInterface
  private interface LaneOp {
    long apply(int lane, long a, long b, long c);
  }

  /**
   * dst = op(lane, src1, src2, src3) in every active lane, unknown where a source is; only the
   * first {@code sources} operands after dst are sources (the others count as 0).
   */
  private static void valuLanes(WaveState s, Instruction i, int sources, LaneOp op) {
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      long a = src(s, i, 1, lane);
      long b = src(s, i, 2, lane);
      long c = sources > 2 ? src(s, i, 3, lane) : 0;
      s.write(
          i.operand(0),
          lane,
          active.isPresent() && known(a, b, c) ? op.apply(lane, a, b, c) : UNKNOWN);
    }
  }

  /** The source of the first active lane (lane 0 when EXEC is 0) into an SGPR. */
  private static void readfirstlane(WaveState s, Instruction i) {
    OptionalLong exec = s.exec();
    long r =
        exec.isEmpty()
            ? UNKNOWN
            : s.read(
                i.operand(1),
                exec.getAsLong() == 0 ? 0 : Long.numberOfTrailingZeros(exec.getAsLong()));
    s.write(i.operand(0), 0, r);
  }

  /** dst = mask bit of the lane ? src1 : src0, the mask being VCC or an SGPR pair (operand 3). */
  private static void cndmask(WaveState s, Instruction i) {
    OptionalLong mask = i.operands().size() > 3 ? s.read64(i.operand(3), 0) : s.vcc();
    valuLanes(
        s,
        i,
        2,
        (lane, a, b, c) -> {
          if (mask.isEmpty()) {
            return UNKNOWN;
          }
          return ((mask.getAsLong() >>> lane) & 1) != 0 ? b : a;
        });
  }

  /** v_add_co_u32 and kin: vdst, carry-out lane mask (VCC or SGPR pair), src0, src1. */
  private static void carry(WaveState s, Instruction i, Op3 op) {
    OptionalLong exec = s.exec();
    long carries = 0;
    boolean known = exec.isPresent();
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      long a = s.read(i.operand(2), lane);
      long b = s.read(i.operand(3), lane);
      boolean k = active.isPresent() && known(a, b, 0);
      long r = k ? op.apply(a, b, 0) : UNKNOWN;
      s.write(i.operand(0), lane, r);
      known &= k;
      if (k && (r > M32 || r < 0)) {
        carries |= 1L << lane;
      }
    }
    s.write64(i.operand(1), 0, known ? OptionalLong.of(carries) : OptionalLong.empty());
  }

  /** What executing an instruction did to the state. */
  public enum Effect {
    /** Its semantic function ran. */
    COMPUTED,
    /** It has no semantic function: what it defines is now unknown. */
    CLOBBERED,
    /** A source held a symbol: what it defines is a symbol of the launch's unknowns. */
    SYMBOLIC
  }

  /** Executes {@code i} on {@code s} (in place). */
  public static Effect execute(WaveState s, Instruction i) {
    if (SymbolicAlu.execute(s, i)) {
      return Effect.SYMBOLIC;
    }
    Function f = FUNCTIONS.get(i.opcode());
    if (f != null) {
      f.apply(s, i);
      return Effect.COMPUTED;
    }
    Optional<InstructionInfo> info = InstructionTable.lookup(i);
    int defs = info.map(InstructionInfo::defs).orElse(i.operands().isEmpty() ? 0 : 1);
    for (int d = 0; d < defs && d < i.operands().size(); d++) {
      for (int lane = 0; lane < LANES; lane++) {
        s.write(i.operand(d), lane, UNKNOWN);
      }
    }
    boolean scalar = i.opcode().startsWith("s_");
    if (info.map(n -> n.has(InstructionInfo.Effect.WRITES_SCC)).orElse(scalar)) {
      s.setScc(UNKNOWN);
    }
    if (info.isEmpty() && !scalar) {
      s.setVcc(OptionalLong.empty());
    }
    return Effect.CLOBBERED;
  }
}

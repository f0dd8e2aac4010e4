package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.LANES;
import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.Operand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gfx9 VGPR indexing mode (ISA reference, S_SET_GPR_IDX_ON): {@code s_set_gpr_idx_on ssrc,
 * gpr_idx(SRC0,...)} sets M0[7:0] to the index and M0[15:12] to the indexed operand kinds and turns
 * the mode on; until {@code s_set_gpr_idx_off}, every VGPR operand of a VALU instruction of an
 * enabled kind (source 0-2, destination) is the register {@code index} places further. The mode is
 * kept in {@link WaveState#gprIdx()}; a later write of M0 while it is on changes index and kinds.
 */
final class GprIndexing {
  private GprIndexing() {}

  static final long ON = 1L << 16;
  private static final int ARCH_VGPRS = 256;

  static void register() {
    Semantics.def(
        "s_set_gpr_idx_on",
        (s, i) -> {
          long index = Semantics.src(s, i, 0, 0);
          long kinds = kinds(s, i.operand(1));
          long m0 = s.m0();
          boolean known = Semantics.known(index, kinds, 0);
          s.setM0(
              known && m0 != UNKNOWN ? (m0 & ~0xF0FFL) | kinds << 12 | (index & 0xFF) : UNKNOWN);
          s.setGprIdx(known ? ON | kinds << 12 | (index & 0xFF) : UNKNOWN);
        });
    Semantics.def(
        "s_set_gpr_idx_idx",
        (s, i) -> {
          long index = Semantics.src(s, i, 0, 0);
          long m0 = s.m0();
          s.setM0(Semantics.known(index, m0, 0) ? (m0 & ~0xFFL) | (index & 0xFF) : UNKNOWN);
          long mode = s.gprIdx();
          if (mode != 0) {
            s.setGprIdx(
                Semantics.known(index, mode, 0) ? (mode & ~0xFFL) | (index & 0xFF) : UNKNOWN);
          }
        });
    Semantics.def(
        "s_set_gpr_idx_mode",
        (s, i) -> {
          long kinds = kinds(s, i.operand(0));
          long m0 = s.m0();
          s.setM0(Semantics.known(kinds, m0, 0) ? (m0 & ~0xF000L) | kinds << 12 : UNKNOWN);
          long mode = s.gprIdx();
          if (mode != 0) {
            s.setGprIdx(
                Semantics.known(kinds, mode, 0) ? (mode & ~0xF000L) | kinds << 12 : UNKNOWN);
          }
        });
    Semantics.def("s_set_gpr_idx_off", (s, i) -> s.setGprIdx(0));
  }

  /** The 4-bit kinds operand: {@code gpr_idx(...)} or the raw immediate. */
  private static long kinds(WaveState s, Operand o) {
    return o instanceof Operand.GprIdx g ? g.mask() : s.read(o, 0) & 0xF;
  }

  /**
   * {@code i} with its indexed VGPR operands moved by the index; {@code i} itself when the mode is
   * off or {@code i} is not VALU. Empty when the mode or index is unknown, or an indexed register
   * leaves the 256 VGPRs: then every VGPR is made unknown here (the instruction may have written
   * any), and the caller makes the rest of what it defines unknown.
   */
  static Optional<Instruction> apply(WaveState s, Instruction i, int defs) {
    long mode = s.gprIdx();
    if (mode == 0 || !i.opcode().startsWith("v_")) {
      return Optional.of(i);
    }
    List<Operand> out = new ArrayList<>(i.operands());
    boolean vgprs = false;
    for (int j = 0; j < out.size(); j++) {
      if (!(out.get(j) instanceof Operand.Register r) || r.file() != Operand.RegisterFile.VGPR) {
        continue;
      }
      vgprs = true;
      int kind = j < defs ? 3 : j - defs;
      if (mode == UNKNOWN) {
        break;
      }
      if (kind <= 3 && ((mode >>> (12 + kind)) & 1) != 0) {
        int first = r.first() + (int) (mode & 0xFF);
        if (first + r.count() > ARCH_VGPRS) {
          mode = UNKNOWN;
          break;
        }
        out.set(j, new Operand.Register(r.file(), first, r.count()));
      }
    }
    if (!vgprs) {
      return Optional.of(i);
    }
    if (mode == UNKNOWN) {
      forgetVgprs(s);
      return Optional.empty();
    }
    return Optional.of(new Instruction(i.mnemonic(), out, i.modifiers(), i.location()));
  }

  /** Every VGPR an index may reach becomes unknown. */
  static void forgetVgprs(WaveState s) {
    for (int reg = 0; reg < ARCH_VGPRS; reg++) {
      for (int lane = 0; lane < LANES; lane++) {
        s.setVgpr(reg, lane, UNKNOWN);
      }
    }
  }

  /** After an instruction other than s_set_gpr_idx_* wrote M0 with the mode on: M0 decides. */
  static void afterM0Write(WaveState s, Instruction i, InstructionInfo info) {
    if (s.gprIdx() == 0 || i.opcode().startsWith("s_set_gpr_idx_")) {
      return;
    }
    boolean writesM0 =
        info.has(InstructionInfo.Effect.WRITES_M0)
            || (!i.operands().isEmpty()
                && i.operand(0).equals(Operand.Special.M0)
                && info.defs() > 0);
    if (writesM0) {
      long m0 = s.m0();
      s.setGprIdx(m0 == UNKNOWN ? UNKNOWN : ON | (m0 & 0xF0FFL));
    }
  }
}

package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Operand;
import java.util.Optional;

/**
 * {@code s_setreg_b32 hwreg(REG, offset, size), ssrc} and {@code s_setreg_imm32_b32 hwreg(...),
 * imm}: the field's bits of the hardware register become the source's low bits. Of what they may
 * write (InstructionTable refuses the fields the lift cannot follow) only MODE[1:0], the f32 round
 * mode, changes a value the lift computes: {@link FloatAlu} rounds to nearest even, and its results
 * are unknown under any other mode or an unknown one.
 */
final class ModeRegister {
  private ModeRegister() {}

  static void register() {
    Semantics.def("s_setreg_b32", ModeRegister::setreg);
    Semantics.def("s_setreg_imm32_b32", ModeRegister::setreg);
  }

  private static void setreg(WaveState s, Instruction i) {
    Optional<Operand.HwReg> field = Operand.HwReg.of(i.operand(0));
    if (field.isPresent()
        && !(field.get().register().equals(Operand.HwReg.MODE) && field.get().overlaps(0, 1))) {
      return; // the round mode is as before
    }
    long value = s.read(i.operand(1), 0);
    if (field.isEmpty() || value == UNKNOWN || Symbols.isSymbol(value)) {
      s.setF32Round(UNKNOWN);
      return;
    }
    Operand.HwReg f = field.get();
    long written = ((1L << f.size()) - 1) << f.offset();
    // The bits of MODE[1:0] the field leaves keep their value.
    long kept = (written & 3) == 3 ? 0 : s.f32Round();
    s.setF32Round(
        kept == UNKNOWN ? UNKNOWN : (kept & ~written | value << f.offset() & written) & 3);
  }
}

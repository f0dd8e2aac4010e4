package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.LANES;
import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.OperandParser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Data-parallel primitives: a VALU instruction in the DPP encoding ({@code v_mov_b32_dpp v1, v2
 * row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1}) reads its first source from another lane of
 * the same register (CDNA3/CDNA4 ISA reference, "DPP"; LLVM's AMDGPUModifierSyntax names the
 * controls). Each lane's source lane is computed here ({@link #route}); the operation itself is the
 * one of the instruction without the encoding, run on the moved values with only the lanes DPP
 * writes active.
 *
 * <p>A lane is written when it is active, its row (lanes 16r..16r+15) is in {@code row_mask} and
 * its bank (lanes 4b..4b+3 of the row) in {@code bank_mask} (both 0xf when not printed). Its source
 * lane is invalid when out of range or inactive (gfx9 has no {@code fi}: inactive lanes are never
 * fetched); an invalid source gives 0 with {@code bound_ctrl} printed (LLVM prints the set bit as
 * {@code bound_ctrl:1}, older releases as {@code bound_ctrl:0}) and otherwise leaves the lane
 * unwritten. Where the reference does not say what a lane reads ({@code row_bcast:15} in row 0,
 * {@code row_bcast:31} in lanes 0-31) the lane's result is unknown rather than a guess.
 */
final class Dpp {
  private Dpp() {}

  /** A lane that receives 0 (invalid source, {@code bound_ctrl} set). */
  static final int ZERO = -1;

  /** A lane DPP does not write: masked by row or bank, or an invalid source without bound_ctrl. */
  static final int KEPT = -2;

  /** A lane whose result is unknown. */
  static final int UNDEFINED = -3;

  /** The modifiers of the DPP encoding (the controls, the masks, bound_ctrl). */
  private static final Set<String> CONTROLS =
      Set.of(
          "quad_perm",
          "row_shl",
          "row_shr",
          "row_ror",
          "wave_shl",
          "wave_rol",
          "wave_shr",
          "wave_ror",
          "row_mirror",
          "row_half_mirror",
          "row_bcast",
          "row_newbcast",
          "row_mask",
          "bank_mask",
          "bound_ctrl");

  private static final Pattern QUAD = Pattern.compile("\\[([0-3]),([0-3]),([0-3]),([0-3])\\]");

  /**
   * For every lane, where DPP takes its first source from under {@code exec}: a lane index, {@link
   * #ZERO}, {@link #KEPT} or {@link #UNDEFINED}; empty when {@code i} names a control this class
   * does not know (gfx10's {@code row_share}, {@code fi}, a malformed one).
   */
  static Optional<int[]> route(Instruction i, long exec) {
    Optional<Control> control = control(i);
    OptionalLong rowMask = mask(i, "row_mask");
    OptionalLong bankMask = mask(i, "bank_mask");
    if (control.isEmpty() || rowMask.isEmpty() || bankMask.isEmpty()) {
      return Optional.empty();
    }
    boolean boundCtrl = i.hasModifier("bound_ctrl");
    int[] route = new int[LANES];
    for (int lane = 0; lane < LANES; lane++) {
      int row = lane >> 4;
      int bank = (lane & 15) >> 2;
      if (((exec >>> lane) & 1) == 0
          || ((rowMask.getAsLong() >>> row) & 1) == 0
          || ((bankMask.getAsLong() >>> bank) & 1) == 0) {
        route[lane] = KEPT;
        continue;
      }
      int from = control.get().source(lane);
      if (from == UNDEFINED) {
        route[lane] = UNDEFINED;
      } else if (from < 0 || from >= LANES || ((exec >>> from) & 1) == 0) {
        route[lane] = boundCtrl ? ZERO : KEPT;
      } else {
        route[lane] = from;
      }
    }
    return Optional.of(route);
  }

  /** A DPP control: the lane each lane reads, -1 when out of range, or {@link #UNDEFINED}. */
  @FunctionalInterface
  interface Control {
    int source(int lane);
  }

  /** The control {@code i} prints, when it is one of gfx9's (gfx90a+: row_newbcast). */
  static Optional<Control> control(Instruction i) {
    Control found = null;
    int controls = 0;
    for (Map.Entry<String, String> m : i.modifiers().entrySet()) {
      if (!CONTROLS.contains(m.getKey())) {
        return Optional.empty();
      }
      Optional<Control> c = control(m.getKey(), m.getValue());
      if (c.isPresent()) {
        found = c.get();
        controls++;
      }
    }
    return controls == 1 ? Optional.of(found) : Optional.empty();
  }

  private static Optional<Control> control(String name, String value) {
    if (name.equals("quad_perm")) {
      Matcher m = QUAD.matcher(value);
      if (!m.matches()) {
        return Optional.empty();
      }
      int[] sel = new int[4];
      for (int k = 0; k < 4; k++) {
        sel[k] = Integer.parseInt(m.group(k + 1));
      }
      return Optional.of(lane -> (lane & ~3) | sel[lane & 3]);
    }
    if (name.equals("row_mirror") && value.isEmpty()) {
      return Optional.of(lane -> (lane & ~15) | (15 - (lane & 15)));
    }
    if (name.equals("row_half_mirror") && value.isEmpty()) {
      return Optional.of(lane -> (lane & ~7) | (7 - (lane & 7)));
    }
    Optional<Long> parsed = value.isEmpty() ? Optional.empty() : OperandParser.integer(value);
    if (parsed.isEmpty()) {
      return Optional.empty();
    }
    long n = parsed.get();
    return switch (name) {
      // Shifts move data toward lower lanes (shl) or higher ones (shr) within a row of 16.
      case "row_shl" ->
          n >= 1 && n <= 15
              ? Optional.of(lane -> (lane & 15) + n <= 15 ? lane + (int) n : -1)
              : Optional.empty();
      case "row_shr" ->
          n >= 1 && n <= 15
              ? Optional.of(lane -> (lane & 15) - n >= 0 ? lane - (int) n : -1)
              : Optional.empty();
      case "row_ror" ->
          n >= 1 && n <= 15
              ? Optional.of(lane -> (lane & ~15) | (int) (((lane & 15) - n) & 15))
              : Optional.empty();
      case "wave_shl" -> n == 1 ? Optional.of(lane -> lane + 1) : Optional.empty();
      case "wave_shr" -> n == 1 ? Optional.of(lane -> lane - 1) : Optional.empty();
      case "wave_rol" -> n == 1 ? Optional.of(lane -> (lane + 1) & 63) : Optional.empty();
      case "wave_ror" -> n == 1 ? Optional.of(lane -> (lane - 1) & 63) : Optional.empty();
      case "row_bcast" ->
          n == 15
              ? Optional.of(lane -> lane >= 16 ? (lane & ~15) - 1 : UNDEFINED)
              : n == 31 ? Optional.of(lane -> lane >= 32 ? 31 : UNDEFINED) : Optional.empty();
      // gfx90a+: lane n of each row to the whole row.
      case "row_newbcast" ->
          n >= 0 && n <= 15 ? Optional.of(lane -> (lane & ~15) | (int) n) : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** {@code row_mask} or {@code bank_mask}: 0xf when not printed; empty when not 4 bits. */
  private static OptionalLong mask(Instruction i, String name) {
    if (!i.hasModifier(name)) {
      return OptionalLong.of(0xF);
    }
    OptionalLong v = i.integerModifier(name);
    return v.isPresent() && v.getAsLong() >= 0 && v.getAsLong() <= 0xF ? v : OptionalLong.empty();
  }

  /**
   * Executes DPP instruction {@code i} on {@code s}: its first source moved lane by lane into the
   * latch register ({@link WaveState#DPP_LATCH}), then the instruction without the encoding with
   * the latch in its place and EXEC narrowed to the lanes DPP writes. Nothing is done when it
   * cannot be expressed so (empty): EXEC unknown, a control not modelled, a first source other than
   * one VGPR, or an instruction that writes more than one vector register (a carry or compare mask,
   * EXEC); the caller then makes what it defines unknown. Otherwise what the operation did.
   */
  static Optional<Semantics.Effect> execute(
      WaveState s, Instruction i, InstructionInfo info, BaseExecutor base) {
    OptionalLong exec = s.exec();
    if (info.defs() != 1
        || exec.isEmpty()
        || i.operands().size() < 2
        || info.family() != InstructionInfo.Family.VALU
        || info.has(InstructionInfo.Effect.WRITES_VCC)
        || info.has(InstructionInfo.Effect.WRITES_EXEC)
        || info.has(InstructionInfo.Effect.WRITES_SCC)
        || info.has(InstructionInfo.Effect.WRITES_M0)
        || !(i.operand(0) instanceof Operand.Register d
            && d.count() == 1
            && d.file() != Operand.RegisterFile.SGPR)
        || !(i.operand(1) instanceof Operand.Register src
            && src.count() == 1
            && src.file() == Operand.RegisterFile.VGPR)) {
      return Optional.empty();
    }
    Optional<int[]> route = route(i, exec.getAsLong());
    if (route.isEmpty()) {
      return Optional.empty();
    }
    Operand src0 = i.operand(1);
    long written = 0;
    for (int lane = 0; lane < LANES; lane++) {
      int from = route.get()[lane];
      if (from == KEPT) {
        continue;
      }
      written |= 1L << lane;
      long v = from == ZERO ? 0 : from == UNDEFINED ? UNKNOWN : s.read(src0, from);
      s.writeValue(WaveState.LATCH, lane, v);
    }
    List<Operand> operands = new java.util.ArrayList<>(i.operands());
    operands.set(1, WaveState.LATCH);
    Map<String, String> modifiers = new LinkedHashMap<>(i.modifiers());
    modifiers.keySet().removeAll(CONTROLS);
    String mnemonic = i.mnemonic().substring(0, i.mnemonic().length() - "_dpp".length());
    Instruction plain = new Instruction(mnemonic, operands, modifiers, i.location());
    s.setExec(OptionalLong.of(written));
    Semantics.Effect effect = base.execute(s, plain, info);
    s.setExec(exec);
    s.forget(WaveState.LATCH);
    return Optional.of(effect);
  }

  /** Runs an instruction that is not DPP (registers already indexed). */
  @FunctionalInterface
  interface BaseExecutor {
    Semantics.Effect execute(WaveState s, Instruction i, InstructionInfo info);
  }
}

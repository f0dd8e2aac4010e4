package io.pipeverify.isa.semantics;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Effect;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Operand;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a loop of scalar ALU instructions leaves in the registers it writes, when the lift cannot
 * count its passes: each such register holds a function of the values the loop reads, as they are
 * at the branch where the lift stops following it (the rest of the loop runs from there).
 * hipBLASLt's workgroup-mapping loop halves a power of two until it fits ({@code s_lshl_b32 s75,
 * s74, s76; s_cmp_ge_u32 s11, s75; ...; s_lshr_b32 s74, s74, 1}), from arguments alone; made
 * unknown, its result made every later branch on it one decision per wave, which splits the waves
 * of one launch (they all compute the same value) and multiplies the launch classes by two per
 * wave.
 *
 * <p>The term of a register is {@code loop@LINE:REG(inputs)}: the same in every wave that reaches
 * that branch with the same inputs, as the hardware computes the same value from them. It holds
 * only when nothing but those inputs decides the result: every instruction is a scalar ALU
 * operation or a branch, none reads the hardware's state ({@code s_getreg_b32}, clocks) or memory,
 * and every value read is named (known or a symbol); otherwise the loop's writes are unknown as
 * before.
 */
public final class ScalarLoop {
  private ScalarLoop() {}

  /**
   * The scalar ALU instruction that reads the wave's hardware state (its id, its mode), which
   * differs between waves. The clocks are memory instructions, refused with the rest of them.
   */
  private static final String READS_HARDWARE = "s_getreg_b32";

  /**
   * Writes the terms of what the loop {@code body} (its instructions, block by block) leaves into
   * {@code s}, everything else it writes made unknown; false, with {@code s} untouched, when the
   * loop is not of scalar instructions alone or reads a value the lift cannot name.
   */
  public static boolean summarise(WaveState s, List<List<Instruction>> body, int line) {
    Map<String, Operand> inputs = new LinkedHashMap<>();
    Map<String, Operand> outputs = new LinkedHashMap<>();
    boolean readsScc = false;
    boolean writesScc = false;
    for (List<Instruction> block : body) {
      Set<String> written = new HashSet<>();
      for (Instruction i : block) {
        Optional<InstructionInfo> found = InstructionTable.lookup(i);
        if (found.isEmpty() || i.opcode().equals(READS_HARDWARE)) {
          return false;
        }
        InstructionInfo info = found.get();
        Family f = info.family();
        boolean jump = f == Family.BRANCH && i.opcode().matches("s_c?branch.*");
        if (f != Family.SALU && f != Family.NOP && !jump) {
          // A call (s_swappc_b64) runs code outside the loop and writes its return address.
          return false;
        }
        if (info.has(Effect.WRITES_EXEC)
            || info.has(Effect.WRITES_VCC)
            || info.has(Effect.READS_M0)
            || info.has(Effect.WRITES_M0)) {
          // M0 indexes registers (s_movrels_b32): what such an instruction reads or writes is
          // not the register it names.
          return false;
        }
        if (info.has(Effect.READS_VCC)) {
          inputs.putIfAbsent("vcc_lo", Operand.Special.VCC_LO);
          inputs.putIfAbsent("vcc_hi", Operand.Special.VCC_HI);
        }
        if (info.has(Effect.READS_EXEC)) {
          inputs.putIfAbsent("exec_lo", Operand.Special.EXEC_LO);
          inputs.putIfAbsent("exec_hi", Operand.Special.EXEC_HI);
        }
        // A branch's operand is its target.
        int defs = f == Family.BRANCH ? 0 : Math.min(Semantics.defs(found, i), i.operands().size());
        int firstSource = SymbolicAlu.READS_DESTINATION.contains(i.opcode()) ? 0 : defs;
        int sources = f == Family.BRANCH ? 0 : i.operands().size();
        for (int k = firstSource; k < sources; k++) {
          for (Operand w : SymbolicAlu.words(i.operand(k))) {
            if (!named(w)) {
              return false;
            }
            if (!(w instanceof Operand.Immediate) && !written.contains(w.toString())) {
              inputs.putIfAbsent(w.toString(), w);
            }
          }
        }
        // The lift stops a loop at a branch in one of its passes: what follows reads SCC as that
        // pass left it, so SCC is an input wherever the loop reads it.
        readsScc |= info.has(Effect.READS_SCC);
        for (int d = 0; d < defs; d++) {
          for (Operand w : SymbolicAlu.words(i.operand(d))) {
            if (!(w instanceof Operand.Register r) || r.file() != Operand.RegisterFile.SGPR) {
              return false;
            }
            written.add(w.toString());
            outputs.putIfAbsent(w.toString(), w);
          }
        }
        writesScc |= info.has(Effect.WRITES_SCC);
      }
    }
    List<Long> values = new ArrayList<>();
    for (Operand w : inputs.values()) {
      values.add(s.read(w, 0));
    }
    if (readsScc) {
      values.add(s.scc());
    }
    if (values.contains(WaveState.UNKNOWN)) {
      return false;
    }
    long[] in = values.stream().mapToLong(Long::longValue).toArray();
    // Whatever else the loop's instructions write (modes, SCC when no term is made) is unknown, as
    // for any summarised loop; the SGPRs and SCC then get their terms.
    for (List<Instruction> block : body) {
      for (Instruction i : block) {
        Semantics.havoc(s, i);
      }
    }
    Symbols sym = s.symbols();
    for (Map.Entry<String, Operand> out : outputs.entrySet()) {
      s.writeValue(out.getValue(), 0, sym.of("loop@" + line + ":" + out.getKey(), in));
    }
    if (writesScc) {
      s.setSccValue(sym.of("loop@" + line + ":scc", in));
    }
    return true;
  }

  /** Whether a source word is one whose value the state holds: a register or a constant. */
  private static boolean named(Operand w) {
    return w instanceof Operand.Register r && r.file() == Operand.RegisterFile.SGPR
        || w instanceof Operand.Immediate
        || w instanceof Operand.Special sp && !sp.name().equals("scc");
  }
}

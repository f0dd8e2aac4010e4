package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Waitcnt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One wave's registers that a load (a {@code ds_read}, a global or buffer load into VGPRs or AGPRs,
 * a scalar load into SGPRs) wrote and no wait for zero on its counter has retired since, as the
 * wave runs: an instruction reading one (a VALU or SALU operand, an address, a store's data) or
 * writing one (the load could land after it and overwrite its value) is a consumer the verifier
 * must check (P4 for every consumer of an unretired load, semantics.md section 4), and the lift
 * records it as a step.
 *
 * <p>A wait for zero is the only one that retires a given load whatever the order its counter's
 * operations return in, so a consumer after any other wait is still handed to the verifier, which
 * decides with its own counter model. Registers written by any other instruction are no longer the
 * load's.
 */
final class InFlightLoads {
  private static final byte NONE = 0;
  private static final byte VMCNT = 1;
  private static final byte LGKMCNT = 2;

  /**
   * A scalar load: counted on lgkmcnt but out of order, so only lgkmcnt(0) retires it, and a later
   * scalar load of the same register may land first.
   */
  private static final byte SMEM = 3;

  /** Registers per file: VGPRs and AGPRs a wave can name (more than the SGPRs). */
  private static final int PER_FILE = 512;

  /**
   * Per register (VGPRs, AGPRs, then SGPRs), the counter of the load in flight into it, or NONE.
   */
  private byte[] counter = new byte[3 * PER_FILE];

  private int inFlight;

  /**
   * Per register, the memory word a scalar load in flight is to write into it, where the lift knows
   * the address; null otherwise. A second scalar load of the same word into the same register
   * writes the same value, so whichever lands last, the register holds it: no hazard.
   */
  private Word[] words = new Word[3 * PER_FILE];

  /** A dword of memory a scalar load reads: its 64-bit base (two SGPR values) and byte offset. */
  record Word(long baseLo, long baseHi, long offset) {}

  /** Whether no load is in flight: nothing later can read or overwrite what one writes. */
  boolean none() {
    return inFlight == 0;
  }

  InFlightLoads copy() {
    InFlightLoads c = new InFlightLoads();
    c.counter = counter.clone();
    c.words = words.clone();
    c.inFlight = inFlight;
    return c;
  }

  /** The loads in flight after either of two runs: a register in flight in either. */
  InFlightLoads union(InFlightLoads other) {
    InFlightLoads u = copy();
    for (int r = 0; r < counter.length; r++) {
      if (u.counter[r] == NONE && other.counter[r] != NONE) {
        u.counter[r] = other.counter[r];
        u.words[r] = other.words[r];
        u.inFlight++;
      } else if (u.words[r] != null && !u.words[r].equals(other.words[r])) {
        u.words[r] = null;
      }
    }
    return u;
  }

  /**
   * The source registers of {@code i} (its operands from {@code firstSource} on) that a load in
   * flight wrote, each as written in {@code i}; {@code checked} operand indexes are left out (an
   * mfma's A and B, a ds_write's data from a global load: the verifier checks those through their
   * own ops).
   */
  List<Operand.Register> consumed(Instruction i, int firstSource, List<Integer> checked) {
    if (inFlight == 0) {
      return List.of();
    }
    List<Operand.Register> out = new ArrayList<>();
    for (int k = firstSource; k < i.operands().size(); k++) {
      Operand.Register r = register(i.operand(k));
      if (r != null && !checked.contains(k) && anyInFlight(r)) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * The destinations of {@code i} (its first {@code defs} operands) that a load in flight is still
   * to write: that load may land after {@code i} and put its value over {@code i}'s (a register
   * WAW), so it must land before {@code i} issues, as for a reader. A load ({@code load}) on the
   * same counter as the one in flight is none: a counter's loads write their registers in issue
   * order, so the later value stays; scalar loads return in any order, so for them it is one,
   * unless it loads the same memory word ({@code loading}: the words of the scalar load {@code i},
   * one per destination register, null where unknown) into the register.
   */
  List<Operand.Register> overwritten(
      Instruction i, Optional<InstructionInfo> info, int defs, boolean load, List<Word> loading) {
    if (inFlight == 0) {
      return List.of();
    }
    byte on = counterOf(info, load);
    List<Operand.Register> out = new ArrayList<>();
    for (int k = 0; k < defs && k < i.operands().size(); k++) {
      Operand.Register r = register(i.operand(k));
      if (r == null) {
        continue;
      }
      for (int n = r.first(); n <= r.last(); n++) {
        int at = index(r, n);
        boolean sameWord =
            on == SMEM
                && counter[at] == SMEM
                && words[at] != null
                && words[at].equals(wordOf(loading, n - r.first()));
        if (at >= 0 && counter[at] != NONE && (counter[at] != on || on == SMEM) && !sameWord) {
          out.add(r);
          break;
        }
      }
    }
    return out;
  }

  /** The counter a load ({@code load}) counts on, or NONE for any other instruction. */
  private static byte counterOf(Optional<InstructionInfo> info, boolean load) {
    if (!load || info.isEmpty()) {
      return NONE;
    }
    return switch (info.get().family()) {
      case LDS -> LGKMCNT;
      case SMEM -> SMEM;
      default -> VMCNT;
    };
  }

  /** Whether a load in flight wrote a register of {@code r} through a global (VMEM) load. */
  boolean fromGlobalLoad(Operand o) {
    Operand.Register r = register(o);
    if (r == null) {
      return false;
    }
    for (int n = r.first(); n <= r.last(); n++) {
      int at = index(r, n);
      if (at >= 0 && counter[at] == VMCNT) {
        return true;
      }
    }
    return false;
  }

  /**
   * After {@code i} ran: its destinations are its own (a load's: in flight on its counter), and a
   * wait for zero retires every load of that counter.
   */
  void executed(
      Instruction i, Optional<InstructionInfo> info, int defs, boolean load, List<Word> loading) {
    if (i.operands().size() == 1 && i.operand(0) instanceof Waitcnt w) {
      if (w.vmcnt().isPresent() && w.vmcnt().getAsInt() == 0) {
        retire(VMCNT);
      }
      if (w.lgkmcnt().isPresent() && w.lgkmcnt().getAsInt() == 0) {
        retire(LGKMCNT);
        retire(SMEM);
      }
      return;
    }
    byte on = counterOf(info, load);
    for (int k = 0; k < defs && k < i.operands().size(); k++) {
      Operand.Register r = register(i.operand(k));
      if (r != null) {
        set(r, on);
        for (int n = r.first(); n <= r.last(); n++) {
          int at = index(r, n);
          if (at >= 0) {
            words[at] = on == SMEM ? wordOf(loading, n - r.first()) : null;
          }
        }
      }
    }
  }

  private static Word wordOf(List<Word> loading, int d) {
    return loading == null || d >= loading.size() ? null : loading.get(d);
  }

  private void retire(byte which) {
    if (inFlight == 0) {
      return;
    }
    for (int r = 0; r < counter.length; r++) {
      if (counter[r] == which) {
        counter[r] = NONE;
        inFlight--;
      }
    }
  }

  private void set(Operand.Register r, byte on) {
    for (int n = r.first(); n <= r.last(); n++) {
      int at = index(r, n);
      if (at < 0) {
        continue;
      }
      inFlight += (on != NONE ? 1 : 0) - (counter[at] != NONE ? 1 : 0);
      counter[at] = on;
    }
  }

  private boolean anyInFlight(Operand.Register r) {
    for (int n = r.first(); n <= r.last(); n++) {
      int at = index(r, n);
      if (at >= 0 && counter[at] != NONE) {
        return true;
      }
    }
    return false;
  }

  /** A register operand (modifiers such as {@code -v4} or {@code |v4|} looked through). */
  private static Operand.Register register(Operand o) {
    Operand base = o instanceof Operand.Modified m ? m.inner() : o;
    return base instanceof Operand.Register r ? r : null;
  }

  private static int index(Operand.Register r, int n) {
    if (n >= PER_FILE) {
      return -1;
    }
    return r.file().ordinal() * PER_FILE + n;
  }
}

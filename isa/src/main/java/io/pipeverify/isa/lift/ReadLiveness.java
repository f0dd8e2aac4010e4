package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.isa.semantics.WaveState;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Register liveness along one wave's run (issue 36): for each {@code ds_read} the wave executes,
 * whether a later instruction of the run reads one of its destination registers before every one of
 * them is overwritten or the wave ends. Fed every executed instruction, in order, by the wave's
 * walk; a read none of whose registers is read again is <em>dead</em>: its value cannot reach a
 * result (proofs/dead-reads.md).
 *
 * <p>Sound by default: anything it cannot decide is a use. An overwrite ends a register's interest
 * only when it writes the whole register in every lane the read wrote (EXEC known and a superset of
 * the read's), the read has retired by then (a later {@code s_waitcnt lgkmcnt(N)} with at least N
 * LDS instructions issued after it: those retire in order) or the writer is itself a later LDS load
 * of the wave (which lands after it, for the same reason), the writing instruction is not one that
 * keeps part of its destination (a multiply-accumulate into it, a 16-bit, SDWA, DPP or lane write)
 * and the walk is not inside one side of a summarised branch (the other side might not overwrite).
 * VGPR-indexing mode, {@code v_movrel*} and computed jumps read every register.
 */
public final class ReadLiveness {

  /** What the run did with one read's registers, once decided dead. */
  public record Dead(Operand.Register registers, OptionalInt overwrittenAt) {
    /** In words: {@code a[0:7] never read}, {@code v[4:7] overwritten at line 812}. */
    public String why() {
      return registers
          + (overwrittenAt.isPresent()
              ? " overwritten at line " + overwrittenAt.getAsInt()
              : " never read");
    }
  }

  /** A read not yet decided: the registers of its destination that may still be read. */
  private static final class Pending {
    final Step step;
    final Operand.Register registers;
    final BitSet open = new BitSet();
    final long dsIndex;
    final OptionalLong exec;
    boolean retired;
    boolean used;
    OptionalInt overwrittenAt = OptionalInt.empty();

    Pending(Step step, Operand.Register registers, long dsIndex, OptionalLong exec) {
      this.step = step;
      this.registers = registers;
      this.dsIndex = dsIndex;
      this.exec = exec;
      open.set(registers.first(), registers.last() + 1);
    }

    /** Whether some register of {@code r} may still carry this read's value. */
    boolean holdsAny(Operand.Register r) {
      int next = open.nextSetBit(r.first());
      return !used && registers.file() == r.file() && next >= 0 && next <= r.last();
    }

    Pending copy() {
      Pending p = new Pending(step, registers, dsIndex, exec);
      p.open.clear();
      p.open.or(open);
      p.retired = retired;
      p.used = used;
      p.overwrittenAt = overwrittenAt;
      return p;
    }
  }

  /** The reads neither used nor wholly overwritten yet: the ones an instruction can decide. */
  private final List<Pending> undecided = new ArrayList<>();

  /**
   * Per register file, every register some undecided read may still hold (a superset: rebuilt when
   * reads are decided): an operand outside it is not looked up read by read, which most are.
   */
  private final BitSet[] mayHold = newFiles();

  /** The reads wholly overwritten unread: dead whatever comes later. */
  private final List<Pending> overwritten = new ArrayList<>();

  /** LDS instructions issued so far: a read's index among them decides when a wait retires it. */
  private long dsIssued;

  ReadLiveness copy() {
    ReadLiveness c = new ReadLiveness();
    undecided.forEach(p -> c.undecided.add(p.copy()));
    for (int f = 0; f < mayHold.length; f++) {
      c.mayHold[f].or(mayHold[f]);
    }
    c.overwritten.addAll(overwritten); // decided: never changed again
    c.dsIssued = dsIssued;
    return c;
  }

  /**
   * Instruction {@code i} ran in state {@code before} (the state it read); {@code read} is its step
   * when it is a {@code ds_read} the lift records, else null. {@code summarising}: the walk is in
   * one side of a branch it summarises, so nothing it writes is an overwrite.
   */
  void executed(
      Instruction i,
      Optional<InstructionInfo> info,
      WaveState before,
      Step read,
      boolean summarising) {
    // Most instructions run with no read undecided: nothing to look up.
    if (!undecided.isEmpty()) {
      decide(i, info, before, summarising);
    }
    boolean wait = info.isPresent() && info.get().family() == Family.WAITCNT;
    if (wait && !i.operands().isEmpty() && i.operand(0) instanceof Waitcnt w) {
      w.lgkmcnt().ifPresent(this::retire);
    }
    if (read != null && i.operand(0) instanceof Operand.Register r && tracked(r)) {
      Pending p = new Pending(read, r, dsIssued, before.exec());
      undecided.add(p);
      mayHold[r.file().ordinal()].set(r.first(), r.last() + 1);
    }
    if (info.isPresent() && info.get().family() == Family.LDS) {
      dsIssued++;
    }
  }

  /** What instruction {@code i} decides of the undecided reads: uses, then overwrites. */
  private void decide(
      Instruction i, Optional<InstructionInfo> info, WaveState before, boolean summarising) {
    if (readsEveryRegister(i, info, before)) {
      undecided.forEach(p -> p.used = true);
    } else {
      int defs = info.map(InstructionInfo::defs).orElse(0);
      boolean keepsPart = info.isEmpty() || keepsPartOfDestination(i);
      for (int k = 0; k < i.operands().size(); k++) {
        if (k >= defs || keepsPart) {
          use(i.operand(k));
        }
      }
      if (!summarising && !keepsPart) {
        // A later LDS load of the wave lands after every read before it (LDS returns in order):
        // its overwrite needs no wait.
        boolean inOrder = info.isPresent() && info.get().family() == Family.LDS;
        for (int k = 0; k < defs && k < i.operands().size(); k++) {
          overwrite(i.operand(k), before.exec(), i.location().line(), inOrder);
        }
      }
    }
    for (Pending p : undecided) {
      if (!p.used && p.open.isEmpty()) {
        overwritten.add(p);
      }
    }
    removeDecided(p -> p.used || p.open.isEmpty());
  }

  private void removeDecided(java.util.function.Predicate<Pending> decided) {
    if (undecided.removeIf(decided)) {
      for (BitSet b : mayHold) {
        b.clear();
      }
      for (Pending p : undecided) {
        mayHold[p.registers.file().ordinal()].or(p.open);
      }
    }
  }

  private static BitSet[] newFiles() {
    BitSet[] out = new BitSet[Operand.RegisterFile.values().length];
    for (int f = 0; f < out.length; f++) {
      out[f] = new BitSet();
    }
    return out;
  }

  /** Whether some undecided read may hold a register of {@code r}. */
  private boolean mayBeHeld(Operand.Register r) {
    int next = mayHold[r.file().ordinal()].nextSetBit(r.first());
    return next >= 0 && next <= r.last();
  }

  /** Whether no read is undecided: nothing a later instruction does can change {@link #dead}. */
  boolean settled() {
    return undecided.isEmpty();
  }

  /** A later pass of a summarised loop may run any of its instructions: their operands are read. */
  void mayRun(Instruction i) {
    for (Operand o : i.operands()) {
      use(o);
    }
    removeDecided(p -> p.used);
  }

  /** The reads of the run that are dead, by step (identity): the wave has ended. */
  Map<Step, Dead> dead() {
    Map<Step, Dead> out = new IdentityHashMap<>();
    for (Pending p : overwritten) {
      out.put(p.step, new Dead(p.registers, p.overwrittenAt));
    }
    for (Pending p : undecided) {
      out.put(p.step, new Dead(p.registers, p.overwrittenAt));
    }
    return out;
  }

  private void use(Operand o) {
    Operand base = o instanceof Operand.Modified m ? m.inner() : o;
    if (!(base instanceof Operand.Register r) || !tracked(r) || !mayBeHeld(r)) {
      return;
    }
    for (Pending p : undecided) {
      if (p.holdsAny(r)) {
        p.used = true;
      }
    }
  }

  private void overwrite(Operand o, OptionalLong exec, int line, boolean inOrder) {
    if (!(o instanceof Operand.Register r) || !tracked(r) || !mayBeHeld(r)) {
      return;
    }
    for (Pending p : undecided) {
      if ((p.retired || inOrder) && covers(exec, p.exec) && p.holdsAny(r)) {
        p.open.clear(r.first(), r.last() + 1);
        p.overwrittenAt = OptionalInt.of(line);
      }
    }
  }

  /** {@code s_waitcnt lgkmcnt(n)}: every read with n or more LDS instructions after it retires. */
  private void retire(int n) {
    for (Pending p : undecided) {
      if (!p.retired && dsIssued - p.dsIndex - 1 >= n) {
        p.retired = true;
      }
    }
  }

  /** Whether a write under EXEC {@code by} reaches every lane the read wrote under {@code read}. */
  private static boolean covers(OptionalLong by, OptionalLong read) {
    if (by.isEmpty()) {
      return false;
    }
    if (by.getAsLong() == -1L) {
      return true;
    }
    return read.isPresent() && (read.getAsLong() & ~by.getAsLong()) == 0;
  }

  private static boolean tracked(Operand.Register r) {
    return r.file() != Operand.RegisterFile.SGPR;
  }

  /**
   * Instructions whose registers the operands do not name: a VALU instruction in VGPR-indexing
   * mode, {@code v_movrel*}, a computed jump or call (the lift stops at those anyway).
   */
  private static boolean readsEveryRegister(
      Instruction i, Optional<InstructionInfo> info, WaveState before) {
    String op = i.opcode();
    boolean vector =
        info.map(x -> x.family() == Family.VALU || x.family() == Family.MFMA)
            .orElse(op.startsWith("v_"));
    return (vector && before.gprIdx() != 0)
        || op.startsWith("v_movrel")
        || op.startsWith("s_setpc")
        || op.startsWith("s_swappc")
        || op.startsWith("s_call");
  }

  /** {@code v_dot2c_f32_f16} and the like: they add into their destination. */
  private static final java.util.regex.Pattern DOT_ACCUMULATE =
      java.util.regex.Pattern.compile("v_dot\\d+c_.*");

  /**
   * Instructions that keep part of their destination, or read it: its old value may survive them.
   */
  private static boolean keepsPartOfDestination(Instruction i) {
    String op = i.opcode();
    return op.contains("mac_")
        || op.contains("fmac")
        || (op.startsWith("v_dot") && DOT_ACCUMULATE.matcher(op).matches())
        || op.contains("16")
        || op.contains("writelane")
        || i.mnemonic().endsWith("_sdwa")
        || i.mnemonic().endsWith("_dpp")
        || i.hasModifier("dst_sel")
        || i.hasModifier("op_sel");
  }
}

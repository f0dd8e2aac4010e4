package io.pipeverify.isa.decode;

import java.util.Objects;
import java.util.Set;

/**
 * What the table knows about an instruction: its family, how many leading operands it writes, the
 * counters it increments and the machine state it reads or writes beyond its operands.
 */
public record InstructionInfo(Family family, int defs, Set<Counter> counters, Set<Effect> effects) {

  /** The kind of instruction, as analyses group them. */
  public enum Family {
    SALU,
    VALU,
    SMEM,
    VMEM,
    FLAT,
    LDS,
    LDS_DMA,
    MFMA,
    BRANCH,
    END,
    WAITCNT,
    BARRIER,
    SETPRIO,
    NOP
  }

  /** The gfx9 wait counters. */
  public enum Counter {
    VMCNT,
    LGKMCNT,
    EXPCNT
  }

  /** State touched beyond the printed operands. */
  public enum Effect {
    READS_LDS,
    WRITES_LDS,
    READS_M0,
    WRITES_M0,
    READS_SCC,
    WRITES_SCC,
    READS_VCC,
    WRITES_VCC,
    READS_EXEC,
    WRITES_EXEC,
    /** The MODE register (s_setreg): the f32 round mode the float semantics follow. */
    WRITES_MODE,
    CONTROL_FLOW
  }

  public InstructionInfo {
    Objects.requireNonNull(family);
    counters = Set.copyOf(counters);
    effects = Set.copyOf(effects);
    if (defs < 0) {
      throw new IllegalArgumentException("defs < 0");
    }
  }

  public boolean has(Effect e) {
    return effects.contains(e);
  }

  public boolean touchesLds() {
    return has(Effect.READS_LDS) || has(Effect.WRITES_LDS);
  }
}

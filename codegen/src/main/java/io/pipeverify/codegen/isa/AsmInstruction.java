package io.pipeverify.codegen.isa;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One instruction of the loop that the ISA check tracks, with its 1-based line in the {@code .s}
 * file. {@code value} is the mask of a sched_barrier or the priority of an s_setprio.
 */
public record AsmInstruction(
    int line, Kind kind, String text, OptionalInt vmcnt, OptionalInt lgkmcnt, long value) {

  /** What the instruction is for the schedule. */
  public enum Kind {
    /** {@code buffer_load_dword* ... lds}: a g2s. */
    G2S,
    /** {@code ds_read*}. */
    DS_READ,
    /** {@code v_mfma*}. */
    MFMA,
    /** {@code s_waitcnt} with vmcnt and/or lgkmcnt. */
    WAIT,
    /** {@code s_barrier}. */
    BARRIER,
    /** The {@code ; sched_barrier mask(...)} comment clang prints for the pseudo instruction. */
    SCHED_BARRIER,
    /** {@code s_setprio}. */
    SETPRIO,
    /** Another vector-memory instruction: it counts on vmcnt but has no op in the schedule. */
    OTHER_VMEM,
    /** Another LDS / scalar-memory instruction: it counts on lgkmcnt without an op. */
    OTHER_LGKM
  }

  public AsmInstruction {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(text);
    Objects.requireNonNull(vmcnt);
    Objects.requireNonNull(lgkmcnt);
  }
}

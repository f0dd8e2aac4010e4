package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.Operand;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One executed instruction that the schedule lift turns into an op: an LDS access or LDS-DMA copy
 * (with its evaluated bytes: two accesses for {@code ds_read2*} and {@code ds_write2*}), another
 * counted memory instruction (it changes what a wait's count means), a scalar load, a wait, a
 * barrier, an MFMA, the end, a read of loaded registers ({@code consumed}); with the loop iteration
 * it ran in (-1 before the loop, -2 after it).
 */
public record Step(
    Instruction instruction,
    int iteration,
    Kind kind,
    List<LdsAccess> lds,
    List<Operand.Register> consumed) {

  /** What the step is to the lift. */
  public enum Kind {
    COPY,
    READ,
    WRITE,
    /** A global or buffer load or store into registers: counted on vmcnt. */
    VMEM,
    /**
     * A scalar memory instruction that returns nothing, or an LDS instruction that touches no LDS
     * bytes: lgkmcnt.
     */
    LGKM,
    /**
     * A scalar memory instruction that returns a value into SGPRs ({@code s_load_dword*}, {@code
     * s_memtime}): lgkmcnt, out of order with the rest, so only lgkmcnt(0) retires it.
     */
    SLOAD,
    /**
     * {@code ds_swizzle_b32}, {@code ds_permute_b32}, {@code ds_bpermute_b32}: the lanes exchange a
     * register through the LDS unit, touching no LDS byte: lgkmcnt, in order with the wave's other
     * DS instructions.
     */
    PERMUTE,
    WAIT,
    BARRIER,
    MFMA,
    END,
    /**
     * An instruction that reads registers of loads in flight ({@code consumed}): a VALU operand, an
     * address, a store's data (InFlightLoads); recorded before the instruction's own step.
     */
    CONSUME
  }

  public Step {
    Objects.requireNonNull(instruction);
    Objects.requireNonNull(kind);
    lds = List.copyOf(lds);
    consumed = List.copyOf(consumed);
  }

  /**
   * Whether an executed instruction of kind {@code kind} is a load into registers whose consumers
   * P4 checks: a ds_read, a global or buffer load, a scalar load, a lane permute.
   */
  static boolean loads(Kind kind, Instruction i) {
    return switch (kind) {
      case READ, SLOAD, PERMUTE -> true;
      case VMEM -> i.opcode().contains("load");
      default -> false;
    };
  }

  /** The kind of an executed instruction, or empty for one that orders nothing. */
  static Optional<Kind> kindOf(InstructionInfo info, List<LdsAccess> lds) {
    if (!lds.isEmpty()) {
      return Optional.of(
          switch (lds.get(0).kind()) {
            case DMA_WRITE -> Kind.COPY;
            case READ -> Kind.READ;
            case WRITE -> Kind.WRITE;
          });
    }
    Family f = info.family();
    if (f == Family.VMEM || f == Family.FLAT) {
      return Optional.of(Kind.VMEM);
    }
    if (f == Family.SMEM && info.defs() > 0) {
      return Optional.of(Kind.SLOAD);
    }
    if (f == Family.LDS && info.defs() > 0) {
      return Optional.of(Kind.PERMUTE);
    }
    if (f == Family.SMEM || f == Family.LDS) {
      return Optional.of(Kind.LGKM);
    }
    return switch (f) {
      case WAITCNT -> Optional.of(Kind.WAIT);
      case BARRIER -> Optional.of(Kind.BARRIER);
      case MFMA -> Optional.of(Kind.MFMA);
      case END -> Optional.of(Kind.END);
      default -> Optional.empty();
    };
  }
}

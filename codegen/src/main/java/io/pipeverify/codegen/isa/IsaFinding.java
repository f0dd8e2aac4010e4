package io.pipeverify.codegen.isa;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One difference between the compiled loop and the schedule: its kind, the sched_barrier region (-1
 * for the whole loop), the line of the {@code .s} file (0 when none), a sentence, and for an
 * inserted wait its counter value ({@code 0}: a drain).
 */
public record IsaFinding(Kind kind, int region, int line, String message, OptionalInt count) {

  /** The kinds of difference; {@link #deviation} says which ones change the schedule. */
  public enum Kind {
    NO_LOOP(true),
    REGION_MISMATCH(true),
    COUNT_MISMATCH(true),
    UNTRACKED_INSTRUCTION(true),
    /** A vmcnt wait the schedule does not have (seed note 003: kills the copy / read overlap). */
    INSERTED_VMCNT(true),
    /** An lgkmcnt wait the schedule does not have: LLVM's wait before a register use. */
    INSERTED_LGKMCNT(false),
    MISSING_WAIT(true),
    MOVED_WAIT(true),
    ORDER_CHANGE(true);

    private final boolean deviation;

    Kind(boolean deviation) {
      this.deviation = deviation;
    }

    /**
     * Whether the compiled loop differs from the schedule in a way the schedule did not state.
     * Inserted lgkmcnt waits are the implicit waits the {@code llvm} model already assumes.
     */
    public boolean deviation() {
      return deviation;
    }

    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  public IsaFinding {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(message);
    Objects.requireNonNull(count);
  }

  public IsaFinding(Kind kind, int region, int line, String message) {
    this(kind, region, line, message, OptionalInt.empty());
  }
}

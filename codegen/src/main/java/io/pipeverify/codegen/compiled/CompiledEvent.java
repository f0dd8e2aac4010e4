package io.pipeverify.codegen.compiled;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One difference between the emitted schedule's loop and the loop clang compiled, found by {@link
 * LoopComparison}: its kind, the assembly line it is at ({@code where}, e.g. {@code kernel.s:287};
 * "" when there is none), the stage of the schedule it falls in (e.g. {@code cdna4-interleave loop
 * stage 3, k % 2 == 1}), for a wait its counter and value, and the sentence that says it. {@code
 * deviation}: whether it changes the schedule; a wait before a register use the llvm implicit-wait
 * model assumes does not.
 */
public record CompiledEvent(
    Kind kind,
    String where,
    String stage,
    String counter,
    OptionalInt value,
    String text,
    boolean deviation) {

  /** What the compiler did. */
  public enum Kind {
    INSERTED_WAIT,
    WEAKENED_WAIT,
    STRENGTHENED_WAIT,
    DROPPED_WAIT,
    MOVED_ACROSS_BARRIER,
    REORDERED,
    ADDED_OPS,
    DROPPED_OPS;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public CompiledEvent {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(where);
    Objects.requireNonNull(stage);
    Objects.requireNonNull(counter);
    Objects.requireNonNull(value);
    Objects.requireNonNull(text);
  }
}

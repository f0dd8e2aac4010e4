package io.pipeverify.verifier.relax;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of a relaxation table: a wait or barrier of the schedule as given, its section, where it
 * came from, and what the relaxed schedule has in its place (nothing when it was removed).
 */
public record RelaxedOp(
    String place, Section section, String origin, Op before, Optional<Op> after) {

  public RelaxedOp {
    Objects.requireNonNull(place);
    Objects.requireNonNull(section);
    Objects.requireNonNull(origin);
    Objects.requireNonNull(before);
    Objects.requireNonNull(after);
  }

  /** Whether the relaxed schedule has the op unchanged. */
  public boolean kept() {
    return after.isPresent() && after.get().equals(before);
  }

  /** {@code removed}, {@code kept} or the relaxed op, e.g. {@code s_waitcnt vmcnt(0)}. */
  public String outcome() {
    if (after.isEmpty()) {
      return "removed";
    }
    return kept() ? "kept" : text(after.get());
  }

  /** The op as in assembler: {@code s_barrier}, {@code s_waitcnt vmcnt(0) lgkmcnt(0)}. */
  public static String text(Op op) {
    if (op instanceof Op.Wait w) {
      return "s_waitcnt " + w.counters();
    }
    if (op instanceof Op.Barrier) {
      return "s_barrier";
    }
    throw new IllegalArgumentException("not a wait or barrier: " + op.kind());
  }
}

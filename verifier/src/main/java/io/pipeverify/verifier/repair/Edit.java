package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One change to a schedule's IR: insert {@code op} before position {@code index} of a section of
 * program {@code program}, replace the op there, or remove it ({@code op} is then the op removed).
 * {@code description} says it in the schedule's own terms ("in loop stage 3, before the s_barrier,
 * insert s_waitcnt lgkmcnt(0)").
 */
public record Edit(Kind kind, int program, Section section, int index, Op op, String description) {

  /** The repairs of the issue, weakest first. */
  public enum Kind {
    /** Lower the N of an existing s_waitcnt on the counter. */
    STRENGTHEN_WAIT("strengthen an s_waitcnt"),
    /** Insert an s_waitcnt (N > 0, or 0 not directly before a barrier). */
    INSERT_WAIT("insert an s_waitcnt"),
    /** Insert a counter-0 s_waitcnt directly before an s_barrier. */
    DRAIN_BEFORE_BARRIER("drain a counter before a barrier"),
    /** Take a ds_read, copy or wait out of its place (the first half of a move). */
    MOVE_FROM("move an op: take it out"),
    /** Put the op a {@link #MOVE_FROM} took out back at another place of its section. */
    MOVE_TO("move an op: put it back"),
    /** Insert an s_barrier. */
    INSERT_BARRIER("add a barrier");

    private final String title;

    Kind(String title) {
      this.title = title;
    }

    public String title() {
      return title;
    }

    public boolean replaces() {
      return this == STRENGTHEN_WAIT;
    }

    public boolean removes() {
      return this == MOVE_FROM;
    }
  }

  public Edit {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(section);
    Objects.requireNonNull(op);
    Objects.requireNonNull(description);
  }

  /** An edited copy of {@code s}; ops are immutable, so only the touched lists are rebuilt. */
  public Schedule applyTo(Schedule s) {
    List<WaveProgram> programs = new ArrayList<>(s.programs());
    WaveProgram p = programs.get(program);
    List<Op> ops = new ArrayList<>(p.section(section));
    if (kind.replaces()) {
      ops.set(index, op);
    } else if (kind.removes()) {
      ops.remove(index);
    } else {
      ops.add(index, op);
    }
    programs.set(
        program,
        new WaveProgram(
            p.role(),
            p.waves(),
            section == Section.PROLOGUE ? ops : p.prologue(),
            section == Section.LOOP ? ops : p.loop(),
            section == Section.EPILOGUE ? ops : p.epilogue()));
    return s.withPrograms(programs);
  }

  /** Applies edits in order; indices of later edits refer to the schedule the earlier ones made. */
  public static Schedule applyAll(Schedule s, List<Edit> edits) {
    Schedule out = s;
    for (Edit e : edits) {
      out = e.applyTo(out);
    }
    return out;
  }
}

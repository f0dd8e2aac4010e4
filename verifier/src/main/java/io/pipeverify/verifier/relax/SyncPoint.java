package io.pipeverify.verifier.relax;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A wait or barrier of a schedule, by its place in the schedule as given: op {@code index} of
 * {@code section} of program {@code program}. Places stay those of the original schedule while ops
 * around them are removed, so a table can name every op as the author wrote it.
 */
public record SyncPoint(int program, Section section, int index) {

  public SyncPoint {
    Objects.requireNonNull(section);
  }

  /**
   * The waits and barriers of {@code s} in relaxation order (docs/relax.md): each program's loop
   * first (its ops run T times), then its prologue, then its epilogue; program order within a
   * section.
   */
  public static List<SyncPoint> of(Schedule s) {
    List<SyncPoint> out = new ArrayList<>();
    for (int p = 0; p < s.programs().size(); p++) {
      WaveProgram program = s.programs().get(p);
      for (Section section : List.of(Section.LOOP, Section.PROLOGUE, Section.EPILOGUE)) {
        List<Op> ops = program.section(section);
        for (int i = 0; i < ops.size(); i++) {
          if (ops.get(i) instanceof Op.Wait || ops.get(i) instanceof Op.Barrier) {
            out.add(new SyncPoint(p, section, i));
          }
        }
      }
    }
    return out;
  }

  /** The op at this place in {@code s}. */
  public Op op(Schedule s) {
    return s.programs().get(program).section(section).get(index);
  }

  /** {@code loop #9}, with the role when the schedule has several: {@code role 'ping' loop #9}. */
  public String describe(Schedule s) {
    String at = section.id() + " #" + index;
    return s.programs().size() > 1 ? "role '" + s.programs().get(program).role() + "' " + at : at;
  }
}

package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.relax.RelaxedOp;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One single mutation of a schedule's synchronisation: a wait or barrier (by program, section and
 * index) dropped, weakened or moved one op earlier or later within its section, and the mutated
 * schedule.
 */
public record Mutation(
    int program, Section section, int index, Op op, String change, Schedule mutant) {

  public Mutation {
    Objects.requireNonNull(section);
    Objects.requireNonNull(op);
    Objects.requireNonNull(change);
    Objects.requireNonNull(mutant);
  }

  /**
   * Every single mutation of {@code s}, waits and barriers in program order (programs, then
   * prologue, loop, epilogue): drop it; for a wait, raise each counter by one and drop one of two
   * counters; move it one op earlier and one op later.
   */
  public static List<Mutation> of(Schedule s) {
    List<Mutation> out = new ArrayList<>();
    for (int p = 0; p < s.programs().size(); p++) {
      for (Section section : Section.values()) {
        List<Op> ops = s.programs().get(p).section(section);
        for (int i = 0; i < ops.size(); i++) {
          Op op = ops.get(i);
          if (!(op instanceof Op.Wait) && !(op instanceof Op.Barrier)) {
            continue;
          }
          List<Op> dropped = new ArrayList<>(ops);
          dropped.remove(i);
          out.add(new Mutation(p, section, i, op, "drop", with(s, p, section, dropped)));
          if (op instanceof Op.Wait w) {
            for (Counter c : Counter.values()) {
              OptionalInt n = c.of(w);
              if (n.isEmpty()) {
                continue;
              }
              if (n.getAsInt() < c.max()) {
                Op.Wait weaker =
                    new Op.Wait(
                        c == Counter.VMCNT ? OptionalInt.of(n.getAsInt() + 1) : w.vmcnt(),
                        c == Counter.LGKMCNT ? OptionalInt.of(n.getAsInt() + 1) : w.lgkmcnt(),
                        w.origin());
                out.add(
                    replaced(s, p, section, i, op, weaker, "weaken to " + RelaxedOp.text(weaker)));
              }
              if (w.vmcnt().isPresent() && w.lgkmcnt().isPresent()) {
                Op.Wait one =
                    new Op.Wait(
                        c == Counter.VMCNT ? OptionalInt.empty() : w.vmcnt(),
                        c == Counter.LGKMCNT ? OptionalInt.empty() : w.lgkmcnt(),
                        w.origin());
                out.add(replaced(s, p, section, i, op, one, "weaken to " + RelaxedOp.text(one)));
              }
            }
          }
          if (i > 0) {
            out.add(moved(s, p, section, i, i - 1, "move one op earlier"));
          }
          if (i + 1 < ops.size()) {
            out.add(moved(s, p, section, i, i + 1, "move one op later"));
          }
        }
      }
    }
    return out;
  }

  /** {@code loop #9}, with the role when the schedule has several. */
  public String place(Schedule s) {
    String at = section.id() + " #" + index;
    return s.programs().size() > 1 ? "role '" + s.programs().get(program).role() + "' " + at : at;
  }

  private static Mutation replaced(
      Schedule s, int p, Section section, int i, Op op, Op with, String change) {
    List<Op> ops = new ArrayList<>(s.programs().get(p).section(section));
    ops.set(i, with);
    return new Mutation(p, section, i, op, change, with(s, p, section, ops));
  }

  private static Mutation moved(Schedule s, int p, Section section, int i, int j, String change) {
    List<Op> ops = new ArrayList<>(s.programs().get(p).section(section));
    Op op = ops.get(i);
    ops.set(i, ops.get(j));
    ops.set(j, op);
    return new Mutation(p, section, i, op, change, with(s, p, section, ops));
  }

  private static Schedule with(Schedule s, int p, Section section, List<Op> ops) {
    List<WaveProgram> programs = new ArrayList<>(s.programs());
    WaveProgram w = programs.get(p);
    programs.set(
        p,
        new WaveProgram(
            w.role(),
            w.waves(),
            section == Section.PROLOGUE ? ops : w.prologue(),
            section == Section.LOOP ? ops : w.loop(),
            section == Section.EPILOGUE ? ops : w.epilogue()));
    return s.withPrograms(programs);
  }
}

package io.pipeverify.verifier.check;

import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.Instance;
import java.util.List;

/**
 * The shape of a lemma's path (proofs/certificate.md, "Lemma shapes"): the same steps through the
 * same instructions, with loop iterations counted from the path's first loop event. An instruction
 * is its role and position in the role's program, or for a schedule lifted from assembly its line
 * and position (the lift makes one role per wave, and the waves run the same lines). Two lemmas of
 * one shape are one argument shifted by whole iterations or moved to another wave running the same
 * code, so Z3 proves one of them: each trip count, and each wave, otherwise asked Z3 about the same
 * chains again.
 */
final class LemmaShapes {
  private final List<Event> events;

  /** By wave number: the index of the wave's program (role) in the schedule. */
  private final int[] role;

  LemmaShapes(HappensBefore hb) {
    this.events = hb.events();
    Schedule schedule = hb.execution().schedule();
    role = new int[schedule.waves()];
    for (int w = 0; w < role.length; w++) {
      role[w] = schedule.programIndexOf(w);
    }
  }

  /** The shape of the path through {@code path[from..to]}. */
  String of(int[] path, int from, int to) {
    int base = -1;
    StringBuilder shape = new StringBuilder();
    for (int i = from; i <= to; i++) {
      if (events.get(path[i]) instanceof Event.OpEvent o) {
        Instance inst = o.instance();
        if (inst.op().origin() instanceof Origin.InAssembly line) {
          shape.append('L').append(line.line());
        } else {
          shape.append('r').append(role[inst.wave()]);
        }
        shape.append(inst.section().id().charAt(0));
        shape.append(inst.position()).append(inst.implicit() ? "i" : "");
        shape.append(o.kind().name().charAt(0));
        if (inst.section() == Section.LOOP) {
          if (base < 0) {
            base = inst.iteration();
          }
          shape.append('@').append(inst.iteration() - base);
        }
      } else {
        shape.append('B');
      }
      shape.append(' ');
    }
    return shape.toString();
  }
}

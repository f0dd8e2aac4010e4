package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import java.util.List;
import java.util.OptionalInt;

/**
 * The same place of a kernel in each of its wave roles. A kernel transcribed as several roles (one
 * per wave group and parity, say) repeats one program with other constants, so a repair is one edit
 * of the kernel, made in every role: "before the 3rd s_barrier of the loop" is a place of every
 * role that has one (issue 12).
 *
 * <p>A site is the section, the op's signature (what it does, without the constants a role changes:
 * {@code s_barrier}, {@code s_waitcnt vmcnt(6)}, {@code ds_read B}), the transform stage when a
 * transform made it, and its ordinal among the section's ops with that stage and signature. File
 * origins are left out: they name the role's own JSON pointer. The end of a section is a site of
 * its own, so an op can be appended in every role.
 */
final class RoleSites {
  /** A place in a section, comparable across roles. */
  record Site(Section section, String stage, String signature, int ordinal) {}

  private static final String END = "<end>";

  private final Schedule schedule;

  RoleSites(Schedule schedule) {
    this.schedule = schedule;
  }

  /** The site of op {@code index} of a section ({@code index == size}: the section's end). */
  Site siteOf(int program, Section section, int index) {
    List<Op> ops = schedule.programs().get(program).section(section);
    if (index == ops.size()) {
      return new Site(section, "", END, 0);
    }
    Op op = ops.get(index);
    String stage = stage(op);
    String signature = signature(op);
    int ordinal = 0;
    for (int i = 0; i < index; i++) {
      if (stage(ops.get(i)).equals(stage) && signature(ops.get(i)).equals(signature)) {
        ordinal++;
      }
    }
    return new Site(section, stage, signature, ordinal);
  }

  /** The index of {@code site} in {@code program}, if the role has that place. */
  OptionalInt indexOf(int program, Site site) {
    List<Op> ops = schedule.programs().get(program).section(site.section());
    if (site.signature().equals(END)) {
      return OptionalInt.of(ops.size());
    }
    int seen = 0;
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i);
      if (stage(op).equals(site.stage())
          && signature(op).equals(site.signature())
          && seen++ == site.ordinal()) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  private static String stage(Op op) {
    return op.origin() instanceof Origin.FromTransform t ? t.stage() : "";
  }

  /** What the op does, without the per-role constants (rows, slots, k-chunks). */
  static String signature(Op op) {
    if (op instanceof Op.Wait w) {
      return "s_waitcnt " + w.counters();
    }
    if (op instanceof Op.Barrier) {
      return "s_barrier";
    }
    if (op instanceof Op.LdsAccess a) {
      return op.kind() + " " + a.buffer();
    }
    return op.kind();
  }
}

package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One change of a repair at a place of the unchanged schedule: insert {@code op} before op {@code
 * index} of a section of program {@code program}, replace the op there, or take it out. Changes of
 * several candidates are placed independently; {@link #edits} turns them into {@link Edit}s, whose
 * indices refer to the schedule the edits before them made.
 */
record Placed(int program, Section section, int index, Edit.Kind kind, Op op, String description) {

  Placed {
    Objects.requireNonNull(section);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(op);
    Objects.requireNonNull(description);
  }

  /** What the change does, without its words: two candidates making the same changes are one. */
  record Key(int program, Section section, int index, Edit.Kind kind, Op op) {}

  Key key() {
    return new Key(program, section, index, kind, op);
  }

  /** Where two changes touch the same op of the unchanged schedule (replace or take out). */
  record Target(int program, Section section, int index) {}

  Target target() {
    return new Target(program, section, index);
  }

  /** Whether the change replaces or takes out the op at its place. */
  boolean touches() {
    return kind.replaces() || kind.removes();
  }

  /**
   * The edits of each group of changes, applied group after group: group i's indices are shifted by
   * the ops inserted and taken out before them by the groups before it and by the changes of group
   * i at smaller places (at the same place, the earlier change first). Two strengthened waits at
   * one op make one wait with the smaller value of each counter.
   */
  static List<List<Edit>> edits(List<List<Placed>> groups) {
    List<Placed> done = new ArrayList<>();
    Map<Target, Op.Wait> replaced = new HashMap<>();
    List<List<Edit>> out = new ArrayList<>();
    for (List<Placed> group : groups) {
      List<Placed> order = new ArrayList<>(group);
      // A stable sort: a move's halves and a drain's wait and barrier keep their order at a place.
      order.sort(
          Comparator.comparingInt(Placed::program)
              .thenComparing(Placed::section)
              .thenComparingInt(Placed::index));
      List<Edit> edits = new ArrayList<>();
      for (Placed p : order) {
        Op op = p.op();
        if (p.kind().replaces() && op instanceof Op.Wait want) {
          Op.Wait merged = replaced.merge(p.target(), want, Placed::stronger);
          op = merged;
        }
        edits.add(
            new Edit(p.kind(), p.program(), p.section(), shifted(done, p), op, p.description()));
        done.add(p);
      }
      out.add(edits);
    }
    return out;
  }

  /** All the changes' edits as one list. */
  static List<Edit> editsOf(List<Placed> placed) {
    return edits(List.of(placed)).get(0);
  }

  /** The index of {@code p} in the schedule the changes {@code done} made. */
  private static int shifted(List<Placed> done, Placed p) {
    int index = p.index();
    for (Placed q : done) {
      if (q.program() != p.program() || q.section() != p.section()) {
        continue;
      }
      if (q.kind().removes() && q.index() < p.index()) {
        index--;
      } else if (!q.touches() && q.index() <= p.index()) {
        index++;
      }
    }
    return index;
  }

  /**
   * The wait with the smaller value of each counter (a counter one of them leaves out: the
   * other's).
   */
  private static Op.Wait stronger(Op.Wait a, Op.Wait b) {
    return new Op.Wait(min(a.vmcnt(), b.vmcnt()), min(a.lgkmcnt(), b.lgkmcnt()), a.origin());
  }

  private static java.util.OptionalInt min(java.util.OptionalInt a, java.util.OptionalInt b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : java.util.OptionalInt.of(Math.min(a.getAsInt(), b.getAsInt()));
  }
}

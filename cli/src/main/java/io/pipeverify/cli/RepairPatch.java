package io.pipeverify.cli;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A repair found on a kernel lifted from assembly, made in the text it was lifted from ({@code
 * explain --apply}): each s_waitcnt or s_barrier the repair inserts becomes a line before the
 * instruction line it precedes in the repaired schedule (after the section's last one when it ends
 * a section), each strengthened s_waitcnt gets its new counts on its own line, and every other line
 * stays byte for byte. The text is that the ops' lines name: the listing, a code object's listing,
 * or the assembler source.
 *
 * <p>A change that has no line to go to is refused with the reason: a wait to strengthen that is
 * machine code ({@code .long}) or a macro, an op whose line is in another file (an {@code
 * .include}), a moved op (the search makes none for {@code --apply}). The written file is verified
 * again by the caller: the lift of the edited text, every launch class, is the judge, not this
 * mapping.
 */
final class RepairPatch {
  private static final String MARK = " ; inserted by pipeverify explain --apply";

  /** The edited text and how many lines were inserted and changed. */
  record Patched(String text, int inserted, int changed) {}

  /** Why a repair cannot be written as text. */
  static final class Refused extends Exception {
    Refused(String message) {
      super(message);
    }
  }

  /** Where inserted lines go: before or after a line of the text. */
  private record Anchor(int line, boolean after) {}

  private final String file;
  private final AsmLines lines;

  /**
   * {@code text} is the file {@code file} whose lines the ops' origins name (their shown line, an
   * assembler source's where there is one).
   */
  RepairPatch(String file, String text) {
    this.file = file;
    this.lines = new AsmLines(text);
  }

  /** The text with the changes {@code repaired} makes to {@code original}, both of one kernel. */
  Patched apply(Schedule original, Schedule repaired) throws Refused {
    Map<Integer, Op> originalAt = new TreeMap<>();
    for (WaveProgram p : original.programs()) {
      for (Section s : Section.values()) {
        for (Op op : p.section(s)) {
          line(op).ifPresent(l -> originalAt.putIfAbsent(l, op));
        }
      }
    }
    Map<Anchor, List<String>> inserts = new LinkedHashMap<>();
    Map<Integer, String> replaced = new TreeMap<>();
    for (WaveProgram p : repaired.programs()) {
      for (Section s : Section.values()) {
        collect(p.section(s), originalAt, inserts, replaced);
      }
    }
    StringBuilder out = new StringBuilder();
    int inserted = 0;
    for (int line = 1; line <= lines.size(); line++) {
      String text = lines.line(line);
      String end = AsmLines.ending(text);
      for (String ins : inserts.getOrDefault(new Anchor(line, false), List.of())) {
        out.append(AsmLines.indent(text)).append(ins).append(MARK).append(end);
        inserted++;
      }
      out.append(replaced.getOrDefault(line, text));
      for (String ins : inserts.getOrDefault(new Anchor(line, true), List.of())) {
        // After a last line without a line end: one first.
        out.append(end.isEmpty() ? "\n" : "");
        out.append(AsmLines.indent(text)).append(ins).append(MARK).append(end);
        inserted++;
      }
    }
    return new Patched(out.toString(), inserted, replaced.size());
  }

  /**
   * The text changes one section of the repaired schedule asks for: its inserted ops before the
   * next op that has a line (after the last one at the section's end), its waits whose counts
   * differ from their line's. Roles and unrolled copies that share a line ask for the same change:
   * the first kept.
   */
  private void collect(
      List<Op> ops,
      Map<Integer, Op> originalAt,
      Map<Anchor, List<String>> inserts,
      Map<Integer, String> replaced)
      throws Refused {
    List<String> pending = new ArrayList<>();
    Optional<Integer> last = Optional.empty();
    Map<Anchor, List<String>> here = new LinkedHashMap<>();
    for (Op op : ops) {
      Optional<Integer> line = line(op);
      if (line.isEmpty()) {
        pending.add(text(op));
        continue;
      }
      if (!pending.isEmpty()) {
        here.put(new Anchor(line.get(), false), List.copyOf(pending));
        pending.clear();
      }
      last = line;
      Op was = originalAt.get(line.get());
      if (op instanceof Op.Wait w && was instanceof Op.Wait old && !w.equals(old)) {
        replaced.putIfAbsent(line.get(), strengthened(line.get(), old, w));
      }
    }
    if (!pending.isEmpty()) {
      if (last.isEmpty()) {
        throw new Refused("a section holds only inserted ops: there is no line to put them at");
      }
      here.put(new Anchor(last.get(), true), List.copyOf(pending));
    }
    here.forEach(inserts::putIfAbsent);
  }

  /** The op's line in this file, when it was lifted from one of its lines. */
  private Optional<Integer> line(Op op) throws Refused {
    if (!(op.origin() instanceof Origin.InAssembly a)) {
      return Optional.empty();
    }
    if (!a.shownFile().equals(file)) {
      throw new Refused(
          "the repair changes code at "
              + a.describe()
              + ", which is in another file than "
              + file
              + "; make that change there by hand");
    }
    return Optional.of(a.shownLine());
  }

  /** The line of an inserted op. */
  private static String text(Op op) throws Refused {
    if (op instanceof Op.Wait w) {
      return "s_waitcnt " + w.counters();
    }
    if (op instanceof Op.Barrier) {
      return "s_barrier";
    }
    throw new Refused("the repair moves or adds a " + op.kind() + ", which --apply does not write");
  }

  /**
   * Line {@code line}, an s_waitcnt, with the counts of {@code now} where {@code old} had others.
   */
  private String strengthened(int line, Op.Wait old, Op.Wait now) throws Refused {
    String text = lines.line(line);
    if (!AsmLines.is(text, "s_waitcnt")) {
      throw new Refused(
          file
              + ":"
              + line
              + " is no s_waitcnt instruction ('"
              + AsmLines.code(text).strip()
              + "': machine code or a macro); strengthen it to s_waitcnt "
              + now.counters()
              + " by hand");
    }
    String edited = text;
    for (String c : List.of("vmcnt", "lgkmcnt")) {
      Optional<Integer> want = counter(now, c);
      if (want.isPresent() && !want.equals(counter(old, c))) {
        edited = AsmLines.withCounter(edited, c, want, "");
      }
    }
    // The line's own comment stays (a code object's listing: the old encoding), and says so.
    return AsmLines.body(edited)
        + " ; strengthened by pipeverify explain --apply (was: "
        + AsmLines.code(text).strip()
        + ")"
        + AsmLines.ending(text);
  }

  private static Optional<Integer> counter(Op.Wait w, String name) {
    var n = name.equals("vmcnt") ? w.vmcnt() : w.lgkmcnt();
    return n.isPresent() ? Optional.of(n.getAsInt()) : Optional.empty();
  }
}

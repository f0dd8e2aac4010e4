package io.pipeverify.verifier;

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
 * role that has one (issue 12). Root causes are named by sites too, so one missing wait of the
 * kernel is one cause in whichever roles it shows (docs/debugging.md, "Root causes").
 *
 * <p>A site is the section, the op's signature (what it does, without the constants a role changes:
 * {@code s_barrier}, {@code s_waitcnt vmcnt(6)}, {@code ds_read B}), the transform stage when a
 * transform made it (the assembly line when it was lifted), and its ordinal among the section's ops
 * with that stage and signature. File origins are left out: they name the role's own JSON pointer.
 * The start and the end of a section are sites of their own, so an op can be put first or appended
 * in every role.
 */
public final class ProgramSites {
  /** A place in a section, comparable across roles. */
  public record Site(Section section, String stage, String signature, int ordinal) {
    /** The start of a section: where an op goes that must come before all of it. */
    public static Site start(Section section) {
      return new Site(section, "", START, 0);
    }

    /**
     * Stable and readable, as keys of root causes use it: {@code s_waitcnt vmcnt(6) #2 in loop
     * phase 7}, {@code s_barrier in line 456}, {@code the start of the loop}.
     */
    public String describe() {
      String where =
          stage.isEmpty()
              ? section.id()
              : stage.startsWith(section.id()) ? stage : section.id() + " " + stage;
      return describeIn(where);
    }

    /** The site as {@link #describe} says it, its place said as {@code where}. */
    private String describeIn(String where) {
      if (signature.equals(START)) {
        return "the start of " + where;
      }
      return signature + (ordinal > 0 ? " #" + (ordinal + 1) : "") + " in " + where;
    }
  }

  private static final String END = "<end>";
  private static final String START = "<start>";
  private static final String LINE = "line ";

  private final Schedule schedule;

  public ProgramSites(Schedule schedule) {
    this.schedule = schedule;
  }

  /** The site of op {@code index} of a section ({@code index == size}: the section's end). */
  public Site siteOf(int program, Section section, int index) {
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
  public OptionalInt indexOf(int program, Site site) {
    List<Op> ops = schedule.programs().get(program).section(site.section());
    if (site.signature().equals(END)) {
      return OptionalInt.of(ops.size());
    }
    if (site.signature().equals(START)) {
      return OptionalInt.of(0);
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

  /**
   * The site as root causes' keys name it ({@link Site#describe}), but for an op lifted from
   * assembly without its line number: the n-th of the distinct lines with its signature in its
   * section, over every program, in line order ({@code s_waitcnt lgkmcnt(5) #2 in loop}; no number
   * when there is one such line). A key then stays the same when lines are added or removed
   * elsewhere in the file (a baseline, a suppression: docs/ci.md, "Known findings").
   */
  public String name(Site site) {
    if (!site.stage().startsWith(LINE)) {
      return site.describe();
    }
    int line = Integer.parseInt(site.stage().substring(LINE.length()));
    java.util.TreeSet<Integer> lines = new java.util.TreeSet<>();
    for (var p : schedule.programs()) {
      for (Op op : p.section(site.section())) {
        if (op.origin() instanceof Origin.InAssembly a && signature(op).equals(site.signature())) {
          lines.add(a.line());
        }
      }
    }
    int nth = lines.headSet(line).size() + 1;
    return site.signature() + (lines.size() > 1 ? " #" + nth : "") + " in " + site.section().id();
  }

  /**
   * The site as the same mistake reads in every configuration of a transform (fuzz classes): the
   * counts of a wait left out ({@code s_waitcnt vmcnt}) and a stage that is its section's last in
   * the program named so ({@code s_barrier in the last stage of loop}), so a knob that changes the
   * number of stages or a wait's count does not make the mistake another one.
   */
  public String family(int program, Site site) {
    Site general =
        new Site(
            site.section(),
            site.stage(),
            site.signature().replaceAll("\\(\\d+\\)", ""),
            site.ordinal());
    String stage = site.stage();
    if (stage.startsWith(LINE)) {
      return name(site).replaceAll("\\(\\d+\\)", "");
    }
    if (stage.isEmpty()) {
      return general.describe();
    }
    List<Op> ops = schedule.programs().get(program).section(site.section());
    String last = "";
    for (Op op : ops) {
      if (!stage(op).isEmpty()) {
        last = stage(op);
      }
    }
    return stage.equals(last)
        ? general.describeIn("the last stage of " + site.section().id())
        : general.describe();
  }

  /**
   * Every index of {@code site} in {@code program}: for an op lifted from assembly, each unrolled
   * copy of its line (a loop lifted as two K steps runs every line twice; an edit of the kernel is
   * an edit of the line, so of every copy); otherwise the one index, if the program has it.
   */
  public List<Integer> occurrencesOf(int program, Site site) {
    if (!site.stage().startsWith(LINE)) {
      OptionalInt i = indexOf(program, site);
      return i.isPresent() ? List.of(i.getAsInt()) : List.of();
    }
    List<Op> ops = schedule.programs().get(program).section(site.section());
    List<Integer> out = new java.util.ArrayList<>();
    for (int i = 0; i < ops.size(); i++) {
      if (stage(ops.get(i)).equals(site.stage())
          && signature(ops.get(i)).equals(site.signature())) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * The stage a transform gave the op, or the assembly line it was lifted from (the same line is
   * the same place in every role); file origins name the role's own JSON pointer, so none.
   */
  public static String stage(Op op) {
    if (op.origin() instanceof Origin.FromTransform t) {
      return t.stage();
    }
    return op.origin() instanceof Origin.InAssembly a ? LINE + a.line() : "";
  }

  /** What the op does, without the per-role constants (rows, slots, k-chunks). */
  public static String signature(Op op) {
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

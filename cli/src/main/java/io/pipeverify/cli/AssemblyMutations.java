package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Every single mutation of the waits and barriers of a kernel lifted from assembly ({@code fuzz
 * --mutate K.s|K.co}, issue 37): each line of an {@code s_waitcnt} or {@code s_barrier} the lift
 * meets in any launch class is dropped; a wait's each counter is weakened by one and strengthened
 * to 0. Each mutant is the text with that one line changed (a dropped line becomes a comment, so
 * lines keep their numbers), checked as {@code verify} checks a file: lifted again, every launch
 * class verified. Lines that are macros or machine code ({@code .long}) are not mutated and are
 * counted.
 */
final class AssemblyMutations {
  private AssemblyMutations() {}

  /** One mutation: the line, its instruction, the change, and the whole mutated text. */
  record Mutation(int line, String before, String change, String text) {}

  /** The mutations of {@code text}'s lines {@code sync}, in line order. */
  static List<Mutation> of(AsmLines text, Iterable<Integer> sync) {
    List<Mutation> out = new ArrayList<>();
    for (int line : sync) {
      String was = text.line(line);
      String before = AsmLines.code(was).strip();
      if (AsmLines.is(was, "s_barrier") || AsmLines.is(was, "s_waitcnt")) {
        out.add(
            new Mutation(line, before, "drop", with(text, line, dropped(was, "fuzz --mutate"))));
      }
      if (!AsmLines.is(was, "s_waitcnt")) {
        continue;
      }
      for (Counter c : Counter.values()) {
        String name = c.name().toLowerCase(java.util.Locale.ROOT);
        OptionalInt n = AsmLines.counter(was, name);
        if (n.isEmpty()) {
          continue;
        }
        if (n.getAsInt() < c.max()) {
          String weaker = AsmLines.withCounter(was, name, Optional.of(n.getAsInt() + 1), "");
          out.add(
              new Mutation(
                  line,
                  before,
                  "weaken to " + AsmLines.code(weaker).strip(),
                  with(text, line, weaker)));
        }
        if (n.getAsInt() > 0) {
          String stronger = AsmLines.withCounter(was, name, Optional.of(0), "");
          out.add(
              new Mutation(
                  line,
                  before,
                  "strengthen to " + AsmLines.code(stronger).strip(),
                  with(text, line, stronger)));
        }
      }
    }
    return out;
  }

  /** Line {@code was} made a comment that says what it held and who took it out. */
  static String dropped(String was, String by) {
    return AsmLines.indent(was)
        + "; dropped by pipeverify "
        + by
        + ": "
        + AsmLines.code(was).strip()
        + AsmLines.ending(was);
  }

  /** The text with line {@code line} replaced by {@code replacement} (its line end included). */
  static String with(AsmLines text, int line, String replacement) {
    StringBuilder out = new StringBuilder();
    for (int i = 1; i <= text.size(); i++) {
      out.append(i == line ? replacement : text.line(i));
    }
    return out.toString();
  }

  /**
   * The table of every mutation of the kernel, each checked: {@code base} is the kernel as given,
   * {@code file} the name its rows give (the input's).
   */
  static MutationTables.Mutations run(
      KernelVariants variants,
      KernelVariants.Outcome base,
      AsmLines text,
      String file,
      String name,
      Console console)
      throws ExternalToolException {
    List<Integer> skipped = new ArrayList<>();
    for (int line : base.sync()) {
      String was = text.line(line);
      if (!AsmLines.is(was, "s_barrier") && !AsmLines.is(was, "s_waitcnt")) {
        skipped.add(line);
      }
    }
    List<Mutation> mutations = of(text, base.sync());
    List<MutationTables.Row> rows = new ArrayList<>();
    int done = 0;
    for (Mutation m : mutations) {
      KernelVariants.Outcome o = variants.check(m.text());
      rows.add(
          new MutationTables.Row(
              "line " + m.line(),
              file + ":" + m.line(),
              m.before(),
              m.change(),
              o.report().isEmpty() ? "not read: " + o.reason() : o.verdict(),
              o.breaks(base),
              o.fresh(base)));
      if (++done % 25 == 0) {
        console
            .err()
            .println("pipeverify: " + done + " of " + mutations.size() + " mutants checked");
        console.err().flush();
      }
    }
    String note =
        skipped.isEmpty()
            ? ""
            : skipped.size()
                + " more are macros or machine code, not mutated (lines "
                + String.join(", ", skipped.stream().map(String::valueOf).toList())
                + ")";
    return new MutationTables.Mutations(name, base.verdict(), note, rows);
  }
}

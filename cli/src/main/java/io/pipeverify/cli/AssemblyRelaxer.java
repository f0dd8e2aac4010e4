package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * {@code relax} on a kernel lifted from assembly (issue 37; docs/relax.md, "Assembly"): the weakest
 * counts and fewest barriers with which the text still verifies for every launch class, in the
 * order of docs/relax.md: every {@code s_barrier} line the lift meets, in line order, is removed if
 * the kernel then verifies; then every {@code s_waitcnt} line, each counter ({@code vmcnt}, then
 * {@code lgkmcnt}) dropped if the kernel then verifies, else raised to the largest count that
 * verifies (a binary search: a weaker wait only removes orderings); a wait left with no counter is
 * removed. Passes repeat until one changes nothing, so no single further relaxation of the result
 * verifies (a local maximum). Each step is a variant of the whole text, lifted again and verified
 * ({@link KernelVariants}). A wait that retires scalar loads is relaxed like any other: the model
 * follows their registers (an {@code sload} retired only by {@code lgkmcnt(0)}).
 */
final class AssemblyRelaxer {
  private static final int MAX_PASSES = 4;

  /** One line's instruction before and after. */
  record Change(int line, String before, String after) {}

  /** The relaxed text, what changed, the checks run and whether the last pass changed nothing. */
  record Result(String text, List<Change> changes, int checks, int lastPass) {}

  private final KernelVariants variants;
  private final Console console;
  private int checks;

  AssemblyRelaxer(KernelVariants variants, Console console) {
    this.variants = variants;
    this.console = console;
  }

  /** Relaxes {@code text}, which verifies ({@code base}), at its wait and barrier lines. */
  Result relax(String text, KernelVariants.Outcome base) throws ExternalToolException {
    AsmLines original = new AsmLines(text);
    List<Integer> barriers = new ArrayList<>();
    List<Integer> waits = new ArrayList<>();
    for (int line : base.sync()) {
      if (AsmLines.is(original.line(line), "s_barrier")) {
        barriers.add(line);
      } else if (AsmLines.is(original.line(line), "s_waitcnt")) {
        waits.add(line);
      }
    }
    TreeMap<Integer, String> edited = new TreeMap<>();
    String current = text;
    int lastPass = 0;
    for (int pass = 1; pass <= MAX_PASSES; pass++) {
      int before = checks;
      String start = current;
      for (int line : barriers) {
        if (edited.containsKey(line)) {
          continue;
        }
        String dropped = AssemblyMutations.dropped(original.line(line), "relax");
        String variant = AssemblyMutations.with(new AsmLines(current), line, dropped);
        if (verifies(variant)) {
          current = variant;
          edited.put(line, dropped);
        }
      }
      for (int line : waits) {
        for (Counter c : Counter.values()) {
          String name = c.name().toLowerCase(Locale.ROOT);
          String now = new AsmLines(current).line(line);
          if (!AsmLines.is(now, "s_waitcnt")) {
            continue;
          }
          OptionalInt n = AsmLines.counter(now, name);
          if (n.isEmpty() || n.getAsInt() >= c.max()) {
            continue;
          }
          Optional<String> weaker = weakest(current, line, now, name, n.getAsInt(), c.max());
          if (weaker.isPresent()) {
            current = AssemblyMutations.with(new AsmLines(current), line, weaker.get());
            edited.put(line, weaker.get());
          }
        }
      }
      lastPass = checks - before;
      console.err().println("pipeverify: relax pass " + pass + ": " + lastPass + " checks");
      console.err().flush();
      if (current.equals(start)) {
        break;
      }
    }
    List<Change> changes = new ArrayList<>();
    AsmLines result = new AsmLines(current);
    for (int line : edited.keySet()) {
      changes.add(
          new Change(
              line,
              AsmLines.code(original.line(line)).strip(),
              AsmLines.code(result.line(line)).strip().isEmpty()
                  ? "(removed)"
                  : AsmLines.code(result.line(line)).strip()));
    }
    return new Result(current, changes, checks, lastPass);
  }

  /**
   * The wait at {@code line} with counter {@code name} as weak as the kernel allows: dropped (the
   * whole line when it was the last counter), else the largest count in (n, max) that verifies;
   * empty when none does.
   */
  private Optional<String> weakest(String text, int line, String now, String name, int n, int max)
      throws ExternalToolException {
    AsmLines lines = new AsmLines(text);
    // The whole line goes only with its last counter; expcnt, which the model does not follow,
    // keeps it.
    boolean last =
        AsmLines.counter(now, name.equals("vmcnt") ? "lgkmcnt" : "vmcnt").isEmpty()
            && !AsmLines.code(now).contains("expcnt(");
    String without =
        last
            ? AssemblyMutations.dropped(now, "relax")
            : AsmLines.withCounter(now, name, Optional.empty(), "");
    if (verifies(AssemblyMutations.with(lines, line, without))) {
      return Optional.of(without);
    }
    int lo = n;
    int hi = max - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      String tried = AsmLines.withCounter(now, name, Optional.of(mid), "");
      if (verifies(AssemblyMutations.with(lines, line, tried))) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo > n
        ? Optional.of(AsmLines.withCounter(now, name, Optional.of(lo), ""))
        : Optional.empty();
  }

  private boolean verifies(String text) throws ExternalToolException {
    checks++;
    return variants.check(text).verified();
  }
}

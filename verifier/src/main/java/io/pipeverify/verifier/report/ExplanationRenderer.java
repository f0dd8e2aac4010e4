package io.pipeverify.verifier.report;

import io.pipeverify.model.TerminalText;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.repair.RepairPlan;
import io.pipeverify.verifier.repair.RepairStep;
import java.util.List;
import java.util.Optional;

/**
 * {@code pipeverify explain}: for people. The verdict, each finding in one paragraph (its root
 * cause, the rules it breaks, how often and where, what may happen first and the missing edge),
 * then the repair plan step by step: the edit in the schedule's own terms, and whether the repaired
 * schedule verifies or what remains.
 */
public final class ExplanationRenderer {

  public String render(ScheduleResult r) {
    return TerminalText.escapeLines(explain(r));
  }

  private static String explain(ScheduleResult r) {
    StringBuilder out = new StringBuilder();
    String name = r.report().schedule().name();
    List<Finding> findings = r.report().verdict().findings();
    out.append(name)
        .append(": ")
        .append(r.report().verdict().id().toUpperCase(java.util.Locale.ROOT));
    if (r.report().verdict() instanceof Verdict.Verified) {
      return out.append(" for every trip count T >= 1; nothing to repair.\n").toString();
    }
    if (r.report().verdict() instanceof Verdict.Inconclusive i) {
      out.append(": ").append(i.reason());
    }
    out.append(" (").append(FindingText.totals(r.report().verdict())).append(")\n\n");
    int n = 1;
    for (Finding f : findings) {
      Violation v = f.representative();
      out.append('[').append(n++).append("] root cause (").append(f.cause().kind().title());
      out.append("): ").append(f.cause().text()).append('\n');
      out.append("    breaks: ").append(FindingText.rules(f)).append('\n');
      out.append("    seen: ").append(FindingText.coverage(f)).append('\n');
      out.append("    first: ").append(v.summary()).append('\n');
      out.append("    why: ").append(v.missingEdge()).append('\n');
    }
    String omitted = FindingText.omitted(r.report());
    if (!omitted.isEmpty()) {
      out.append(omitted).append('\n');
    }
    if (r.repairs().isEmpty()) {
      return out.toString();
    }
    RepairPlan plan = r.repairs().get();
    out.append("\nSmallest repair (exact over the root causes' candidate changes, each verified")
        .append(" with the same model):\n");
    out.append("  ").append(plan.search().describe()).append(".\n");
    int s = 1;
    for (RepairStep step : plan.steps()) {
      out.append("  step ").append(s++).append(": for ").append(brief(step.target())).append('\n');
      out.append("    edit: ").append(step.repair().describe()).append('\n');
      out.append("    then: ").append(step.repair().outcome()).append('\n');
    }
    out.append('\n');
    if (plan.verifies()) {
      out.append(
          plan.changeCount() == 1
              ? "One edit repairs the schedule: it verifies for every trip count T >= 1.\n"
              : plan.changeCount()
                  + " edits repair the schedule: it verifies for every trip count T >= 1.\n");
    } else {
      out.append(unrepaired(plan)).append('\n');
    }
    launchClass(plan).ifPresent(line -> out.append(line).append('\n'));
    return out.toString();
  }

  /**
   * For a kernel lifted with several launch classes: the repair is searched and verified on the
   * class where the violation was found, which the explanation says rather than claim them all.
   */
  static Optional<String> launchClass(RepairPlan plan) {
    return plan.original()
        .launches()
        .filter(l -> l.classes() > 1 && l.foundIn().isPresent() && !plan.steps().isEmpty())
        .map(
            l ->
                "(searched and verified in the launch class the violation was found in, "
                    + l.foundIn().get()
                    + "; the kernel's other "
                    + (l.classes() - 1)
                    + (l.classes() == 2 ? " class is" : " classes are")
                    + " not re-verified with the edits: verify the edited kernel.)");
  }

  /** Why there is no repair: none within the bound, or the search was cut short. */
  public static String unrepaired(RepairPlan plan) {
    if (plan.search().unknown().isPresent()) {
      return "No repair: " + plan.search().describe() + ".";
    }
    int causes = plan.original().verdict().findings().size();
    StringBuilder s =
        new StringBuilder("No repair of at most ")
            .append(plan.search().maxEdits())
            .append(" edits verifies (--max-edits raises the bound); ")
            .append(causes == 1 ? "the root cause stays." : "the " + causes + " root causes stay.");
    plan.search().stays().forEach(line -> s.append("\n  ").append(line).append('.'));
    return s.toString();
  }

  private static String brief(Violation v) {
    StringBuilder s = new StringBuilder(v.property() + " " + v.kind());
    if (!v.ops().isEmpty()) {
      s.append(": ").append(v.ops().get(0).brief());
      if (v.ops().size() > 1) {
        s.append(" vs ").append(v.ops().get(1).brief());
      }
    }
    return s.toString();
  }
}

package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.repair.Repair;
import io.pipeverify.verifier.repair.RepairPlan;
import io.pipeverify.verifier.repair.RepairStep;
import java.io.IOException;
import java.util.Optional;

/** The fix of one violation as the renderers state it: the plan step that removes it. */
record Fixes(String description, String outcome, int step, boolean verifies) {

  static Optional<Fixes> of(ScheduleResult r, Violation v) {
    if (r.repairs().isEmpty()) {
      return Optional.empty();
    }
    RepairPlan plan = r.repairs().get();
    Optional<RepairStep> step = plan.fixOf(v);
    if (step.isEmpty()) {
      return Optional.empty();
    }
    Repair repair = step.get().repair();
    int index = plan.indexOf(step.get());
    String before = index == 0 ? "" : "after the edits of steps 1.." + index + ", ";
    return Optional.of(
        new Fixes(before + repair.describe(), repair.outcome(), index + 1, repair.verifies()));
  }

  /**
   * The {@code fix} object of {@code v} (JSON report, SARIF result properties), or {@code noFix}
   * with the reason when a plan was computed and has none; nothing without a plan.
   */
  static void writeJson(JsonGenerator g, ScheduleResult r, Violation v) throws IOException {
    Optional<Fixes> fix = of(r, v);
    if (fix.isPresent()) {
      g.writeObjectFieldStart("fix");
      g.writeStringField("edit", fix.get().description());
      g.writeNumberField("step", fix.get().step());
      g.writeStringField("outcome", fix.get().outcome());
      g.writeBooleanField("verifies", fix.get().verifies());
      g.writeEndObject();
      return;
    }
    Optional<String> why = missing(r, v);
    if (why.isPresent()) {
      g.writeStringField("noFix", why.get());
    }
  }

  /** Why no fix was found for {@code v}, when a plan was computed. */
  static Optional<String> missing(ScheduleResult r, Violation v) {
    if (r.repairs().isEmpty() || r.repairs().get().fixOf(v).isPresent()) {
      return Optional.empty();
    }
    RepairPlan plan = r.repairs().get();
    if (plan.steps().isEmpty()) {
      return Optional.of(plan.search().describe());
    }
    return Optional.of(
        "not removed by the " + plan.changeCount() + " edits of the smallest repair");
  }
}

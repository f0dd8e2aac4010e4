package io.pipeverify.verifier.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The repair plan of every expected-verdict case of the verifier issue, pinned: the edits, in
 * order, and whether the repaired schedule verifies (or how many violations are left).
 */
@Execution(ExecutionMode.CONCURRENT)
class RepairFinderTest {

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          cdna4-interleave   |                              | verifies | in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)
          tilelang-pipelined | endOfIterationBarrier=false  | verifies | in loop stage 0, before the g2s of A, add an s_barrier
          tilelang-pipelined | opsPerGroup=16               | verifies | in loop stage 1 wait_group(1) -> vmcnt(16), strengthen the s_waitcnt vmcnt(16) to s_waitcnt vmcnt(8)
          cdna4-interleave   | prologueBarrier=false        | verifies | in prologue, after the s_waitcnt vmcnt(0), add an s_barrier / in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)
          cdna4-interleave   | barrierBeforeWait=true       | verifies | in loop stage 3, before the s_barrier, insert s_waitcnt vmcnt(0) / in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)
          cdna4-interleave   | g2sSlot=current              | stuck 19 | in loop stage 0, before the g2s of A, insert s_waitcnt lgkmcnt(0) + right after that s_waitcnt, add an s_barrier / in loop stage 2, before the g2s of B, add an s_barrier
          hipkittens-2step   |                              | left 6   | in loop phase 0, before the ds_read of A, add an s_barrier / in prologue, strengthen the s_waitcnt vmcnt(6) to s_waitcnt vmcnt(0) / in loop phase 1, before the g2s of A, add an s_barrier / in loop phase 1, before the s_barrier, insert s_waitcnt vmcnt(0)
          """)
  void planIsPinned(String transform, String knob, String outcome, String edits) throws Exception {
    Map<String, String> knobs =
        knob == null ? Map.of() : Map.of(knob.split("=")[0], knob.split("=")[1]);
    VerificationReport report =
        Verifier.verify(
            Transforms.byName(transform).orElseThrow().generate(knobs), VerifyOptions.defaults());
    RepairPlan plan =
        new RepairFinder(VerifyOptions.defaults()).plan(report, RepairFinder.DEFAULT_STEPS);
    List<String> steps = new ArrayList<>();
    for (RepairStep s : plan.steps()) {
      s.repair().ifPresent(r -> steps.add(r.describe().replace("; and ", " + ")));
    }
    String left = Integer.toString(plan.last().verdict().violations().size());
    String got =
        plan.verifies()
            ? "verifies"
            : (plan.steps().get(plan.steps().size() - 1).repair().isEmpty() ? "stuck " : "left ")
                + left;
    String explained =
        new io.pipeverify.verifier.report.ExplanationRenderer()
            .render(
                io.pipeverify.verifier.report.ScheduleResult.of(transform, report)
                    .withRepairs(plan));
    assertEquals(edits, String.join(" / ", steps), explained);
    assertEquals(outcome, got, explained);
    int n = plan.steps().size();
    String conclusion = explained.substring(explained.lastIndexOf("\n\n") + 2);
    if (outcome.startsWith("stuck")) {
      RepairStep last = plan.steps().get(n - 1);
      assertEquals(
          true, last.statement().startsWith("no single edit removes it; tried "), explained);
      assertEquals(
          "No repair: no single edit removes the violation of step "
              + n
              + " (its note lists the candidates tried), after the "
              + (n - 1)
              + " edits before it; "
              + left
              + " violations remain.\n",
          conclusion);
    }
    if (outcome.startsWith("left")) {
      assertEquals(
          "No repair within "
              + n
              + " steps: each step's edit verifies and removes the violation it targets, but "
              + left
              + " violations remain, so the schedule lacks more synchronisation than "
              + n
              + " edits add. The first left: "
              + plan.last().verdict().violations().get(0).summary()
              + "\n",
          conclusion);
    }
  }
}

package io.pipeverify.verifier.repair;

import static io.pipeverify.verifier.HandBuilt.barrier;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.program;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.HandBuilt;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Repairs of kernels written as several roles, and repairs that move an op (issue 12). */
class RepairAcrossRolesTest {

  private static RepairPlan plan(Schedule s) {
    VerificationReport report = Verifier.verify(s, VerifyOptions.defaults());
    assertInstanceOf(Verdict.Violated.class, report.verdict());
    return new SmallestRepair(VerifyOptions.defaults(), SmallestRepair.DEFAULT_MAX_EDITS)
        .plan(report);
  }

  /** One kernel as two roles: each wave copies its own rows, then both read all rows. */
  private static Schedule twoRoles(List<Op> between) {
    return HandBuilt.schedule(
        2,
        1,
        List.of(
            program(
                "wave0",
                List.of(0),
                join(List.of(g2s("0", "0", 8, "0", "copy")), between),
                List.of(),
                List.of(read("0", "0", 16, "0", "read"))),
            program(
                "wave1",
                List.of(1),
                join(List.of(g2s("0", "8", 8, "0", "copy")), between),
                List.of(),
                List.of(read("0", "0", 16, "0", "read")))));
  }

  private static List<Op> join(List<Op> a, List<Op> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  @Test
  void theMissingWaitIsOneChangeMadeInEveryRole() {
    // The race of wave 0's read with wave 1's copy and its mirror image are one defect: a wait in
    // one role leaves the other, so the repair inserts the wait in both.
    RepairPlan plan = plan(twoRoles(List.of(barrier("sync"))));
    assertEquals(1, plan.steps().size());
    Repair repair = plan.steps().get(0).repair();
    assertEquals(
        "in every role, in the prologue (sync), before the s_barrier, insert s_waitcnt vmcnt(0)",
        repair.describe());
    assertEquals(2, repair.edits().size());
    assertEquals(List.of(0, 1), repair.edits().stream().map(Edit::program).toList());
    assertEquals(1, plan.changeCount());
    assertInstanceOf(Verdict.Verified.class, repair.after().verdict());
  }

  @Test
  void aReadIssuedBeforeTheBarrierIsMovedAfterIt() {
    // Each wave waits for its copy, but reads before the barrier that would order the other
    // wave's copy: the author's fix is to move the read after the barrier. Inserting a wait cannot
    // help (the read is in the other wave), and a move is weaker than a new barrier.
    Schedule s =
        HandBuilt.schedule(
            2,
            1,
            List.of(
                program(
                    "all",
                    List.of(0, 1),
                    List.of(
                        g2s("0", "w * 8", 8, "0", "copy"),
                        vmcnt(0, "wait"),
                        read("0", "0", 16, "0", "read"),
                        barrier("sync")),
                    List.of(),
                    List.of())));
    RepairPlan plan = plan(s);
    Repair repair = plan.steps().get(0).repair();
    assertEquals(
        "in the prologue (read), move the ds_read of A after the s_barrier", repair.describe());
    assertEquals(
        List.of(Edit.Kind.MOVE_FROM, Edit.Kind.MOVE_TO),
        repair.edits().stream().map(Edit::kind).toList());
    List<Op> prologue = plan.repaired().programs().get(0).section(Section.PROLOGUE);
    assertEquals(
        List.of("g2s", "wait", "barrier", "ds_read"), prologue.stream().map(Op::kind).toList());
    assertInstanceOf(Verdict.Verified.class, plan.last().verdict());
  }

  @Test
  void aTrailingBarrierGetsItsPartner() {
    // Role b passes one barrier fewer: the repair appends one to its epilogue.
    Schedule s =
        HandBuilt.schedule(
            2,
            1,
            List.of(
                program("a", List.of(0), List.of(barrier("p")), List.of(), List.of(barrier("e"))),
                program("b", List.of(1), List.of(barrier("p")), List.of(), List.of())));
    RepairPlan plan = plan(s);
    Repair repair = plan.steps().get(0).repair();
    assertEquals("at the end of the epilogue of role 'b', add an s_barrier", repair.describe());
    assertInstanceOf(Verdict.Verified.class, plan.last().verdict());
  }
}

package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.check.RaceChecker;
import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Z3SessionTest {
  // Generous: the queries take milliseconds, but a 2-core machine running other JVMs beside the
  // suite once made the 3-step cdna4-interleave query exceed 10 s (unknown, not a verdict).
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private static TimingProblem.Order lt(int a, int b) {
    return new TimingProblem.Order(a, b);
  }

  /** a < b < c. */
  private static TimingProblem chain() {
    return new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1), lt(1, 2)), List.of());
  }

  @Test
  void impliedOrdersAreUnsatToBreak() {
    try (Z3Session z3 = new Z3Session(TIMEOUT)) {
      z3.load(chain());
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(List.of(lt(0, 2))));
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findWith(List.of(lt(2, 0))));
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(List.of()));
    }
  }

  @Test
  void aModelSatisfiesTheProblemAndTheGoal() {
    TimingProblem p = new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1)), List.of());
    try (Z3Session z3 = new Z3Session(TIMEOUT)) {
      z3.load(p);
      SolverOutcome o = z3.findViolating(List.of(lt(0, 2), lt(1, 2)));
      SolverOutcome.Sat sat = assertInstanceOf(SolverOutcome.Sat.class, o);
      long[] t = sat.times();
      assertEquals(3, t.length);
      assertTrue(t[0] < t[1], "the loaded order holds");
      assertTrue(t[2] <= t[0] || t[2] <= t[1], "one goal order is broken");
      SolverOutcome.Sat with =
          assertInstanceOf(SolverOutcome.Sat.class, z3.findWith(List.of(lt(2, 0))));
      assertTrue(with.times()[2] < with.times()[0]);
      // load replaces the problem: with the chain, c cannot precede a.
      z3.load(chain());
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findWith(List.of(lt(2, 0))));
    }
  }

  /** release r; events e1..e3 issued before it; at most {@code allowed} land at or after r. */
  private static TimingProblem atMostLate(int allowed) {
    return new TimingProblem(
        List.of("t_r", "t_e1", "t_e2", "t_e3"),
        List.of(),
        List.of(new TimingProblem.AtMostLate(0, List.of(1, 2, 3), allowed)));
  }

  @Test
  void atMostLateAllowsExactlyThatManyLateEvents() {
    try (Z3Session z3 = new Z3Session(TIMEOUT)) {
      z3.load(atMostLate(1));
      SolverOutcome.Sat one =
          assertInstanceOf(SolverOutcome.Sat.class, z3.findWith(List.of(lt(0, 2))));
      long[] t = one.times();
      assertTrue(t[1] < t[0] && t[3] < t[0], "the other two must be early: " + one);
      assertInstanceOf(
          SolverOutcome.Sat.class, z3.findWith(List.of(new TimingProblem.Order(1, 2))));
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findWith(List.of(lt(0, 1), lt(0, 2))));
      z3.load(atMostLate(2));
      assertInstanceOf(SolverOutcome.Sat.class, z3.findWith(List.of(lt(0, 1), lt(0, 2))));
      assertInstanceOf(
          SolverOutcome.Unsat.class, z3.findWith(List.of(lt(0, 1), lt(0, 2), lt(0, 3))));
      z3.load(atMostLate(0));
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findWith(List.of(lt(0, 3))));
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(List.of(lt(2, 0))));
    }
  }

  @Test
  void barrierCountsAreComparedForEveryTripCount() {
    try (Z3Session z3 = new Z3Session(TIMEOUT)) {
      assertInstanceOf(
          SolverOutcome.Unsat.class,
          z3.findUnequalBarrierCount(new long[] {2, 2}, new long[] {3, 3}));
      assertInstanceOf(
          SolverOutcome.Unsat.class, z3.findUnequalBarrierCount(new long[] {5}, new long[] {1}));
      SolverOutcome.Sat s =
          assertInstanceOf(
              SolverOutcome.Sat.class,
              z3.findUnequalBarrierCount(new long[] {2, 1}, new long[] {1, 2}));
      assertTrue(s.times()[0] >= 2, "2 + T = 1 + 2T only at T = 1: " + s);
    }
  }

  /**
   * The canonical cdna4-interleave schedule in the unordered mode at T = 3 (about 8000 events and
   * many cardinality constraints) with a 1 ms budget: Z3 gives up with a reason, which is Unknown,
   * never a verdict. Z3's timer can fire late (Z3 issue #5702: on a loaded machine a check
   * sometimes finishes first), so a hurried answer may also be the verdict the full budget gives,
   * and never another one; of five hurried tries at least one must be Unknown.
   */
  @Test
  void aTimeoutIsUnknownNotAVerdict() throws Exception {
    Schedule s = Transforms.byName("cdna4-interleave").orElseThrow().generate(java.util.Map.of());
    HappensBefore hb = HappensBefore.of(Unroller.unroll(s, 3, CounterMode.UNORDERED));
    TimingProblem p = TimingEncoder.encode(hb);
    List<TimingProblem.Order> obligations = RaceChecker.check(hb).ordered();
    int unknown = 0;
    for (int i = 0; i < 5; i++) {
      try (Z3Session hurried = new Z3Session(Duration.ofMillis(1))) {
        hurried.load(p);
        SolverOutcome o = hurried.findViolating(obligations);
        if (o instanceof SolverOutcome.Unknown u) {
          unknown++;
          assertTrue(!u.reason().isBlank(), "Unknown carries Z3's reason");
        } else {
          assertInstanceOf(SolverOutcome.Unsat.class, o, "a hurried verdict is the real one");
        }
      }
    }
    assertTrue(unknown > 0, "no hurried try timed out");
    try (Z3Session z3 = new Z3Session(TIMEOUT)) {
      z3.load(p);
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(obligations));
    }
  }
}

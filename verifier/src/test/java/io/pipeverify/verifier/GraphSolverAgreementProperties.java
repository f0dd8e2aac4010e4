package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import io.pipeverify.verifier.unroll.Access;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Graph and solver agree (issue 3, item 2). {@link Verifier#verify} cross-checks them itself and
 * throws {@link VerifierBugException} on a disagreement (the first property runs it with every pair
 * re-proved, {@link VerifyOptions.ProofMode#FULL}); the second property checks independently that
 * for conflicting access pairs of one execution, the graph orders a before b exactly when Z3, given
 * the encoded execution, cannot break that order.
 */
class GraphSolverAgreementProperties {

  @Provide
  Arbitrary<Schedule> anySchedule() {
    return SmallSchedules.any();
  }

  @Provide
  Arbitrary<Schedule> matched() {
    return net.jqwik.api.Arbitraries.oneOf(
        SmallSchedules.matchedRandom(), SmallSchedules.builtins());
  }

  @Property(tries = 20)
  void verifyNeverFindsGraphAndSolverDisagreeing(
      @ForAll("anySchedule") Schedule s, @ForAll CounterMode mode) {
    // FULL: Z3 re-proves every ordered conflicting pair from all constraints, so a graph that
    // claims an order the constraints do not imply throws; the default (one pair per shape, from
    // the paths' constraints) must reach the same verdict. Without the interleavings: the two
    // modes ask Z3 different queries, and an interleaving's time labels come from its model (seen:
    // the same steps in the same order, each labelled one later), while the findings, their
    // violations, ops and missing edges must be equal.
    VerifyOptions shapes = VerifyOptions.defaults().withCounters(mode).withTraces(false);
    try {
      VerificationReport full = Verifier.verify(s, shapes.withProof(VerifyOptions.ProofMode.FULL));
      VerificationReport fast = Verifier.verify(s, shapes);
      assertEquals(full.verdict(), fast.verdict(), () -> Reports.describe(fast));
    } catch (VerifierBugException e) {
      fail(mode.id() + " counters: " + e.getMessage(), e);
    }
  }

  @Property(tries = 30)
  void graphOrderIffZ3ProvesIt(
      @ForAll("matched") Schedule s,
      @ForAll CounterMode mode,
      @ForAll @IntRange(min = 1, max = 3) int trips,
      @ForAll long seed) {
    HappensBefore hb = HappensBefore.of(Unroller.unroll(s, trips, mode));
    List<Event.OpEvent[]> pairs = conflictingPairs(hb);
    if (pairs.isEmpty()) {
      return;
    }
    Random random = new Random(seed);
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(30))) {
      z3.load(TimingEncoder.encode(hb));
      for (int i = 0; i < Math.min(6, pairs.size()); i++) {
        Event.OpEvent[] p = pairs.get(random.nextInt(pairs.size()));
        for (int dir = 0; dir < 2; dir++) {
          Event.OpEvent a = p[dir];
          Event.OpEvent b = p[1 - dir];
          SolverOutcome o = z3.findViolating(List.of(new TimingProblem.Order(a.id(), b.id())));
          if (o instanceof SolverOutcome.Unknown u) {
            fail("Z3 timed out on a small problem: " + u.reason());
          }
          boolean proved = o instanceof SolverOutcome.Unsat;
          assertEquals(
              hb.before(a, b),
              proved,
              () ->
                  mode.id()
                      + " T="
                      + trips
                      + ": graph says "
                      + a.name()
                      + (hb.before(a, b) ? " before " : " not before ")
                      + b.name()
                      + ", Z3 says "
                      + o);
        }
      }
    }
  }

  private static List<Event.OpEvent[]> conflictingPairs(HappensBefore hb) {
    List<Event.OpEvent[]> out = new ArrayList<>();
    List<Event.OpEvent> accesses = hb.accessEvents();
    for (int i = 0; i < accesses.size(); i++) {
      Access x = accesses.get(i).instance().access().orElseThrow();
      for (int j = i + 1; j < accesses.size(); j++) {
        if (x.conflictsWith(accesses.get(j).instance().access().orElseThrow())) {
          out.add(new Event.OpEvent[] {accesses.get(i), accesses.get(j)});
        }
      }
    }
    return out;
  }
}

package io.pipeverify.verifier.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.hb.EdgeKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import io.pipeverify.verifier.unroll.CounterMode;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A certificate gives a run of program-order steps as one order (proofs/certificate.md): every
 * constraint follows from the whole problem, every other one is an edge of the graph, and the
 * certificate still proves its orders.
 */
class TimingEncoderCertificateTest {
  @Test
  void collapsedRunsFollowFromTheWholeProblemAndStillProveEveryOrder() throws Exception {
    TripAnalysis analysis =
        TripAnalysis.of(
            Transforms.byName("cdna4-interleave")
                .orElseThrow()
                .generate(Map.of("lgkmDrainBeforeBarrier", "true")),
            2,
            CounterMode.ORDERED);
    HappensBefore hb = analysis.hb();
    List<TimingProblem.Order> orders =
        analysis.races().obligations().stream().map(RaceChecker.Obligation::order).toList();
    // All orders in one batch: the certificate of every path.
    TimingProblem certificate = TimingEncoder.certificates(hb, orders, orders.size()).get(0);
    TimingProblem whole = TimingEncoder.encode(hb);

    Set<TimingProblem.Order> edges = new HashSet<>(whole.before());
    Set<TimingProblem.Order> poEdges = new HashSet<>();
    for (HappensBefore.Edge e : hb.edges()) {
      if (e.kind() == EdgeKind.PROGRAM_ORDER) {
        poEdges.add(new TimingProblem.Order(e.from().id(), e.to().id()));
      }
    }
    long collapsed = certificate.before().stream().filter(o -> !edges.contains(o)).count();
    // T=2's 1,984 obligations; 1,810 constraints, 698 of them runs of program order given as one
    // and 40 single program-order edges (runs of one step).
    assertEquals(1984, orders.size());
    assertEquals(1810, certificate.before().size());
    assertEquals(698, collapsed);
    assertEquals(40, certificate.before().stream().filter(poEdges::contains).count());
    // A run goes forward in one wave.
    for (TimingProblem.Order o : certificate.before()) {
      if (!edges.contains(o)) {
        Event.OpEvent from = (Event.OpEvent) hb.events().get(o.first());
        Event.OpEvent to = (Event.OpEvent) hb.events().get(o.second());
        assertEquals(from.instance().wave(), to.instance().wave(), o.toString());
        assertTrue(from.id() < to.id(), o.toString());
      }
    }
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(30))) {
      z3.load(whole);
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(certificate.before()));
      z3.load(certificate);
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(orders));
      // The verifier's batches: 31 certificates of 64 orders, each proving its own.
      List<TimingProblem> batches = TimingEncoder.certificates(hb, orders, 64);
      assertEquals(31, batches.size());
      for (int b = 0; b < batches.size(); b++) {
        z3.load(batches.get(b));
        assertInstanceOf(
            SolverOutcome.Unsat.class,
            z3.findViolating(orders.subList(b * 64, Math.min(orders.size(), b * 64 + 64))));
      }
    }
  }
}

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A certificate gives a run of program-order steps as one order and proves lemmas, the pieces of
 * the orders' paths between barrier nodes (proofs/certificate.md): every constraint follows from
 * the whole problem, every other one is an edge of the graph, every order is a chain of lemmas, and
 * the certificates prove their lemmas.
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
            CounterMode.ORDERED,
            true);
    HappensBefore hb = analysis.hb();
    List<TimingProblem.Order> orders = analysis.races().ordered();
    TimingProblem whole = TimingEncoder.encode(hb);
    // Every lemma, and the certificate of all their paths.
    List<TimingProblem.Order> lemmas = List.copyOf(TimingEncoder.lemmas(hb, orders).keySet());
    Set<TimingProblem.Order> steps = new LinkedHashSet<>();
    for (int[] path : TimingEncoder.lemmas(hb, orders).values()) {
      for (int i = 1; i < path.length; i++) {
        steps.add(new TimingProblem.Order(path[i - 1], path[i]));
      }
    }
    TimingProblem certificate = new TimingProblem(whole.names(), List.copyOf(steps), List.of());
    Set<TimingProblem.Order> edges = new HashSet<>(whole.before());
    Set<TimingProblem.Order> poEdges = new HashSet<>();
    for (HappensBefore.Edge e : hb.edges()) {
      if (e.kind() == EdgeKind.PROGRAM_ORDER) {
        poEdges.add(new TimingProblem.Order(e.from().id(), e.to().id()));
      }
    }
    long collapsed = certificate.before().stream().filter(o -> !edges.contains(o)).count();
    // T=2's 1,984 obligations are proved by 1,026 lemmas on 1,738 constraints, 626 of them runs of
    // program order given as one and 40 single program-order edges. Every ordered pair here crosses
    // a barrier: 384 lemmas go from an access to the first barrier node on its paths, 640 from a
    // barrier node to an access, 2 from one barrier node to the next.
    assertEquals(1984, orders.size());
    assertEquals(1026, lemmas.size());
    assertEquals(1738, certificate.before().size());
    assertEquals(626, collapsed);
    assertEquals(40, certificate.before().stream().filter(poEdges::contains).count());
    Map<String, Integer> kinds = new TreeMap<>();
    for (TimingProblem.Order l : lemmas) {
      kinds.merge(end(hb, l.first()) + " -> " + end(hb, l.second()), 1, Integer::sum);
    }
    assertEquals(
        Map.of("access -> barrier", 384, "barrier -> access", 640, "barrier -> barrier", 2), kinds);
    // Every order is a chain of lemmas: its first event reaches its second along them.
    for (TimingProblem.Order o : orders) {
      assertTrue(chained(o, lemmas), o.toString());
    }
    // A lemma ends at a barrier node or at the order's access; one that starts at a barrier node
    // is shared by every order passing it.
    for (TimingProblem.Order l : lemmas) {
      assertTrue(
          hb.events().get(l.second()) instanceof Event.BarrierEvent
              || orders.stream().anyMatch(o -> o.second() == l.second()),
          l.toString());
    }
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
      assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(lemmas));
      // The verifier's batches: a lemma of a shape already proved (the same steps through the
      // same instructions, in another wave of the one role) is left out: 1,026 lemmas of 97
      // shapes, 2 certificates of at most 64 lemmas, each proving its own.
      Set<String> shapes = new HashSet<>();
      List<TimingEncoder.Proof> batches = TimingEncoder.proofs(hb, orders, 64, shapes);
      assertEquals(97, shapes.size());
      assertEquals(97, batches.stream().mapToInt(p -> p.goals().size()).sum());
      assertEquals(2, batches.size());
      for (TimingEncoder.Proof p : batches) {
        assertTrue(p.goals().size() <= 64);
        z3.load(p.certificate());
        assertInstanceOf(SolverOutcome.Unsat.class, z3.findViolating(p.goals()));
      }
      // Asked again (the next trip count), every shape is proved already.
      assertEquals(List.of(), TimingEncoder.proofs(hb, orders, 64, shapes));
    }
  }

  private static String end(HappensBefore hb, int event) {
    return hb.events().get(event) instanceof Event.BarrierEvent ? "barrier" : "access";
  }

  /** Whether {@code lemmas} chain from the order's first event to its second. */
  private static boolean chained(TimingProblem.Order order, List<TimingProblem.Order> lemmas) {
    Set<Integer> reached = new HashSet<>(List.of(order.first()));
    boolean grew = true;
    while (grew) {
      grew = false;
      for (TimingProblem.Order l : lemmas) {
        if (reached.contains(l.first()) && reached.add(l.second())) {
          grew = true;
        }
      }
    }
    return reached.contains(order.second());
  }
}

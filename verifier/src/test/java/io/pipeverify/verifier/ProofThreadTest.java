package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.check.RaceChecker;
import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.check.TripAnalysis;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The proof thread proves what it is given in the order given, counts its queries as one thread
 * would, and hands a failure to the verifier in await, after which it proves nothing more.
 */
class ProofThreadTest {
  private static HappensBefore hb;
  private static List<TimingProblem.Order> orders;

  @BeforeAll
  static void fixedCdna4AtTwoTrips() throws Exception {
    TripAnalysis analysis =
        TripAnalysis.of(
            Transforms.byName("cdna4-interleave")
                .orElseThrow()
                .generate(Map.of("lgkmDrainBeforeBarrier", "true")),
            2,
            CounterMode.ORDERED);
    hb = analysis.hb();
    orders = analysis.races().ordered();
  }

  @Test
  void provesLemmasOfNewShapesOnlyAndCountsItsQueries() {
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(30));
        ProofThread proofs = new ProofThread(z3)) {
      proofs.submit(2, hb, orders, null);
      assertEquals(Optional.empty(), proofs.await());
      // T=2's 1,984 obligations come to 97 lemma shapes (TimingEncoderCertificateTest): 7
      // queries of at most 16 lemmas.
      assertEquals(7, proofs.queries());
      // The same orders again are of shapes proved already: no query.
      proofs.submit(2, hb, orders, null);
      assertEquals(Optional.empty(), proofs.await());
      assertEquals(7, proofs.queries());
    }
  }

  @Test
  void anOrderTheWholeProblemDoesNotImplyIsADisagreementAndStopsTheLaterProofs() {
    TimingProblem.Order unordered = unorderedPair();
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(30));
        ProofThread proofs = new ProofThread(z3)) {
      TimingProblem whole = TimingEncoder.encode(hb);
      proofs.submit(1, hb, List.of(unordered), whole);
      proofs.submit(2, hb, orders, whole);
      VerifierBugException e = assertThrows(VerifierBugException.class, proofs::await);
      assertTrue(e.getMessage().startsWith("graph and solver disagree at T=1: "), e.getMessage());
      // Only the failing query ran: the 1,984 orders of the second submission were not proved.
      assertEquals(1, proofs.queries());
    }
  }

  @Test
  void aFailureBuildingTheCertificateIsThrownByAwait() {
    TimingProblem.Order unordered = unorderedPair();
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(30));
        ProofThread proofs = new ProofThread(z3)) {
      proofs.submit(1, hb, List.of(unordered), null);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, proofs::await);
      assertTrue(e.getMessage().endsWith(" does not happen before " + name(unordered.second())));
      assertEquals(0, proofs.queries());
    }
  }

  /**
   * A query Z3 cannot decide in time is the reason of an inconclusive verdict, named with its trip
   * count, and the later proofs are not run: here the next trip count's would be a disagreement,
   * thrown by await. Z3's timer can fire late (Z3SessionTest): a hurried try may prove all of T=3
   * and then meet the disagreement; of five tries at least one must be undecided.
   */
  @Test
  void anUndecidedQueryIsTheReasonAndTheLaterProofsAreNotRun() throws Exception {
    HappensBefore unordered =
        HappensBefore.of(
            Unroller.unroll(
                Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of()),
                3,
                CounterMode.UNORDERED));
    List<TimingProblem.Order> all = RaceChecker.check(unordered).ordered();
    TimingProblem whole = TimingEncoder.encode(unordered);
    TimingProblem.Order broken = unorderedPair();
    int undecided = 0;
    for (int i = 0; i < 5; i++) {
      try (Z3Session hurried = new Z3Session(Duration.ofMillis(1));
          ProofThread proofs = new ProofThread(hurried)) {
        proofs.submit(3, unordered, all, whole);
        proofs.submit(4, hb, List.of(broken), TimingEncoder.encode(hb));
        try {
          Optional<String> reason = proofs.await();
          undecided++;
          assertTrue(
              reason.orElseThrow().startsWith("Z3 could not prove the orders at T=3: "),
              reason.toString());
        } catch (VerifierBugException e) {
          assertTrue(e.getMessage().startsWith("graph and solver disagree at T=4: "));
        }
      }
    }
    assertTrue(undecided > 0, "no hurried try was undecided");
  }

  /** Two access events the graph orders neither way. */
  private static TimingProblem.Order unorderedPair() {
    List<Event.OpEvent> accesses = hb.accessEvents();
    for (Event.OpEvent a : accesses) {
      for (Event.OpEvent b : accesses) {
        if (a != b && !hb.before(a, b) && !hb.before(b, a)) {
          return new TimingProblem.Order(a.id(), b.id());
        }
      }
    }
    throw new AssertionError("every two accesses are ordered");
  }

  private static String name(int event) {
    return hb.events().get(event).name();
  }
}

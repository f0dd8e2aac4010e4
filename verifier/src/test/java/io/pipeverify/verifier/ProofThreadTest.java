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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The proof thread and the verifier's thread prove the batches between them; the outcome and the
 * query count are those of proving them one by one in the order submitted.
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
            CounterMode.ORDERED,
            true);
    hb = analysis.hb();
    orders = analysis.races().ordered();
  }

  @Test
  void provesEveryBatchOnEitherThreadAndCountsItsQueries() {
    Duration timeout = Duration.ofSeconds(30);
    try (Z3Session z3 = new Z3Session(timeout);
        ProofThread proofs = new ProofThread(z3, timeout, Optional.empty())) {
      // T=2's 1,984 ordered pairs come to 97 lemma shapes (TimingEncoderCertificateTest): 7
      // batches of at most 16 lemmas; on the whole problem the 1,984 orders are 124 more.
      proofs.submit(2, TimingEncoder.proofs(hb, orders, ProofThread.BATCH, new HashSet<>()));
      proofs.submit(2, TimingEncoder.batches(orders, TimingEncoder.encode(hb), ProofThread.BATCH));
      assertEquals(Optional.empty(), proofs.await());
      assertEquals(7 + 124, proofs.queries());
      proofs.submit(3, List.of());
      assertEquals(Optional.empty(), proofs.await());
      assertEquals(7 + 124, proofs.queries());
    }
  }

  /**
   * The first failing batch in submission order decides, whichever thread found it: the batches
   * after it count no query, those before it are all proved. The verifier's thread takes batches
   * from the back, so it meets the later failure first.
   */
  @Test
  void theFirstFailingBatchInOrderIsTheOutcome() {
    TimingProblem whole = TimingEncoder.encode(hb);
    List<TimingEncoder.Proof> good = TimingEncoder.batches(orders, whole, ProofThread.BATCH);
    TimingEncoder.Proof bad = TimingEncoder.batches(List.of(unorderedPair()), whole, 1).get(0);
    Duration timeout = Duration.ofSeconds(30);
    for (int repeat = 0; repeat < 3; repeat++) {
      try (Z3Session z3 = new Z3Session(timeout);
          ProofThread proofs = new ProofThread(z3, timeout, Optional.empty())) {
        proofs.submit(1, good.subList(0, 40));
        proofs.submit(2, List.of(bad));
        proofs.submit(3, good.subList(40, good.size()));
        proofs.submit(4, List.of(bad));
        VerifierBugException e = assertThrows(VerifierBugException.class, proofs::await);
        assertTrue(e.getMessage().startsWith("graph and solver disagree at T=2: "), e.getMessage());
        assertEquals(41, proofs.queries());
      }
    }
  }

  /**
   * A query Z3 cannot decide in time is the reason of an inconclusive verdict, named with its trip
   * count, before any later failure: here the next trip count's batch is a disagreement, thrown
   * when nothing before it was undecided. Z3's timer can fire late (Z3SessionTest): a hurried try
   * may prove all of T=3; of five tries at least one must be undecided.
   */
  @Test
  void anUndecidedQueryIsTheReasonBeforeALaterFailure() throws Exception {
    HappensBefore unordered =
        HappensBefore.of(
            Unroller.unroll(
                Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of()),
                3,
                CounterMode.UNORDERED));
    List<TimingEncoder.Proof> atThree =
        TimingEncoder.batches(
            RaceChecker.check(unordered).ordered(),
            TimingEncoder.encode(unordered),
            ProofThread.BATCH);
    TimingEncoder.Proof bad =
        TimingEncoder.batches(List.of(unorderedPair()), TimingEncoder.encode(hb), 1).get(0);
    Duration hurry = Duration.ofMillis(1);
    int undecided = 0;
    for (int i = 0; i < 5; i++) {
      try (Z3Session hurried = new Z3Session(hurry);
          ProofThread proofs = new ProofThread(hurried, hurry, Optional.empty())) {
        proofs.submit(3, atThree);
        proofs.submit(4, List.of(bad));
        try {
          Optional<String> reason = proofs.await();
          undecided++;
          assertTrue(
              reason.orElseThrow().startsWith("Z3 could not prove the orders at T=3: "),
              reason.toString());
          assertTrue(proofs.queries() <= atThree.size(), Integer.toString(proofs.queries()));
        } catch (VerifierBugException e) {
          assertTrue(e.getMessage().startsWith("graph and solver disagree at T=4: "));
          assertEquals(atThree.size() + 1, proofs.queries());
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

package io.pipeverify.codegen.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.CrossCheckException;
import io.pipeverify.verifier.smt.SecondOpinion;
import io.pipeverify.verifier.smt.SmallestSubsets;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * cvc5's answers to scripts small enough to decide by hand, and a session whose every query cvc5
 * re-decides; the tests that run cvc5 skip when it is not installed.
 */
class Cvc5Test {
  private static final Duration LIMIT = Duration.ofSeconds(10);

  private static Cvc5 cvc5() {
    assumeTrue(Cvc5.locate().isPresent(), "cvc5 is not installed (apt-get install cvc5)");
    return Cvc5.onPath(LIMIT);
  }

  private static TimingProblem.Order lt(int a, int b) {
    return new TimingProblem.Order(a, b);
  }

  /** a < b < c. */
  private static TimingProblem chain() {
    return new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1), lt(1, 2)), List.of());
  }

  @Test
  void cvc5DecidesATinySatAndATinyUnsatScript() {
    Cvc5 cvc5 = cvc5();
    assertTrue(cvc5.version().matches("\\d+\\.\\d+.*"), cvc5.version());
    String declared =
        "(set-logic QF_IDL)\n(declare-fun a () Int)\n(declare-fun b () Int)\n"
            + "(declare-fun c () Int)\n(assert (< a b))\n";
    // a < b < c makes c <= a impossible; with only a < b, c < a has a model.
    assertEquals(
        SecondOpinion.Answer.UNSAT,
        cvc5.decide(declared + "(assert (< b c))\n(assert (<= c a))\n(check-sat)\n"));
    assertEquals(
        SecondOpinion.Answer.SAT, cvc5.decide(declared + "(assert (< c a))\n(check-sat)\n"));
  }

  /** Every query of a session is re-decided, with the same answers as Z3's. */
  @Test
  void aCrossCheckedSessionAgreesWithZ3() {
    CrossCheck check = new CrossCheck(cvc5());
    try (Z3Session z3 = new Z3Session(LIMIT, Optional.of(check))) {
      z3.load(chain());
      z3.findViolating(List.of(lt(0, 2)));
      z3.findWith(List.of(lt(2, 0)));
      z3.load(
          new TimingProblem(
              List.of("t_r", "t_e1", "t_e2", "t_e3"),
              List.of(),
              List.of(new TimingProblem.AtMostLate(0, List.of(1, 2, 3), 1))));
      z3.findWith(List.of(lt(0, 1), lt(0, 2)));
      z3.findWith(List.of(lt(0, 1)));
      z3.findUnequalBarrierCount(new long[] {2, 1}, new long[] {1, 2});
      z3.findUnequalBarrierCount(new long[] {2, 2}, new long[] {3, 3});
    }
    assertEquals(6, check.decided());
    assertEquals(0, check.undecided());
    try (SmallestSubsets subsets =
        new SmallestSubsets(new int[] {3, 1, 1}, LIMIT, Optional.of(check))) {
      subsets.require(List.of(0, 1), List.of());
      subsets.excludeTogether(0, 1);
      subsets.exclude(Set.of(1));
      subsets.lightest(10);
      subsets.ofWeight(4);
      subsets.ofWeight(5);
    }
    // lightest: one query for the bound, one that none is lighter.
    assertEquals(10, check.decided());
  }

  @Test
  void aMissingBinaryIsACrossCheckErrorWithAMessage() {
    CrossCheckException e =
        assertThrows(
            CrossCheckException.class, () -> Cvc5.at(Path.of("/nonexistent/bin/cvc5"), LIMIT));
    assertTrue(e.getMessage().contains("no cvc5 at /nonexistent/bin/cvc5"), e.getMessage());
  }

  @Test
  void aRejectedScriptIsNoAnswer() {
    Cvc5 cvc5 = cvc5();
    CrossCheckException e =
        assertThrows(
            CrossCheckException.class, () -> cvc5.decide("(assert (< x 1))\n(check-sat)\n"));
    assertTrue(e.getMessage().contains("cvc5 gave no answer"), e.getMessage());
  }
}

package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The SMT-LIB scripts of {@link SmtLib} and cvc5's answers to them ({@link Cvc5}), on problems
 * small enough to decide by hand; the tests that run cvc5 skip when it is not installed.
 */
class Cvc5Test {
  private static final Duration LIMIT = Duration.ofSeconds(10);

  private static TimingProblem.Order lt(int a, int b) {
    return new TimingProblem.Order(a, b);
  }

  /** a < b < c. */
  private static TimingProblem chain() {
    return new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1), lt(1, 2)), List.of());
  }

  private static Cvc5 cvc5() {
    String path = System.getenv("PATH");
    assumeTrue(
        path != null
            && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d.isEmpty() ? "." : d, "cvc5"))),
        "cvc5 is not installed");
    return Cvc5.onPath(LIMIT);
  }

  @Test
  void aRefutationIsWrittenAsDifferenceLogic() {
    assertEquals(
        "(set-logic QF_IDL)\n"
            + "(declare-fun t_a () Int)\n"
            + "(declare-fun t_b () Int)\n"
            + "(declare-fun t_c () Int)\n"
            + "(assert (< t_a t_b))\n"
            + "(assert (< t_b t_c))\n"
            + "(assert (or false (<= t_c t_a)))\n"
            + "(check-sat)\n"
            + "(exit)\n",
        SmtLib.timing(chain(), List.of(lt(0, 2)), false));
  }

  @Test
  void aCardinalityConstraintIsASumOfIfThenElse() {
    TimingProblem late =
        new TimingProblem(
            List.of("t_r", "t_e1", "t_e2"),
            List.of(),
            List.of(new TimingProblem.AtMostLate(0, List.of(1, 2), 1)));
    assertEquals(
        "(set-logic QF_LIA)\n"
            + "(declare-fun t_r () Int)\n"
            + "(declare-fun t_e1 () Int)\n"
            + "(declare-fun t_e2 () Int)\n"
            + "(assert (<= (+ 0 (ite (>= t_e1 t_r) 1 0) (ite (>= t_e2 t_r) 1 0)) 1))\n"
            + "(assert (< t_r t_e1))\n"
            + "(check-sat)\n"
            + "(exit)\n",
        SmtLib.timing(late, List.of(lt(0, 1)), true));
  }

  @Test
  void namesThatAreNoSimpleSymbolAreQuoted() {
    assertEquals("t_w0_3_k1_2_ds_read_access", SmtLib.symbol("t_w0_3_k1_2_ds_read_access"));
    assertEquals("|t w0 [k=1]|", SmtLib.symbol("t w0 [k=1]"));
  }

  @Test
  void cvc5DecidesATinySatAndATinyUnsatTimingProblem() {
    Cvc5 cvc5 = cvc5();
    assertTrue(cvc5.version().matches("\\d+\\.\\d+.*"), cvc5.version());
    // a < b < c: c <= a is impossible, and a model with c before a exists once b < c is dropped.
    assertEquals(
        SecondOpinion.Answer.UNSAT, cvc5.decide(SmtLib.timing(chain(), List.of(lt(0, 2)), false)));
    TimingProblem loose =
        new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1)), List.of());
    assertEquals(
        SecondOpinion.Answer.SAT, cvc5.decide(SmtLib.timing(loose, List.of(lt(2, 0)), true)));
  }

  /** Every query of a session is re-decided, with the same answers as Z3's. */
  @Test
  void aCrossCheckedSessionAgreesWithZ3() {
    CrossCheck check = new CrossCheck(cvc5());
    try (Z3Session z3 = new Z3Session(LIMIT, java.util.Optional.of(check))) {
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
        new SmallestSubsets(new int[] {3, 1, 1}, LIMIT, java.util.Optional.of(check))) {
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

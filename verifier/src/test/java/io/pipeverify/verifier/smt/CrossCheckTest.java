package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a cross-check counts, and how a disagreement reads; a fake second opinion answers. */
class CrossCheckTest {

  private static final String SCRIPT =
      SmtLib.timing(
          new TimingProblem(List.of("t_a"), List.of(), List.of()),
          List.of(new TimingProblem.Order(0, 0)),
          true);

  @Test
  void aDisagreementNamesTheQueryAndBothAnswers() {
    CrossCheck check = new CrossCheck(new FixedSolver("fake", SecondOpinion.Answer.SAT));
    CrossCheckException e =
        assertThrows(
            CrossCheckException.class,
            () -> check.compare("proof batch 3 at T=2", SCRIPT, new SolverOutcome.Unsat()));
    assertEquals(
        "cross-check: Z3 and fake 1 disagree on proof batch 3 at T=2: Z3 says unsat, fake says sat",
        e.getMessage());
  }

  @Test
  void unknownIsCountedNotADisagreementAndZ3sUnknownIsNotAsked() {
    CrossCheck check = new CrossCheck(new FixedSolver("fake", SecondOpinion.Answer.UNKNOWN));
    check.compare("q", SCRIPT, new SolverOutcome.Unsat());
    check.compare("q", SCRIPT, new SolverOutcome.Unknown("timeout"));
    CrossCheck agreeing = new CrossCheck(new FixedSolver("fake", SecondOpinion.Answer.UNSAT));
    agreeing.compare("q", SCRIPT, new SolverOutcome.Unsat());
    assertEquals(
        "cross-check: 0 queries re-decided by fake 1, 0 disagreements; fake could not decide 1"
            + " queries (unknown or out of time)",
        check.summary());
    assertEquals(1, agreeing.decided());
  }
}

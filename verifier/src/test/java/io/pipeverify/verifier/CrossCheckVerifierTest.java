package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.CrossCheckException;
import io.pipeverify.verifier.smt.FixedSolver;
import io.pipeverify.verifier.smt.SecondOpinion;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A verification with a second opinion that lies: the run fails, naming the query. */
class CrossCheckVerifierTest {

  @Test
  void aDisagreementFailsTheVerificationAndNamesTheQuery() throws Exception {
    Schedule s = Transforms.byName("triton-stream").orElseThrow().generate(Map.of());
    CrossCheckException e =
        assertThrows(
            CrossCheckException.class,
            () ->
                Verifier.verify(
                    s,
                    VerifyOptions.defaults()
                        .withCrossCheck(
                            new CrossCheck(new FixedSolver("liar", SecondOpinion.Answer.SAT)))));
    assertTrue(
        e.getMessage()
            .matches("cross-check: Z3 and liar 1 disagree on .+: Z3 says unsat, liar says sat"),
        e.getMessage());
    assertTrue(e.getMessage().contains("proof batch 1 at T=1"), e.getMessage());
  }
}

package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.CrossCheckException;
import io.pipeverify.verifier.smt.SecondOpinion;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A verification with a second opinion that lies: the run fails, naming the query. */
class CrossCheckVerifierTest {

  /** Says sat to everything: wrong on each refutation Z3 proves. */
  private static final class Liar implements SecondOpinion {
    @Override
    public String name() {
      return "liar";
    }

    @Override
    public String version() {
      return "1";
    }

    @Override
    public Answer decide(String script) {
      return Answer.SAT;
    }
  }

  @Test
  void aDisagreementFailsTheVerificationAndNamesTheQuery() throws Exception {
    Schedule s = Transforms.byName("triton-stream").orElseThrow().generate(Map.of());
    CrossCheckException e =
        assertThrows(
            CrossCheckException.class,
            () ->
                Verifier.verify(
                    s, VerifyOptions.defaults().withCrossCheck(new CrossCheck(new Liar()))));
    assertTrue(
        e.getMessage()
            .matches("cross-check: Z3 and liar 1 disagree on .+: Z3 says unsat, liar says sat"),
        e.getMessage());
    assertTrue(e.getMessage().contains("proof batch 1 at T=1"), e.getMessage());
  }
}

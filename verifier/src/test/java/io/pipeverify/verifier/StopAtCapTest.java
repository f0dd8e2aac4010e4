package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StopAtCapTest {
  /**
   * hipkittens-2step reaches the cap of 20 violations at T=1: stopping there gives the same verdict
   * and violations, and the report says it checked T = 1 of 1..5.
   */
  @Test
  void stoppingAtTheCapKeepsTheViolationsAndSaysWhatWasChecked() throws Exception {
    Schedule s = Transforms.byName("hipkittens-2step").orElseThrow().generate(Map.of());
    VerificationReport all = Verifier.verify(s, VerifyOptions.defaults());
    VerificationReport capped = Verifier.verify(s, VerifyOptions.defaults().withStopAtCap(true));
    assertEquals(20, all.verdict().violations().size());
    assertEquals(all.verdict(), capped.verdict());
    assertEquals(List.of(1, 2, 3, 4, 5), all.tripCountsChecked());
    assertEquals(List.of(1), capped.tripCountsChecked());
  }
}

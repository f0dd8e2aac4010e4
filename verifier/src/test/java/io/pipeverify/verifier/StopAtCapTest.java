package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StopAtCapTest {
  /**
   * hipkittens-2step reaches the cap of 20 findings at T=1: stopping there gives the same findings
   * with the same representatives (only the instances of T=2..5 are not counted), and the report
   * says it checked T = 1 of 1..5.
   */
  @Test
  void stoppingAtTheCapKeepsTheViolationsAndSaysWhatWasChecked() throws Exception {
    Schedule s = Transforms.byName("hipkittens-2step").orElseThrow().generate(Map.of());
    VerificationReport all = Verifier.verify(s, VerifyOptions.defaults());
    VerificationReport capped = Verifier.verify(s, VerifyOptions.defaults().withStopAtCap(true));
    assertEquals(20, all.verdict().violations().size());
    assertEquals(all.verdict().violations(), capped.verdict().violations());
    assertEquals(16, all.findingsOmitted());
    assertTrue(
        capped.verdict().findings().get(0).instances()
            < all.verdict().findings().get(0).instances());
    assertEquals(List.of(1, 2, 3, 4, 5), all.tripCountsChecked());
    assertEquals(List.of(1), capped.tripCountsChecked());
  }
}

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
   * hipkittens-2step with a cap of 2 root causes reaches it at T=1: stopping there gives two causes
   * too, the first with the same representative (the instances of T=2..5 are not counted), and the
   * report says it checked T = 1 of 1..5.
   */
  @Test
  void stoppingAtTheCapKeepsTheCausesAndSaysWhatWasChecked() throws Exception {
    Schedule s = Transforms.byName("hipkittens-2step").orElseThrow().generate(Map.of());
    VerifyOptions two = VerifyOptions.defaults().withMaxFindings(2);
    VerificationReport all = Verifier.verify(s, two);
    VerificationReport capped = Verifier.verify(s, two.withStopAtCap(true));
    assertEquals(2, all.verdict().findings().size());
    assertEquals(2, capped.verdict().findings().size());
    // The first defect found leads the first cause in both; which candidate names a cause
    // depends on the instances of the trip counts checked.
    Finding a = all.verdict().findings().get(0);
    Finding c = capped.verdict().findings().get(0);
    assertEquals(a.representative(), c.representative());
    assertTrue(c.instances() < a.instances());
    assertEquals(List.of(1, 2, 3, 4, 5), all.tripCountsChecked());
    assertEquals(List.of(1), capped.tripCountsChecked());
  }
}

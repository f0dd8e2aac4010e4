package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConflictScalingTest {
  /**
   * The loop body three times over: its ops in order, each repetition the same; no race (every
   * repetition drains its counters before its barrier), only the MFMAs' products counted three
   * times (P5 DUPLICATE_PRODUCT).
   */
  @Test
  void theLoopBodyRepeatedRacesNowhereAndAccumulatesEachProductAgain() {
    Schedule base = EventScaling.doubleBuffer(0);
    Schedule thrice = ConflictScaling.repeated(3);
    assertEquals(List.of(), ScheduleValidator.validate(thrice));
    List<Op> body = base.programs().get(0).loop();
    List<Op> loop = thrice.programs().get(0).loop();
    assertEquals(3 * body.size(), loop.size());
    for (int r = 0; r < 3; r++) {
      assertEquals(body, loop.subList(r * body.size(), (r + 1) * body.size()));
    }
    assertEquals(base.programs().get(0).prologue(), thrice.programs().get(0).prologue());
    assertEquals(base.programs().get(0).epilogue(), thrice.programs().get(0).epilogue());
    VerificationReport r = Verifier.verify(thrice, VerifyOptions.defaults());
    List<Violation> found = ((Verdict.Violated) r.verdict()).violations();
    assertEquals(
        List.of("P5 DUPLICATE_PRODUCT", "P5 DUPLICATE_PRODUCT"),
        found.stream().map(v -> v.property() + " " + v.kind()).toList());
    assertEquals(Property.P5, found.get(0).property());
  }
}

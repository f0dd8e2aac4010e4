package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.barrier;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cutoff needs every loop slot and region expression to be periodic in T as well as in k
 * (proofs/cutoff.md, "Periodicity"): ops of iterations before the removed block keep their T, so
 * their slots must not change when T drops by P. The validator accepts T in loop expressions and
 * checks their period in T, so the schedule's period must include it.
 */
class LoopTripCountPeriodTest {

  /**
   * Two waves; the prologue copies and reads slot 0 and never retires the read; each iteration
   * copies into slot {@code T % 3}. At T = 3 (and every multiple of 3) the loop copies overwrite
   * slot 0 while the prologue reads may still be in flight: a WAR. At T = 1, 2 nothing races.
   */
  static Schedule slotInT() {
    return HandBuilt.uniform(
        2,
        3,
        List.of(
            g2s("0", "w * 8", 8, "0", "prologue copy"),
            vmcnt(0, "prologue wait"),
            barrier("prologue barrier"),
            read("0", "0", 16, "0", "prologue read")),
        List.of(g2s("T % 3", "w * 8", 8, "k + 1", "loop copy"), vmcnt(0, "loop wait")),
        List.of());
  }

  @Test
  void theScheduleIsValid() {
    assertEquals(List.of(), ScheduleValidator.validate(slotInT()));
  }

  @Test
  void theRaceExistsAtTThree() {
    VerificationReport deep =
        Verifier.verifyTripCounts(slotInT(), VerifyOptions.defaults(), List.of(1, 2, 3));
    Violation v =
        assertInstanceOf(Verdict.Violated.class, deep.verdict(), Reports.describe(deep))
            .violations()
            .get(0);
    assertEquals(ViolationKind.WAR, v.kind(), Reports.describe(deep));
    assertEquals(3, v.tripCount(), Reports.describe(deep));
  }

  /**
   * Regression test (proofs/cutoff.md section 8): {@code Schedule.period()} used to take loop
   * expressions' period in k only, so this schedule got P = 1, the verifier unrolled T = 1..2 and
   * said "verified" for every T.
   */
  @Test
  void verifyCoversTThree() {
    VerificationReport r = Verifier.verify(slotInT(), VerifyOptions.defaults());
    assertEquals(
        "violated",
        r.verdict().id(),
        () ->
            "period "
                + r.period()
                + ", unrolled "
                + r.tripCountsChecked()
                + " but the loop slot T % 3 has period 3 in T:\n"
                + Reports.describe(r));
  }
}

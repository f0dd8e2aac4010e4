package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.program;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P7 for schedules built in code (files with such waits are rejected before verification): a wait
 * value the counter's bits cannot encode is reported once per wait of the schedule, for every
 * program that has one.
 */
class EncodabilityTest {

  private static List<Op> loopWaiting(int vmcnt) {
    return List.of(
        g2s("0", "w * 4", 4, "k", "copy"), vmcnt(vmcnt, "wait"), read("0", "0", 16, "k", "read"));
  }

  @Test
  void anOverflowingWaitIsReportedOncePerProgram() {
    Schedule s =
        HandBuilt.schedule(
            4,
            1,
            List.of(
                program("low", List.of(0, 1), List.of(), loopWaiting(64), List.of()),
                program("high", List.of(2, 3), List.of(), loopWaiting(70), List.of())));
    VerificationReport r = Verifier.verify(s, VerifyOptions.defaults());
    List<Violation> p7 =
        r.verdict().violations().stream().filter(v -> v.property() == Property.P7).toList();
    assertEquals(
        List.of(
            "COUNTER_OVERFLOW wave 0 loop #1: vmcnt(64) exceeds the 6-bit counter (max 63)",
            "COUNTER_OVERFLOW wave 2 loop #1: vmcnt(70) exceeds the 6-bit counter (max 63)"),
        p7.stream()
            .map(
                v ->
                    v.kind()
                        + " wave "
                        + v.ops().get(0).wave()
                        + " "
                        + v.ops().get(0).section()
                        + " #"
                        + v.ops().get(0).position()
                        + ": "
                        + v.missingEdge())
            .toList(),
        () -> Reports.describe(r));
  }
}

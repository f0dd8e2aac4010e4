package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.barrier;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.program;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** P6: every wave executes the same number of s_barrier for every trip count. */
class BarrierMatchingTest {

  private static List<Op> barriers(int n, String stage) {
    List<Op> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(barrier(stage));
    }
    return out;
  }

  /** Wave 0 and wave 1 run different programs with the given barrier counts per section. */
  private static Schedule twoRoles(int[] a, int[] b) {
    return HandBuilt.schedule(
        2,
        2,
        List.of(
            program(
                "a",
                List.of(0),
                barriers(a[0], "prologue"),
                barriers(a[1], "loop"),
                barriers(a[2], "epilogue")),
            program(
                "b",
                List.of(1),
                barriers(b[0], "prologue"),
                barriers(b[1], "loop"),
                barriers(b[2], "epilogue"))));
  }

  private static Violation onlyViolation(VerificationReport r) {
    Verdict.Violated v = assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r));
    assertEquals(1, v.violations().size(), Reports.describe(r));
    return v.violations().get(0);
  }

  @Test
  void anExtraEpilogueBarrierMismatchesAtTOne() {
    VerificationReport r =
        Verifier.verify(
            twoRoles(new int[] {1, 1, 1}, new int[] {1, 1, 0}), VerifyOptions.defaults());
    Violation v = onlyViolation(r);
    assertEquals(Property.P6, v.property());
    assertEquals(ViolationKind.BARRIER_MISMATCH, v.kind());
    assertEquals(1, v.tripCount());
    assertEquals(
        "P6 BARRIER_MISMATCH: at T=1 wave 0 (role a) executes 3 s_barrier and wave 1 (role b) 2",
        v.summary());
    assertEquals(
        "s_barrier #2 of wave 0 has no partner in wave 1: the workgroup deadlocks",
        v.missingEdge());
  }

  @Test
  void equalTotalsAtTOneButDifferentPerIterationMismatchAtTTwo() {
    // Role a: 2 + T barriers, role b: 1 + 2T; equal at T = 1 only.
    VerificationReport r =
        Verifier.verify(
            twoRoles(new int[] {2, 1, 0}, new int[] {1, 2, 0}), VerifyOptions.defaults());
    Violation v = onlyViolation(r);
    assertEquals(Property.P6, v.property());
    assertEquals(2, v.tripCount(), Reports.describe(r));
    assertEquals(
        "P6 BARRIER_MISMATCH: at T=2 wave 0 (role a) executes 4 s_barrier and wave 1 (role b) 5",
        v.summary());
  }

  @Test
  void barriersInDifferentSectionsButEqualCountsMatch() {
    // Ping-pong style: role b passes its prologue barrier in the epilogue instead; counts agree
    // for every T, so P6 holds (and there is nothing else to check).
    VerificationReport r =
        Verifier.verify(
            twoRoles(new int[] {1, 2, 0}, new int[] {0, 2, 1}), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Verified.class, r.verdict(), Reports.describe(r));
  }

  @Test
  void aMismatchStopsTheRaceChecks() {
    // Also racy (no wait before the barrier), but happens-before is undefined once barriers do
    // not match: only P6 is reported.
    Schedule s =
        HandBuilt.schedule(
            2,
            1,
            List.of(
                program(
                    "a",
                    List.of(0),
                    List.of(g2s("0", "w * 8", 8, "0", "copy"), barrier("b")),
                    List.of(),
                    List.of(read("0", "0", 16, "0", "read"))),
                program(
                    "b",
                    List.of(1),
                    List.of(g2s("0", "w * 8", 8, "0", "copy"), vmcnt(0, "w")),
                    List.of(),
                    List.of(read("0", "0", 16, "0", "read")))));
    Violation v = onlyViolation(Verifier.verify(s, VerifyOptions.defaults()));
    assertEquals(Property.P6, v.property());
    assertEquals(1, v.tripCount());
  }
}

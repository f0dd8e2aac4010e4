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
        "s_barrier #2 of wave 0 has no partner in wave 1: it completes only after wave 1 has"
            + " ended (an ended wave no longer counts; no deadlock), so it orders nothing against"
            + " that wave; races were checked with that barrier semantics",
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
  void aMismatchDoesNotStopTheRaceChecks() {
    // Role a passes one more barrier than role b, after b has ended: no deadlock (semantics.md
    // P6), so besides the P6 finding P1-P5 are checked with that semantics. Wave 0 never retires
    // its own copy: its read, after its barrier, races with it (P1 RAW, the copy in flight across
    // the barrier), and so does wave 1's read, which no barrier orders (P1 RAW, unordered: a
    // defect of its own); wave 1's read of rows [0, 8) has no write before it (P2). Wave 1's copy
    // is retired before wave 1 ends, and the extra barrier waits for that end, so wave 0's read of
    // rows [8, 16) is not a race.
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
    VerificationReport r = Verifier.verify(s, VerifyOptions.defaults());
    Verdict.Violated v = assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r));
    List<String> found =
        v.violations().stream()
            .map(
                x ->
                    x.property()
                        + " "
                        + x.kind()
                        + x.raceClass().map(c -> " " + c.id()).orElse("")
                        + " T="
                        + x.tripCount())
            .toList();
    assertEquals(
        List.of(
            "P6 BARRIER_MISMATCH T=1",
            "P1 RAW in-flight-across-barrier T=1",
            "P1 RAW unordered T=1",
            "P2 UNINITIALIZED T=1"),
        found);
    assertEquals(
        "P1 RAW: wave 0 epilogue (read): ds_read A[0] rows [0, 16) -> a0 tile A k=0 kc0 may read"
            + " before wave 0 prologue (copy): g2s A[0] rows [0, 8) tile A k=0 lands",
        v.violations().get(1).summary());
  }

  @Test
  void anEndedWavesIssuesHappenBeforeTheSurvivorsExtraBarrier() {
    // Role b retires its copy and ends; role a's extra barrier waits for b's end, so a's read after
    // it sees b's copy: only the P6 finding remains.
    Schedule s =
        HandBuilt.schedule(
            2,
            1,
            List.of(
                program(
                    "a",
                    List.of(0),
                    List.of(g2s("0", "w * 8", 8, "0", "copy"), vmcnt(0, "w"), barrier("b")),
                    List.of(),
                    List.of(read("0", "0", 16, "0", "read"))),
                program(
                    "b",
                    List.of(1),
                    List.of(g2s("0", "w * 8", 8, "0", "copy"), vmcnt(0, "w")),
                    List.of(),
                    List.of())));
    Violation v = onlyViolation(Verifier.verify(s, VerifyOptions.defaults()));
    assertEquals(Property.P6, v.property());
    assertEquals(ViolationKind.BARRIER_MISMATCH, v.kind());
  }

  @Test
  void anEndedWavesCopyInFlightIsNotOrderedByItsEnd() {
    // Wave 1 ends with its copy in flight: the end orders its issue before wave 0's extra
    // barrier, not the copy's landing, so wave 0's read of rows [8, 16) after it races.
    Schedule s =
        HandBuilt.schedule(
            2,
            1,
            List.of(
                program(
                    "a",
                    List.of(0),
                    List.of(g2s("0", "w * 8", 8, "0", "copy"), vmcnt(0, "w"), barrier("b")),
                    List.of(),
                    List.of(read("0", "0", 16, "0", "read"))),
                program(
                    "b",
                    List.of(1),
                    List.of(g2s("0", "w * 8", 8, "0", "copy")),
                    List.of(),
                    List.of())));
    VerificationReport r = Verifier.verify(s, VerifyOptions.defaults());
    Verdict.Violated v = assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r));
    assertEquals(
        List.of("P6 BARRIER_MISMATCH", "P1 RAW", "P2 UNINITIALIZED"),
        v.violations().stream().map(x -> x.property() + " " + x.kind()).toList(),
        Reports.describe(r));
    assertEquals(
        "P1 RAW: wave 0 epilogue (read): ds_read A[0] rows [0, 16) -> a0 tile A k=0 kc0 may read"
            + " before wave 1 prologue (copy): g2s A[0] rows [8, 16) tile A k=0 lands",
        v.violations().get(1).summary());
  }
}

package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The verdict over launch classes folded one report at a time (verify checks a kernel's classes in
 * batches): the same pick, work and counts as over the list of reports.
 */
class LaunchReportsTest {
  private static final Schedule SCHEDULE = FenceSchedules.of(FenceSchedules.Knobs.all());

  /** A report of {@code verdict} whose work is {@code events} events. */
  private static VerificationReport report(Verdict verdict, long events) {
    return new VerificationReport(
        SCHEDULE,
        VerifyOptions.defaults(),
        1,
        List.of(1, 2),
        verdict,
        0,
        new Stats(events, 0, 0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO));
  }

  private static final Verdict VERIFIED = new Verdict.Verified();

  private static Verdict undecided(String why) {
    return new Verdict.Inconclusive(why, List.of());
  }

  @Test
  void theFirstInconclusiveClassIsTheVerdictOfClassesNoneViolated() {
    LaunchReports fold = new LaunchReports();
    assertTrue(fold.add(report(VERIFIED, 1), "a"));
    assertTrue(fold.add(report(undecided("first"), 10), "b"));
    assertFalse(fold.add(report(undecided("second"), 100), "c"));
    assertFalse(fold.add(report(VERIFIED, 1000), "d"));
    assertFalse(fold.violated());
    VerificationReport r = fold.merged(5, "every trip count", List.of());
    assertEquals("first", ((Verdict.Inconclusive) r.verdict()).reason());
    assertEquals(1111, r.stats().events());
    assertEquals(
        new VerificationReport.Launches("every trip count", 5, Optional.of("b"), List.of()),
        r.launches().orElseThrow());
  }

  @Test
  void
      theLastVerifiedClassIsTheReportOfAKernelThatVerifiesAndUncoveredLaunchesMakeItInconclusive() {
    LaunchReports fold = new LaunchReports();
    fold.add(report(VERIFIED, 1), "a");
    assertTrue(fold.add(report(VERIFIED, 2), "b"));
    VerificationReport all = fold.merged(2, "every trip count", List.of());
    assertInstanceOf(Verdict.Verified.class, all.verdict());
    assertEquals(Optional.empty(), all.launches().orElseThrow().foundIn());
    VerificationReport partly = fold.merged(2, "every trip count", List.of("x: too many"));
    assertEquals(
        "1 launch class not covered (the lift cannot follow them; 2 covered, verified): x: too"
            + " many",
        ((Verdict.Inconclusive) partly.verdict()).reason());
  }

  @Test
  void aViolatedClassIsTheVerdictWhateverComesAfterIt() {
    Verdict violated = Verifier.verify(brokenSchedule(), VerifyOptions.defaults()).verdict();
    assertInstanceOf(Verdict.Violated.class, violated);
    LaunchReports fold = new LaunchReports();
    fold.add(report(undecided("before"), 1), "a");
    assertTrue(fold.add(report(violated, 2), "b"));
    assertTrue(fold.violated());
    assertEquals(2, fold.size());
    VerificationReport r = fold.merged(7, "every trip count", List.of("x: too many"));
    assertEquals(violated, r.verdict());
    assertEquals(Optional.of("b"), r.launches().orElseThrow().foundIn());
    assertEquals(7, r.launches().orElseThrow().classes());
    // The list form is the fold over the list.
    assertEquals(
        r,
        VerificationReport.ofLaunches(
            List.of(report(undecided("before"), 1), report(violated, 2)),
            List.of("a", "b", "c", "d", "e", "f", "g"),
            "every trip count",
            List.of("x: too many")));
  }

  /** A fenced schedule with no barrier between a ds_write and another wave's read (P1). */
  private static Schedule brokenSchedule() {
    return FenceSchedules.of(new FenceSchedules.Knobs(true, true, true, true, true, false, true));
  }
}

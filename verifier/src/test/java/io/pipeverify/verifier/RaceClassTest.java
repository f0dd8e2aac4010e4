package io.pipeverify.verifier;

import static io.pipeverify.verifier.FenceSchedules.barrier;
import static io.pipeverify.verifier.FenceSchedules.g2s;
import static io.pipeverify.verifier.FenceSchedules.lgkmcnt;
import static io.pipeverify.verifier.FenceSchedules.read;
import static io.pipeverify.verifier.FenceSchedules.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Races in flight across a barrier against unordered ones (semantics.md section 4), and the one
 * assumption that may excuse the first kind: {@code lds-read-before-dma}.
 */
class RaceClassTest {
  private static final VerifyOptions ASSUMING =
      VerifyOptions.defaults().withAssumptions(List.of(Assumption.LDS_READ_BEFORE_DMA));

  /**
   * Two waves each copy their 8 rows and both read all 16; then each overwrites its rows with an
   * LDS-DMA copy, after a barrier ({@code barrierBeforeCopy}) or with none between the other wave's
   * read and the copy. No wait retires the reads before the copies either way.
   */
  private static Schedule readsThenCopies(boolean barrierBeforeCopy) {
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      List<Op> prologue = List.of(g2s(8 * w, 10), vmcnt(0, 11), barrier(12));
      List<Op> loop = new ArrayList<>();
      loop.add(read(0, 16, 20));
      if (barrierBeforeCopy) {
        loop.add(barrier(21));
      }
      loop.add(g2s(8 * w, 22));
      loop.add(lgkmcnt(0, 23));
      loop.add(vmcnt(0, 24));
      loop.add(barrier(25));
      programs.add(new WaveProgram("w" + w, List.of(w), prologue, loop, List.of()));
    }
    return FenceSchedules.withPrograms(programs);
  }

  private static List<Optional<RaceClass>> classes(VerificationReport r) {
    return r.verdict().violations().stream().map(Violation::raceClass).distinct().toList();
  }

  @Test
  void aReadInFlightAcrossTheBarrierIsItsOwnClass() {
    VerificationReport r = Verifier.verify(readsThenCopies(true), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Violated.class, r.verdict(), () -> Reports.describe(r));
    assertEquals(List.of(Optional.of(RaceClass.IN_FLIGHT)), classes(r), () -> Reports.describe(r));
    String text = new TextReportRenderer(false).render(r);
    assertTrue(
        text.contains("\n  race class:      in flight across the barrier: ordered at issue"),
        () -> text);
    String json = new JsonReportRenderer(false).render(r);
    assertTrue(json.contains("\"class\" : \"in-flight-across-barrier\""), () -> json);
  }

  @Test
  void theAssumptionExcusesExactlyTheReadsInFlightAcrossTheBarrier() {
    VerificationReport r = Verifier.verify(readsThenCopies(true), ASSUMING);
    assertInstanceOf(Verdict.Verified.class, r.verdict(), () -> Reports.describe(r));
    assertTrue(r.verifiedUnderAssumptions());
    // One defect (the loop's read against the loop's copy, whichever waves): each wave's read of
    // both waves' rows against each wave's copy, in iterations 0 and 1 (T = 1..2): 8 instances.
    assertEquals(1, r.excused().size(), () -> r.excused().toString());
    assertEquals(8, r.excused().get(0).instances());
    for (Excused e : r.excused()) {
      assertEquals(Assumption.LDS_READ_BEFORE_DMA, e.assumption());
      assertEquals("P1 WAR", e.rule());
      assertEquals("k.s:20", e.first().origin());
      assertEquals("k.s:22", e.second().origin());
    }
    String text = new TextReportRenderer(false).render(r);
    assertTrue(text.startsWith("fenced: VERIFIED under assumption lds-read-before-dma\n"), text);
    assertTrue(
        text.contains("\n  note: P1 WAR in flight across the barrier: wave 0 loop k=0"), text);
    String json = new JsonReportRenderer(false).render(r);
    assertTrue(json.contains("\"assumptions\" : [\n    \"lds-read-before-dma\"\n  ]"), json);
    assertTrue(json.contains("\"assumption\" : \"lds-read-before-dma\""), json);
    assertTrue(json.contains("\"class\" : \"in-flight-across-barrier\""), json);
  }

  @Test
  void anUnorderedRaceStaysViolatedUnderTheAssumption() {
    VerificationReport plain = Verifier.verify(readsThenCopies(false), VerifyOptions.defaults());
    VerificationReport r = Verifier.verify(readsThenCopies(false), ASSUMING);
    assertInstanceOf(Verdict.Violated.class, r.verdict(), () -> Reports.describe(r));
    assertEquals(List.of(Optional.of(RaceClass.UNORDERED)), classes(r), () -> Reports.describe(r));
    // No barrier between a read and the copies of the same iteration: every race is unordered
    // (the reads and copies of other iterations are ordered by the loop's waits and barrier), so
    // nothing is excused.
    assertEquals(List.of(), r.excused());
    assertEquals(plain.verdict().instances(), r.verdict().instances());
  }

  @Test
  void cdna4InterleavesDefaultViolationIsOnlyReadsInFlight() {
    Schedule s = Reports.builtin("cdna4-interleave");
    VerificationReport plain = Reports.canonical("cdna4-interleave");
    assertEquals(List.of(Optional.of(RaceClass.IN_FLIGHT)), classes(plain));
    VerificationReport r = Verifier.verify(s, ASSUMING);
    assertInstanceOf(Verdict.Verified.class, r.verdict(), () -> Reports.describe(r));
    assertEquals(
        plain.verdict().instances(),
        r.excused().stream().mapToInt(Excused::instances).sum(),
        "every instance of the finding is excused, each once");
  }
}

package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class LaunchClassVerifierTest {
  private static final VerifyOptions OPTIONS = VerifyOptions.defaults();

  @Test
  void aRaceFreeFencedScheduleVerifiesByItsHalves() {
    Schedule s = FenceSchedules.of(FenceSchedules.Knobs.all());
    VerificationReport r = new LaunchClassVerifier(OPTIONS).verify(s);
    assertInstanceOf(Verdict.Verified.class, r.verdict());
    // Both halves were verified: the loop's unrolls T = 1, 2 and the rest once.
    FenceSplit split = FenceSplit.of(s).orElseThrow();
    long halves =
        Verifier.verify(split.before(), OPTIONS).stats().events()
            + Verifier.verifyTripCounts(split.after(), OPTIONS, List.of(1)).stats().events();
    assertEquals(halves, r.stats().events());
    assertEquals(Verifier.verify(s, OPTIONS).tripCountsChecked(), r.tripCountsChecked());
  }

  @Test
  void aRaceAfterTheFenceIsTheWholeSchedulesFinding() {
    // No barrier between one wave's ds_write and the other wave's read of those rows.
    Schedule s =
        FenceSchedules.of(new FenceSchedules.Knobs(true, true, true, true, true, false, true));
    VerificationReport split = new LaunchClassVerifier(OPTIONS).verify(s);
    VerificationReport whole = Verifier.verify(s, OPTIONS);
    assertInstanceOf(Verdict.Violated.class, split.verdict());
    assertEquals(whole.verdict(), split.verdict());
    assertEquals("P1", split.verdict().violations().get(0).property().name());
  }

  @Test
  void aReadAfterTheFenceOfBytesWrittenBeforeItVerifiesWhole() {
    // After the fence the waves only read what the copies wrote before it: the half after the
    // fence alone reads uninitialised rows (P2), so the class is verified whole, and it verifies.
    Schedule s =
        FenceSchedules.of(new FenceSchedules.Knobs(true, true, true, true, true, true, false));
    FenceSplit split = FenceSplit.of(s).orElseThrow();
    assertInstanceOf(
        Verdict.Violated.class,
        Verifier.verifyTripCounts(split.after(), OPTIONS, List.of(1)).verdict());
    VerificationReport r = new LaunchClassVerifier(OPTIONS).verify(s);
    assertInstanceOf(Verdict.Verified.class, r.verdict());
    assertEquals(Verifier.verify(s, OPTIONS).stats().events(), r.stats().events());
  }

  @Test
  void classesSharingAHalfVerifyItOnce() {
    LaunchClassVerifier v = new LaunchClassVerifier(OPTIONS);
    Schedule first = FenceSchedules.of(FenceSchedules.Knobs.all());
    v.verify(first);
    // The same loop, another way after the fence: one more read at its end.
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : first.programs()) {
      List<Op> epilogue = new ArrayList<>(p.epilogue());
      epilogue.add(FenceSchedules.read(0, 8, 45));
      programs.add(new WaveProgram(p.role(), p.waves(), p.prologue(), p.loop(), epilogue));
    }
    Schedule second = first.withPrograms(programs);
    VerificationReport r = v.verify(second);
    assertInstanceOf(Verdict.Verified.class, r.verdict());
    FenceSplit split = FenceSplit.of(second).orElseThrow();
    assertEquals(
        Verifier.verifyTripCounts(split.after(), OPTIONS, List.of(1)).stats().events(),
        r.stats().events());
  }

  /** Whatever waits and barriers are missing, the verdict is the whole schedule's. */
  @Property(tries = 60)
  void theVerdictIsTheWholeSchedules(
      @ForAll boolean copyWait,
      @ForAll boolean loopReadWait,
      @ForAll boolean loopBarrier,
      @ForAll boolean fence,
      @ForAll boolean epilogueWait,
      @ForAll boolean epilogueBarrier,
      @ForAll boolean epilogueWrites) {
    Schedule s =
        FenceSchedules.of(
            new FenceSchedules.Knobs(
                copyWait,
                loopReadWait,
                loopBarrier,
                fence,
                epilogueWait,
                epilogueBarrier,
                epilogueWrites));
    assertEquals(
        Verifier.verify(s, OPTIONS).verdict(),
        new LaunchClassVerifier(OPTIONS).verify(s).verdict());
  }
}

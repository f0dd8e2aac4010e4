package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
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
            + Verifier.verifyTripCounts(split.after().orElseThrow(), OPTIONS, List.of(1))
                .stats()
                .events();
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
        Verifier.verifyTripCounts(split.after().orElseThrow(), OPTIONS, List.of(1)).verdict());
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
    Schedule second =
        FenceSchedules.withEpilogues(
            first,
            e -> {
              List<Op> epilogue = new ArrayList<>(e);
              epilogue.add(FenceSchedules.read(0, 8, 45));
              return epilogue;
            });
    VerificationReport r = v.verify(second);
    assertInstanceOf(Verdict.Verified.class, r.verdict());
    FenceSplit split = FenceSplit.of(second).orElseThrow();
    assertEquals(
        Verifier.verifyTripCounts(split.after().orElseThrow(), OPTIONS, List.of(1))
            .stats()
            .events(),
        r.stats().events());
  }

  @Test
  void aKernelReadFromAnotherFileForAnotherTargetReusesTheVerifiedHalves() {
    LaunchClassVerifier.Halves halves = new LaunchClassVerifier.Halves();
    Schedule gfx950 = FenceSchedules.of(FenceSchedules.Knobs.all());
    VerificationReport first = new LaunchClassVerifier(OPTIONS, halves).verify(gfx950);
    assertInstanceOf(Verdict.Verified.class, first.verdict());
    // The runs of T = 1 and 2 before the fence (neither starts the other: the epilogue's read
    // follows the loop) and the half after it.
    assertEquals(3, halves.verifications());
    Schedule gfx942 =
        gfx950.mapOps(op -> op.inFile("other.s")).withModel(Target.GFX942, gfx950.implicitWaits());
    VerificationReport r = new LaunchClassVerifier(OPTIONS, halves).verify(gfx942);
    assertInstanceOf(Verdict.Verified.class, r.verdict());
    assertEquals(3, halves.verifications(), "nothing verified again");
    // The report counts the kernel's halves as its own work: the same whatever came before.
    assertEquals(first.stats().events(), r.stats().events());
    assertEquals(Target.GFX942, r.schedule().target());
  }

  @Test
  void aHalfThatFitsOneTargetsLdsOnlyIsVerifiedAgainForTheOther() {
    LaunchClassVerifier.Halves halves = new LaunchClassVerifier.Halves();
    // 100 KiB of LDS: within gfx950's 160 KiB, beyond gfx942's 64 KiB.
    Schedule big =
        new Schedule(
            "big",
            Target.GFX950,
            2,
            io.pipeverify.model.ImplicitWaits.NONE,
            List.of(),
            List.of(new io.pipeverify.model.LdsBuffer("lds", 1, 800 * 128, 128)),
            new io.pipeverify.model.Gemm(16, 16, 32, 32),
            FenceSchedules.of(FenceSchedules.Knobs.all()).programs(),
            1,
            io.pipeverify.model.Intent.NONE);
    assertInstanceOf(
        Verdict.Verified.class, new LaunchClassVerifier(OPTIONS, halves).verify(big).verdict());
    VerificationReport r =
        new LaunchClassVerifier(OPTIONS, halves)
            .verify(big.withModel(Target.GFX942, big.implicitWaits()));
    assertEquals(
        Verifier.verify(big.withModel(Target.GFX942, big.implicitWaits()), OPTIONS).verdict(),
        r.verdict());
    assertEquals("P7", r.verdict().violations().get(0).property().name());
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

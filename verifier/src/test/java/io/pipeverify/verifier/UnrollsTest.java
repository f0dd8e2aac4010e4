package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnrollsTest {
  /** The race-free fenced schedule without the epilogue's read before the fence. */
  private static Schedule loopThenFence() {
    return FenceSchedules.withEpilogues(
        FenceSchedules.of(FenceSchedules.Knobs.all()), e -> e.subList(1, e.size()));
  }

  @Test
  void theRunOfOneTripStartsTheRunOfTwo() {
    Schedule before = FenceSplit.of(loopThenFence()).orElseThrow().before();
    List<Schedule> runs = Unrolls.of(before);
    assertEquals(2, runs.size());
    assertEquals(3 + 6, runs.get(0).programs().get(0).prologue().size());
    assertEquals(3 + 12, runs.get(1).programs().get(0).prologue().size());
    assertTrue(Unrolls.starts(runs.get(0), runs.get(1)));
    assertFalse(Unrolls.starts(runs.get(1), runs.get(0)));
    assertEquals(
        List.of(runs.get(1)), Unrolls.longest(List.of(runs.get(0), runs.get(1), runs.get(0))));
  }

  @Test
  void aRunWhoseWavesMeetDifferentNumbersOfBarriersStartsNothing() {
    Schedule before = FenceSplit.of(loopThenFence()).orElseThrow().before();
    Schedule two = Unrolls.of(before).get(1);
    // Wave 0 stops after its first barrier, wave 1 runs on to its second.
    List<WaveProgram> programs = new ArrayList<>();
    programs.add(cut(two.programs().get(0), 3));
    programs.add(cut(two.programs().get(1), 9));
    assertFalse(Unrolls.starts(two.withPrograms(programs), two));
  }

  @Test
  void aLoopWhoseRegionsFollowKHasNoRuns() {
    Schedule before = FenceSplit.of(loopThenFence()).orElseThrow().before();
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : before.programs()) {
      List<Op> loop = new ArrayList<>(p.loop());
      loop.add(
          new Op.G2s(
              "lds",
              Expr.of(0),
              Region.rows(Expr.parse("k % 2 * 8"), Expr.of(8)),
              TileTag.wholeRows("lds", "0", "0", 8),
              FenceSchedules.at(26)));
      programs.add(new WaveProgram(p.role(), p.waves(), p.prologue(), loop, p.epilogue()));
    }
    assertEquals(List.of(), Unrolls.of(before.withPrograms(programs)));
  }

  @Test
  void theClassesOfAKernelAreVerifiedByItsLongestRuns() {
    Schedule s = loopThenFence();
    LaunchClassVerifier.Halves halves = new LaunchClassVerifier.Halves();
    List<VerificationReport> reports =
        new LaunchClassVerifier(VerifyOptions.defaults(), halves).verifyAll(List.of(s, s));
    assertEquals(2, reports.size());
    reports.forEach(r -> assertTrue(r.verdict() instanceof Verdict.Verified, r.verdict().id()));
    // The run of two trips (the one of one starts it) and the half after the fence.
    assertEquals(2, halves.verifications());
  }

  private static WaveProgram cut(WaveProgram p, int ops) {
    return new WaveProgram(p.role(), p.waves(), p.prologue().subList(0, ops), List.of(), List.of());
  }
}

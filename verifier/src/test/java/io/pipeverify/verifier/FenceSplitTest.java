package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Intent;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FenceSplitTest {
  private static final FenceSchedules.Knobs ALL = FenceSchedules.Knobs.all();

  @Test
  void aFencedEpilogueSplitsIntoTheLoopAndTheRestWithoutALoop() {
    Schedule s = FenceSchedules.of(ALL);
    FenceSplit split = FenceSplit.of(s).orElseThrow();
    WaveProgram before = split.before().programs().get(1);
    // The epilogue's read stays; the fence's wait (line 31) and barrier (32) are not in it.
    assertEquals(List.of(30), lines(before.epilogue()));
    assertEquals(s.programs().get(1).loop(), before.loop());
    WaveProgram after = split.after().orElseThrow().programs().get(1);
    assertEquals(List.of(32, 40, 41, 42, 43, 44), lines(after.prologue()));
    assertTrue(after.loop().isEmpty() && after.epilogue().isEmpty());
  }

  @Test
  void aBarrierAfterOnlyVmcntZeroIsNoFence() {
    Schedule s =
        FenceSchedules.of(new FenceSchedules.Knobs(true, true, true, false, true, true, true));
    // The first drained barrier is the one after the ds_write's lgkmcnt(0), at line 42.
    FenceSplit split = FenceSplit.of(s).orElseThrow();
    assertEquals(
        List.of(42, 43, 44), lines(split.after().orElseThrow().programs().get(0).prologue()));
    assertEquals(List.of(30, 31, 32, 40), lines(split.before().programs().get(0).epilogue()));
  }

  @Test
  void aCountedOpBetweenTheWaitAndTheBarrierUndrainsIt() {
    List<Op> epilogue =
        List.of(
            FenceSchedules.wait(0, 0, 1),
            FenceSchedules.read(0, 8, 2),
            FenceSchedules.barrier(3),
            FenceSchedules.lgkmcnt(0, 4),
            FenceSchedules.barrier(5));
    assertEquals(4, FenceSplit.fence(epilogue));
  }

  @Test
  void noSplitWhereAWaveHasNoFence() {
    Schedule s = FenceSchedules.of(ALL);
    List<WaveProgram> programs = new ArrayList<>(s.programs());
    WaveProgram w1 = programs.get(1);
    programs.set(
        1,
        new WaveProgram(
            w1.role(),
            w1.waves(),
            w1.prologue(),
            w1.loop(),
            List.of(FenceSchedules.read(0, 16, 30), FenceSchedules.barrier(32))));
    assertEquals(Optional.empty(), FenceSplit.of(s.withPrograms(programs)));
  }

  @Test
  void wavesThatAllEndWithoutAFenceAreTheHalfBeforeOne() {
    Schedule s = FenceSchedules.of(FenceSchedules.Knobs.all());
    Schedule ended =
        FenceSchedules.withEpilogues(
            s, e -> List.of(FenceSchedules.read(0, 16, 30), FenceSchedules.wait(0, 0, 31)));
    FenceSplit split = FenceSplit.of(ended).orElseThrow();
    assertEquals(Optional.empty(), split.after());
    // The same half as the fenced schedule's: the final wait orders nothing.
    assertEquals(FenceSplit.of(s).orElseThrow().before(), split.before());
  }

  @Test
  void storesDrainedBeforeTheFirstCopyLeaveTheHalf() {
    Schedule s = FenceSchedules.of(FenceSchedules.Knobs.all());
    FenceSplit plain = FenceSplit.of(s).orElseThrow();
    // Two global stores (gloads no op reads) and a vmcnt(0) before wave 0's first copy.
    Schedule stored = withPrologueStart(s, List.of(store(1), store(2), FenceSchedules.vmcnt(0, 3)));
    assertEquals(plain.before(), FenceSplit.of(stored).orElseThrow().before());
    // Without the drain the stores count on vmcnt when the copy's wait comes: they stay.
    Schedule undrained = withPrologueStart(s, List.of(store(1), store(2)));
    assertEquals(
        List.of(1, 2, 10, 11, 12),
        lines(FenceSplit.of(undrained).orElseThrow().before().programs().get(0).prologue()));
  }

  @Test
  void aLoadWhoseRegisterIsReadLaterStays() {
    Schedule s = FenceSchedules.of(FenceSchedules.Knobs.all());
    // ds_write's source v0 is the register the load defines.
    Op load =
        new Op.GLoad(
            "v0", io.pipeverify.model.TileTag.wholeRows("g", "0", "0", 1), FenceSchedules.at(1));
    Schedule loaded = withPrologueStart(s, List.of(load, FenceSchedules.vmcnt(0, 2)));
    assertEquals(
        List.of(1, 2, 10, 11, 12),
        lines(FenceSplit.of(loaded).orElseThrow().before().programs().get(0).prologue()));
  }

  private static Op store(int line) {
    return new Op.GLoad(
        "store line " + line,
        io.pipeverify.model.TileTag.wholeRows("global", "0", "0", 1),
        FenceSchedules.at(line));
  }

  /** {@code s} with {@code start} before wave 0's prologue. */
  private static Schedule withPrologueStart(Schedule s, List<Op> start) {
    List<WaveProgram> programs = new ArrayList<>(s.programs());
    WaveProgram w0 = programs.get(0);
    List<Op> prologue = new ArrayList<>(start);
    prologue.addAll(w0.prologue());
    programs.set(0, new WaveProgram(w0.role(), w0.waves(), prologue, w0.loop(), w0.epilogue()));
    return s.withPrograms(programs);
  }

  @Test
  void noSplitWhereTheFenceIsNotTheSameBarrierInEveryWave() {
    Schedule s = FenceSchedules.of(ALL);
    List<WaveProgram> programs = new ArrayList<>(s.programs());
    WaveProgram w0 = programs.get(0);
    List<Op> epilogue = new ArrayList<>();
    epilogue.add(FenceSchedules.barrier(29)); // one more barrier before wave 0's fence
    epilogue.addAll(w0.epilogue());
    programs.set(0, new WaveProgram(w0.role(), w0.waves(), w0.prologue(), w0.loop(), epilogue));
    assertEquals(Optional.empty(), FenceSplit.of(s.withPrograms(programs)));
  }

  @Test
  void noSplitWhereAnMfmaComesAfterTheFence() {
    Schedule s = FenceSchedules.of(ALL);
    Schedule mfma =
        FenceSchedules.withEpilogues(
            s,
            e -> {
              List<Op> epilogue = new ArrayList<>(e);
              epilogue.add(new Op.Mfma("v30", "v30", 0, 0, 0, Expr.of(0), FenceSchedules.at(50)));
              return epilogue;
            });
    assertEquals(Optional.empty(), FenceSplit.of(mfma));
  }

  @Test
  void noSplitForSchedulesWithGemmIntent() {
    Schedule s = FenceSchedules.of(ALL);
    Schedule withIntent =
        new Schedule(
            s.name(),
            s.target(),
            s.waves(),
            s.implicitWaits(),
            s.waveParams(),
            s.buffers(),
            s.gemm(),
            s.programs(),
            s.nominalTripCount(),
            Intent.GEMM);
    assertEquals(Optional.empty(), FenceSplit.of(withIntent));
  }

  @Test
  void theHalvesOfTheRaceFreeScheduleVerify() {
    FenceSplit split = FenceSplit.of(FenceSchedules.of(ALL)).orElseThrow();
    VerifyOptions options = VerifyOptions.defaults();
    assertInstanceOf(Verdict.Verified.class, Verifier.verify(split.before(), options).verdict());
    assertInstanceOf(
        Verdict.Verified.class, Verifier.verify(split.after().orElseThrow(), options).verdict());
  }

  private static List<Integer> lines(List<Op> ops) {
    return ops.stream()
        .map(o -> ((io.pipeverify.model.Origin.InAssembly) o.origin()).line())
        .toList();
  }
}

package io.pipeverify.verifier;

import static io.pipeverify.verifier.FenceSchedules.barrier;
import static io.pipeverify.verifier.FenceSchedules.g2s;
import static io.pipeverify.verifier.FenceSchedules.lgkmcnt;
import static io.pipeverify.verifier.FenceSchedules.read;
import static io.pipeverify.verifier.FenceSchedules.vmcnt;
import static io.pipeverify.verifier.FenceSchedules.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Same-wave LDS order (semantics.md section 2): one wave's DS instructions access LDS in issue
 * order, so a wave may overwrite bytes it has just read with a ds_write and no wait between; an
 * LDS-DMA write (g2s) travels the vector-memory path and is not ordered with them.
 */
class SameWaveLdsOrderTest {

  /**
   * Two waves, each on its own 8 rows: a copy of them retired before a barrier, then a loop that
   * reads the rows and overwrites them with {@code overwrite} before any wait.
   */
  private static Schedule readThenOverwrite(boolean withDma) {
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      List<Op> prologue = List.of(g2s(8 * w, 10), vmcnt(0, 11), barrier(12));
      List<Op> loop =
          List.of(
              read(8 * w, 8, 20),
              withDma ? g2s(8 * w, 21) : write(8 * w, 21),
              FenceSchedules.wait(0, 0, 22));
      programs.add(new WaveProgram("w" + w, List.of(w), prologue, loop, List.of()));
    }
    return FenceSchedules.withPrograms(programs);
  }

  @Test
  void aDsWriteAfterTheSameWavesReadOfItsBytesNeedsNoWait() {
    VerificationReport r = Verifier.verify(readThenOverwrite(false), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Verified.class, r.verdict(), () -> Reports.describe(r));
  }

  @Test
  void anLdsDmaWriteAfterTheSameWavesReadIsARace() {
    VerificationReport r = Verifier.verify(readThenOverwrite(true), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Violated.class, r.verdict(), () -> Reports.describe(r));
    Violation v = r.verdict().violations().get(0);
    assertEquals(Property.P1, v.property(), () -> Reports.describe(r));
    assertEquals(ViolationKind.WAR, v.kind(), () -> Reports.describe(r));
    // The wave's own read (line 20) and its own copy (line 21), in the same wave and iteration.
    assertEquals("k.s:20", v.ops().get(0).origin(), () -> Reports.describe(r));
    assertEquals("k.s:21", v.ops().get(1).origin(), () -> Reports.describe(r));
    assertEquals(v.ops().get(0).wave(), v.ops().get(1).wave(), () -> Reports.describe(r));
  }

  @Test
  void theGraphChainsAWavesDsAccessesAndLeavesItsDmaOut() {
    HappensBefore hb =
        HappensBefore.of(Unroller.unroll(readThenOverwrite(false), 2, CounterMode.ORDERED));
    List<Event.OpEvent> wave0 =
        hb.accessEvents().stream().filter(e -> e.instance().wave() == 0).toList();
    // prologue g2s, then read and write of k=0 and of k=1.
    assertEquals(5, wave0.size());
    Event.OpEvent copy = wave0.get(0);
    Event.OpEvent read0 = wave0.get(1);
    Event.OpEvent write0 = wave0.get(2);
    Event.OpEvent read1 = wave0.get(3);
    assertTrue(hb.before(read0, write0), "read k=0 -> write k=0");
    assertTrue(hb.before(read0, read1), "read k=0 -> read k=1, through the write");
    assertFalse(hb.before(write0, read0));
    // The g2s is retired by vmcnt(0) before the barrier: ordered before the reads by that wait,
    // not by LDS order.
    assertTrue(hb.before(copy, read0));
    HappensBefore dma =
        HappensBefore.of(Unroller.unroll(readThenOverwrite(true), 1, CounterMode.ORDERED));
    List<Event.OpEvent> dma0 =
        dma.accessEvents().stream().filter(e -> e.instance().wave() == 0).toList();
    assertFalse(dma.before(dma0.get(1), dma0.get(2)), "read -/-> the same wave's later g2s");
    assertFalse(dma.before(dma0.get(2), dma0.get(1)));
  }

  @Test
  void theOtherWavesReadStillRacesWithoutAWait() {
    // Both waves read all 16 rows, pass a barrier and overwrite their own 8 with a ds_write, the
    // reads retired only after it: same-wave order says nothing across waves, so each wave's
    // write races the other wave's read (in flight across the barrier; with no barrier at the
    // loop's end the next iteration's read races the write too), but no wave's own pair does.
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      List<Op> prologue = List.of(g2s(8 * w, 10), vmcnt(0, 11), barrier(12));
      List<Op> loop = List.of(read(0, 16, 20), barrier(21), write(8 * w, 22), lgkmcnt(0, 23));
      programs.add(new WaveProgram("w" + w, List.of(w), prologue, loop, List.of(barrier(30))));
    }
    VerificationReport r =
        Verifier.verify(FenceSchedules.withPrograms(programs), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Violated.class, r.verdict(), () -> Reports.describe(r));
    for (Violation x : r.verdict().violations()) {
      assertNotEquals(x.ops().get(0).wave(), x.ops().get(1).wave(), () -> Reports.describe(r));
    }
    Violation v = r.verdict().violations().get(0);
    assertEquals(ViolationKind.WAR, v.kind(), () -> Reports.describe(r));
    assertEquals("k.s:20", v.ops().get(0).origin(), () -> Reports.describe(r));
    assertEquals("k.s:22", v.ops().get(1).origin(), () -> Reports.describe(r));
    assertEquals(Optional.of(RaceClass.IN_FLIGHT), v.raceClass(), () -> Reports.describe(r));
  }
}

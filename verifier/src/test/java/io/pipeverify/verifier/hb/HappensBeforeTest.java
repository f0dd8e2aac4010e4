package io.pipeverify.verifier.hb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.HandBuilt;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class HappensBeforeTest {

  private static HappensBefore tiny(int trips) {
    Execution e = Unroller.unroll(HandBuilt.doubleBuffer(1, true), trips, CounterMode.ORDERED);
    return HappensBefore.of(e);
  }

  /** The access event of wave {@code w}'s op of the given kind, section and iteration. */
  private static Event.OpEvent access(
      HappensBefore hb, int w, Class<? extends Op> kind, Section section, int k) {
    for (Event.OpEvent e : hb.accessEvents()) {
      Instance i = e.instance();
      if (i.wave() == w
          && kind.isInstance(i.op())
          && i.section() == section
          && i.iteration() == k) {
        return e;
      }
    }
    throw new AssertionError("no access of " + kind.getSimpleName() + " in wave " + w);
  }

  @Test
  void everyEdgeKindAppears() {
    HappensBefore hb = tiny(1);
    Set<EdgeKind> kinds =
        hb.edges().stream().map(HappensBefore.Edge::kind).collect(Collectors.toSet());
    assertEquals(EnumSet.allOf(EdgeKind.class), kinds);
    assertEquals(hb.edges().size(), hb.edgeCount());
  }

  @Test
  void barrierInstancesAreSharedByAllWaves() {
    HappensBefore hb = tiny(2);
    // Per wave: prologue 1, two per iteration, epilogue 1 = 6 barriers; one node each, not 12.
    List<Event.BarrierEvent> barriers =
        hb.events().stream()
            .filter(e -> e instanceof Event.BarrierEvent)
            .map(Event.BarrierEvent.class::cast)
            .toList();
    assertEquals(6, barriers.size());
    assertEquals(List.of(0, 1, 2, 3, 4, 5), barriers.stream().map(Event.BarrierEvent::n).toList());
    for (Event.BarrierEvent b : barriers) {
      long in = hb.edges().stream().filter(x -> x.to() == b).count();
      long out = hb.edges().stream().filter(x -> x.from() == b).count();
      assertEquals(2, in, "each of the two waves enters barrier " + b.n());
      assertEquals(2, out, "each of the two waves leaves barrier " + b.n());
      assertTrue(
          hb.edges().stream()
              .filter(x -> x.to() == b || x.from() == b)
              .allMatch(x -> x.kind() == EdgeKind.BARRIER));
    }
  }

  @Test
  void aRetiredCopyReachesAnotherWavesReadThroughTheBarrier() {
    HappensBefore hb = tiny(1);
    Event.OpEvent copy = access(hb, 0, Op.G2s.class, Section.PROLOGUE, -1);
    Event.OpEvent read = access(hb, 1, Op.DsRead.class, Section.LOOP, 0);
    assertTrue(hb.before(copy, read), "vmcnt(0) retires the copy before s_barrier #0");
    assertFalse(hb.before(read, copy));
    // The copy's access retires at the wait; the wait's release precedes the barrier.
    assertTrue(
        hb.edges().stream().anyMatch(x -> x.from() == copy && x.kind() == EdgeKind.WAIT_RETIRES));
  }

  @Test
  void anInFlightCopyIsOrderedWithNothingOfAnotherWave() {
    HappensBefore hb = tiny(2);
    // Wave 0's copy of tile 2 (k=1, slot 0) is issued after s_barrier #2 and retired only by the
    // epilogue's vmcnt(0): the loop reads of wave 1 in slot 0 at k=0 precede it, nothing follows.
    Event.OpEvent copy = access(hb, 0, Op.G2s.class, Section.LOOP, 1);
    Event.OpEvent earlierRead = access(hb, 1, Op.DsRead.class, Section.LOOP, 0);
    Event.OpEvent laterRead = access(hb, 1, Op.DsRead.class, Section.EPILOGUE, -1);
    assertTrue(hb.before(earlierRead, copy));
    assertTrue(hb.before(copy, laterRead));
    Event.OpEvent sameIterationRead = access(hb, 1, Op.DsRead.class, Section.LOOP, 1);
    assertFalse(hb.before(copy, sameIterationRead));
    assertFalse(hb.before(sameIterationRead, copy));
  }

  @Test
  void mfmasHaveNoEventsAndReachabilityCoversBarrierNodes() {
    HappensBefore hb = tiny(1);
    assertTrue(
        hb.events().stream()
            .noneMatch(e -> e instanceof Event.OpEvent o && o.instance().op() instanceof Op.Mfma));
    Event barrier =
        hb.events().stream().filter(e -> e instanceof Event.BarrierEvent).findFirst().orElseThrow();
    Event.OpEvent read = access(hb, 1, Op.DsRead.class, Section.LOOP, 0);
    // The prologue's first s_barrier precedes the loop's read; the read does not precede it.
    assertTrue(hb.before(barrier, read));
    assertFalse(hb.before(read, barrier));
    assertFalse(hb.before(barrier, barrier));
    Event foreign = tiny(2).events().get(hb.events().size());
    assertThrows(IllegalArgumentException.class, () -> hb.before(read, foreign));
  }

  @Test
  void twoImplicitWaitsBeforeOneOpHaveTwoNames() throws Exception {
    // triton-pingpong's two clusters: a loop ds_read gets LLVM's wait and a full lgkmcnt's stall.
    Execution e =
        Unroller.unroll(
            WaveSpecialization.specialize(
                Transforms.byName("triton-pingpong")
                    .orElseThrow()
                    .generate(Map.of("clusters", "2", "barrier", "plain", "tileK", "32"))),
            1,
            CounterMode.ORDERED);
    HappensBefore hb = HappensBefore.of(e);
    List<Instance> guards =
        e.waves().get(0).stream()
            .filter(i -> i.implicit() && i.section() == Section.LOOP && i.position() == 72)
            .toList();
    assertEquals(2, guards.size());
    assertFalse(hb.issueOf(guards.get(0)).name().equals(hb.issueOf(guards.get(1)).name()));
    assertEquals(
        hb.events().size(), hb.events().stream().map(Event::name).distinct().count(), "unique");
  }

  @Test
  void eventNamesAreStableAndReadable() {
    HappensBefore hb = tiny(1);
    Event.OpEvent read = access(hb, 1, Op.DsRead.class, Section.LOOP, 0);
    // Wave 1, its 9th instance (seq 8), loop k=0 position 4.
    assertEquals("t_w1_8_k0_4_ds_read_access", read.name());
    assertEquals(
        hb.events().size(), hb.events().stream().map(Event::name).distinct().count(), "unique");
  }
}

package io.pipeverify.verifier.check;

import static io.pipeverify.verifier.HandBuilt.barrier;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.HandBuilt;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RaceCheckerTest {

  private static HappensBefore hb(Schedule s, int trips) {
    return HappensBefore.of(Unroller.unroll(s, trips, CounterMode.ORDERED));
  }

  private static Schedule prologueOnly(int waves, List<Op> prologue) {
    return HandBuilt.uniform(waves, 1, prologue, List.of(), List.of());
  }

  private static String kinds(RaceChecker.Result r) {
    return r.findings().stream()
        .map(f -> f.property() + " " + f.kind())
        .collect(Collectors.toCollection(TreeSet::new))
        .toString();
  }

  private static String describe(RaceChecker.Result r) {
    return r.findings().stream()
        .map(
            f ->
                f.key()
                    + ": "
                    + f.first().where()
                    + " w"
                    + f.first().wave()
                    + f.second().map(s -> " / " + s.where() + " w" + s.wave()).orElse(""))
        .collect(Collectors.joining("\n"));
  }

  @Test
  void aBarrierWithoutVmcntIsRaw() {
    // Each wave copies its 8 rows, passes s_barrier without waiting, reads all 16 rows.
    Schedule s =
        prologueOnly(
            2,
            List.of(
                g2s("0", "w * 8", 8, "0", "copy"), barrier("b"), read("0", "0", 16, "0", "read")));
    RaceChecker.Result r = RaceChecker.check(hb(s, 1));
    assertEquals("[P1 RAW, P2 UNINITIALIZED]", kinds(r), describe(r));
    RaceFinding first = r.findings().get(0);
    assertTrue(first.first().op() instanceof Op.G2s, describe(r));
    assertTrue(first.second().orElseThrow().op() instanceof Op.DsRead, describe(r));
    // 2 waves x 2 copies conflict with the 2 reads: 4 pairs, none ordered.
    assertEquals(4, r.pairs());
    assertEquals(0, r.ordered().size());
  }

  @Test
  void overwritingWhileAnotherWaveReadsIsWar() {
    Schedule s =
        prologueOnly(
            2,
            List.of(
                g2s("0", "w * 8", 8, "0", "copy"),
                vmcnt(0, "wait"),
                barrier("b"),
                read("0", "0", 16, "0", "read"),
                barrier("b2"),
                g2s("0", "w * 8", 8, "1", "next")));
    RaceChecker.Result r = RaceChecker.check(hb(s, 1));
    assertEquals("[P1 WAR]", kinds(r), describe(r));
    // Each wave's read against each wave's next copy: 2 x 2 races.
    assertEquals(4, r.findings().size(), describe(r));
    for (RaceFinding f : r.findings()) {
      assertTrue(f.first().op() instanceof Op.DsRead, "the read should be first");
      assertEquals("next", InstanceText.stage(f.second().orElseThrow()));
    }
    // Conflicting pairs: 2 copies x 2 reads, 2 reads x 2 next copies, and each wave's copy and
    // next copy of the same rows (copies of different waves do not overlap): 4 + 4 + 2.
    assertEquals(10, r.pairs(), describe(r));
    // The first copies are ordered before both reads and before their wave's second copy (6
    // ordered pairs); the reads and the second copies are the 4 races. Each wave's pairs are of
    // the shapes of the other wave's but one: a copy before a read of its own wave or another's.
    assertEquals(6, r.ordered().size(), describe(r));
    assertEquals(
        List.of(
            "prologue|copy|g2s|A -> prologue|next|g2s|A same wave",
            "prologue|copy|g2s|A -> prologue|read|ds_read|A other wave",
            "prologue|copy|g2s|A -> prologue|read|ds_read|A same wave"),
        r.firstOfShapes().stream()
            .map(RaceChecker.Obligation::shape)
            .map(
                shape ->
                    shape.first()
                        + " -> "
                        + shape.second()
                        + (shape.sameWave() ? " same wave" : " other wave"))
            .sorted()
            .toList(),
        describe(r));
  }

  @Test
  void anOrderThroughAWriteBetweenIsImpliedAndHasNoShape() {
    // One wave copies rows 0-8, waits, copies them again, waits, then reads them: the first copy
    // before the read follows from first copy -> second copy -> read, two ordered pairs of their
    // own, so only those two are Z3's (proofs/certificate.md, "Implied orders").
    Schedule s =
        prologueOnly(
            1,
            List.of(
                g2s("0", "0", 8, "0", "copy"),
                vmcnt(0, "wait"),
                g2s("0", "0", 8, "1", "again"),
                vmcnt(0, "wait2"),
                read("0", "0", 8, "1", "read")));
    RaceChecker.Result r = RaceChecker.check(hb(s, 1));
    assertEquals("[]", kinds(r), describe(r));
    assertEquals(3, r.pairs());
    assertEquals(
        List.of("again -> read", "copy -> again", "copy -> read"),
        r.ordered().stream()
            .map(o -> stageOf(r, o.first()) + " -> " + stageOf(r, o.second()))
            .sorted()
            .toList());
    assertEquals(
        List.of(
            "prologue|again|g2s|A -> prologue|read|ds_read|A",
            "prologue|copy|g2s|A -> prologue|again|g2s|A"),
        r.firstOfShapes().stream()
            .map(o -> o.shape().first() + " -> " + o.shape().second())
            .sorted()
            .toList());
  }

  private static String stageOf(RaceChecker.Result r, int event) {
    return r.accesses().slots().stream()
        .flatMap(i -> i.sorted().stream())
        .filter(e -> e.id() == event)
        .map(e -> InstanceText.stage(e.instance()))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void twoWavesCopyingTheSameRowsIsWaw() {
    Schedule s = prologueOnly(2, List.of(g2s("0", "0", 8, "0", "copy")));
    RaceChecker.Result r = RaceChecker.check(hb(s, 1));
    assertEquals("[P1 WAW]", kinds(r), describe(r));
    RaceFinding f = r.findings().get(0);
    assertEquals(ViolationKind.WAW, f.kind());
    assertEquals(0, f.first().wave(), "same tile: the earlier program position, wave 0, first");
    assertEquals(1, f.second().orElseThrow().wave());
  }

  @Test
  void uninitialisedReadReportsTheFirstUncoveredRangeAndItsWriters() {
    // One wave: rows 0-8 are copied and waited for; rows 8-16 are copied only after the read.
    Schedule s =
        prologueOnly(
            1,
            List.of(
                g2s("0", "0", 8, "0", "first half"),
                vmcnt(0, "wait"),
                read("0", "0", 16, "0", "read"),
                g2s("0", "8", 8, "0", "second half")));
    HappensBefore hb = hb(s, 1);
    RaceChecker.Result r = RaceChecker.check(hb);
    assertEquals("[P1 RAW, P2 UNINITIALIZED]", kinds(r), describe(r));
    RaceFinding p2 = r.findings().get(r.findings().size() - 1);
    assertEquals(Property.P2, p2.property());
    assertTrue(p2.second().isEmpty());
    Event.OpEvent readAccess = hb.accessOf(p2.first()).orElseThrow();
    Instance secondHalf = hb.execution().waves().get(0).get(3);
    assertEquals("second half", InstanceText.stage(secondHalf));
    assertEquals(
        List.of(
            new TimingProblem.Order(readAccess.id(), hb.accessOf(secondHalf).orElseThrow().id())),
        p2.badOrder(),
        "only the write of the gap (rows 8-16) must come after the read");
  }

  @Test
  void aReadOfNeverWrittenBytesHasNoWriterToOrder() {
    Schedule s = prologueOnly(1, List.of(read("0", "0", 16, "0", "read")));
    RaceChecker.Result r = RaceChecker.check(hb(s, 1));
    assertEquals("[P2 UNINITIALIZED]", kinds(r), describe(r));
    assertEquals(List.of(), r.findings().get(0).badOrder());
    assertEquals(0, r.pairs());
  }

  @Test
  void theTinyDoubleBufferHasOnlyOrderedPairs() {
    RaceChecker.Result r = RaceChecker.check(hb(HandBuilt.doubleBuffer(1, true), 3));
    assertEquals(List.of(), r.findings(), describe(r));
    assertEquals(r.pairs(), r.ordered().size());
  }

  /**
   * firstOfShapes has each shape once, in the order found: what the verifier proves (one order per
   * shape). At T = 3 the tiny double buffer's 136 ordered pairs are of 20 shapes.
   */
  @Test
  void firstOfShapesHasEachShapeOnce() {
    RaceChecker.Result r = RaceChecker.check(hb(HandBuilt.doubleBuffer(1, true), 3));
    assertEquals(List.of(136, 20), List.of(r.ordered().size(), r.firstOfShapes().size()));
    assertEquals(
        r.firstOfShapes().size(),
        r.firstOfShapes().stream().map(RaceChecker.Obligation::shape).distinct().count());
    // Each is an ordered pair, in the order the sweep found them.
    int last = -1;
    for (RaceChecker.Obligation o : r.firstOfShapes()) {
      int at = r.ordered().indexOf(o.order());
      assertTrue(at > last, o.toString());
      last = at;
    }
  }

  @Test
  void findingKeysIgnoreWaveIterationAndTripCount() {
    RaceChecker.Result at2 = RaceChecker.check(hb(HandBuilt.doubleBuffer(1, false), 2));
    RaceChecker.Result at3 = RaceChecker.check(hb(HandBuilt.doubleBuffer(1, false), 3));
    assertEquals("[P1 WAR]", kinds(at2), describe(at2));
    java.util.Set<String> keys2 =
        at2.findings().stream()
            .map(RaceFinding::key)
            .collect(Collectors.toCollection(TreeSet::new));
    java.util.Set<String> keys3 =
        at3.findings().stream()
            .map(RaceFinding::key)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(keys2, keys3);
  }
}

package io.pipeverify.verifier.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.check.InstanceText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class UnrollerTest {
  private static final Origin AT = new Origin.FromTransform("unroller-test", "prologue");

  private static Schedule cdna4() throws Exception {
    return Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
  }

  /** The implicit waits wave 0 executes in loop iteration 0, stage {@code stage}. */
  private static List<Op.Wait> implicitWaits(Execution e, String stage) {
    List<Op.Wait> out = new ArrayList<>();
    for (Instance i : e.waves().get(0)) {
      if (i.implicit() && i.iteration() == 0 && InstanceText.stage(i).equals(stage)) {
        out.add((Op.Wait) i.op());
      }
    }
    return out;
  }

  private static String render(List<Op.Wait> waits) {
    return waits.stream().map(Op.Wait::counters).collect(Collectors.joining(", "));
  }

  @Test
  void llvmWaitsRetireExactlyTheReadTheMfmaNeeds() throws Exception {
    // Stage 0 reads a0..a3 then b0..b3 (8 ds_reads); the first MFMA needs a0 and b0, the 5th read,
    // so 3 newer reads may stay outstanding: lgkmcnt(3); then b1, b2, b3 one by one.
    Execution e = Unroller.unroll(cdna4(), 1, CounterMode.ORDERED);
    assertEquals(
        "lgkmcnt(3), lgkmcnt(2), lgkmcnt(1), lgkmcnt(0)", render(implicitWaits(e, "loop stage 0")));
    // Stage 1 reads only b4..b7 and reuses a0..a3, already retired.
    assertEquals(
        "lgkmcnt(3), lgkmcnt(2), lgkmcnt(1), lgkmcnt(0)", render(implicitWaits(e, "loop stage 1")));
    Instance firstWait =
        e.waves().get(0).stream()
            .filter(i -> i.implicit() && i.section() == Section.LOOP)
            .findFirst()
            .orElseThrow();
    Instance next = e.waves().get(0).get(firstWait.seq() + 1);
    assertTrue(next.op() instanceof Op.Mfma, next.where());
    assertEquals(next.position(), firstWait.position(), "an implicit wait has its user's position");
  }

  @Test
  void unorderedCountersMakeLlvmWaitForZero() throws Exception {
    Execution e = Unroller.unroll(cdna4(), 1, CounterMode.UNORDERED);
    assertEquals("lgkmcnt(0)", render(implicitWaits(e, "loop stage 0")));
  }

  @Test
  void underNoneTheOnlyImplicitWaitsAreFullCounterStalls() throws Exception {
    Schedule s =
        Transforms.byName("cdna4-interleave")
            .orElseThrow()
            .generate(Map.of("implicitWaits", "none"));
    Execution e = Unroller.unroll(s, 2, CounterMode.ORDERED);
    List<String> implicit =
        e.waves().stream()
            .flatMap(List::stream)
            .filter(Instance::implicit)
            .map(i -> ((Op.Wait) i.op()).counters())
            .distinct()
            .toList();
    assertEquals(List.of("lgkmcnt(14)"), implicit);
  }

  /** One wave, 17 ds_reads with no wait: the 16th and 17th issue only once the oldest retired. */
  @Test
  void aFullLgkmcntRetiresTheOldestReadBeforeTheNextIssues() {
    List<Op> prologue = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      prologue.add(
          new Op.DsRead(
              "A",
              Expr.of(0),
              Region.rows(Expr.of(0), Expr.of(1)),
              "r" + i,
              TileTag.wholeRows("A", "0", "0", 1),
              new Origin.FromTransform("test", "read " + i)));
    }
    Execution e = Unroller.unroll(oneWave(prologue), 1, CounterMode.ORDERED);
    List<Instance> wave = e.waves().get(0);
    List<String> stream =
        wave.stream()
            .map(i -> i.op() instanceof Op.Wait w ? w.counters() : i.op().origin().describe())
            .toList();
    assertEquals("lgkmcnt(14)", stream.get(15), stream.toString());
    assertEquals("lgkmcnt(14)", stream.get(17), stream.toString());
    assertEquals(19, stream.size(), stream.toString());
    // The first stall retires read 0, the second read 1.
    assertEquals(
        List.of("test read 0", "test read 1"),
        e.retirements().stream().map(r -> r.op().op().origin().describe()).toList());
    assertTrue(wave.get(15).implicit());
  }

  /** One wave: three copies of rows 0-8, 8-16, 16-24, vmcnt(1), vmcnt(0). */
  private static Schedule threeCopies() {
    List<Op> prologue = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      prologue.add(
          new Op.G2s(
              "A",
              Expr.of(0),
              Region.rows(Expr.of(8L * i), Expr.of(8)),
              TileTag.wholeRows("A", "0", String.valueOf(8 * i), 8),
              AT));
    }
    prologue.add(Op.Wait.vmcnt(1, AT));
    prologue.add(Op.Wait.vmcnt(0, AT));
    return oneWave(prologue);
  }

  /** One wave whose program is {@code prologue}, over one 32-row buffer A. */
  private static Schedule oneWave(List<Op> prologue) {
    return new Schedule(
        "one-wave",
        Target.GFX950,
        1,
        ImplicitWaits.LLVM,
        List.of(),
        List.of(new LdsBuffer("A", 1, 32 * 128, 128)),
        new Gemm(16, 16, 64, 32),
        List.of(new WaveProgram("all", List.of(0), prologue, List.of(), List.of())),
        1);
  }

  @Test
  void orderedVmcntRetiresTheOldest() {
    Execution e = Unroller.unroll(threeCopies(), 1, CounterMode.ORDERED);
    // g2s #0, #1 retire at vmcnt(1) (#3); g2s #2 at vmcnt(0) (#4).
    assertEquals(
        List.of("0->3", "1->3", "2->4"),
        e.retirements().stream().map(r -> r.op().position() + "->" + r.by().position()).toList());
    // The retirements say which ops each wait retires: no counting waits.
    assertEquals(List.of(), e.countingWaits());
  }

  @Test
  void unorderedVmcntRetiresNothingSpecificUntilZero() {
    Execution e = Unroller.unroll(threeCopies(), 1, CounterMode.UNORDERED);
    assertEquals(
        List.of("0->4", "1->4", "2->4"),
        e.retirements().stream().map(r -> r.op().position() + "->" + r.by().position()).toList());
    // vmcnt(1) keeps all three as candidates: at most 1 of them may be late, which one unknown.
    // The vmcnt(0) retires them all and needs no counting wait.
    assertEquals(1, e.countingWaits().size());
    assertEquals(e.waves().get(0).get(3), e.countingWaits().get(0).waitOp());
    assertEquals(1, e.countingWaits().get(0).allowed());
    assertEquals(3, e.countingWaits().get(0).candidates().size());
  }

  @Test
  void loopIsUnrolledWithEvaluatedSlots() {
    Schedule s = io.pipeverify.verifier.HandBuilt.doubleBuffer(1, true);
    Execution e = Unroller.unroll(s, 3, CounterMode.ORDERED);
    List<Integer> copySlots = new ArrayList<>();
    for (Instance i : e.waves().get(1)) {
      if (i.op() instanceof Op.G2s && i.section() == Section.LOOP) {
        copySlots.add(i.access().orElseThrow().slot());
        assertEquals(i.iteration() + 1, i.access().orElseThrow().kTile());
        assertEquals(8 * 128, i.access().orElseThrow().bytes().from(), "wave 1 copies rows 8-16");
      }
    }
    assertEquals(List.of(1, 1, 0, 0, 1, 1), copySlots, "A and B copies of tiles 1, 2, 3");
    assertThrows(IllegalArgumentException.class, () -> Unroller.unroll(s, 0, CounterMode.ORDERED));
  }

  @Test
  void waitValuesAreKeptAsWritten() {
    Op.Wait w = new Op.Wait(OptionalInt.of(2), OptionalInt.empty(), AT);
    assertEquals(OptionalInt.of(2), Counter.VMCNT.of(w));
    assertEquals(OptionalInt.empty(), Counter.LGKMCNT.of(w));
    assertEquals(63, Counter.VMCNT.max());
    assertEquals(15, Counter.LGKMCNT.max());
  }
}

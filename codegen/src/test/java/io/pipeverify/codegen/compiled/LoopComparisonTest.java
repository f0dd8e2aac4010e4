package io.pipeverify.codegen.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The events of a compiled loop against the schedule's, on cdna4-interleave's loop (4 stages, a
 * barrier and a vmcnt wait in each) "compiled" by hand: each op of the list gets the line of its
 * position, then one change of the kind a compiler makes.
 */
class LoopComparisonTest {
  private static final List<Op> LOOP =
      Fixtures.builtin("cdna4-interleave", Map.of()).programs().get(0).loop();

  private static List<LoopComparison.Step> expected() {
    return LOOP.stream()
        .map(op -> new LoopComparison.Step(op, "stage of " + op.kind(), ""))
        .toList();
  }

  /** The ops as compiled: each at the line of its position. */
  private static List<LoopComparison.Step> compiled(List<Op> ops) {
    List<LoopComparison.Step> out = new ArrayList<>();
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i).withOrigin(new Origin.InAssembly("kernel.s", i + 1));
      out.add(new LoopComparison.Step(op, "", "kernel.s:" + (i + 1)));
    }
    return out;
  }

  private static List<CompiledEvent> compare(List<Op> compiled, int perOp, boolean modelled) {
    return LoopComparison.compare(expected(), compiled(compiled), perOp, modelled);
  }

  private static int index(List<Op> ops, Class<?> kind, int from) {
    for (int i = from; i < ops.size(); i++) {
      if (kind.isInstance(ops.get(i))) {
        return i;
      }
    }
    throw new AssertionError("no " + kind.getSimpleName() + " after " + from);
  }

  @Test
  void theSameLoopHasNoEvent() {
    assertEquals(List.of(), compare(LOOP, 1, true));
  }

  @Test
  void eachMfmaAsTwoInstructionsIsTheSameLoop() {
    List<Op> doubled = new ArrayList<>();
    for (Op op : LOOP) {
      doubled.add(op);
      if (op instanceof Op.Mfma) {
        doubled.add(op);
      }
    }
    assertEquals(List.of(), compare(doubled, 2, true));
  }

  @Test
  void aReadMovedBelowTheBarrierAfterItIsAMoveAcrossTheBarrier() {
    List<Op> ops = new ArrayList<>(LOOP);
    int barrier = index(ops, Op.Barrier.class, 0);
    long before = ops.subList(0, barrier).stream().filter(o -> o instanceof Op.DsRead).count();
    int read = barrier - 1;
    while (!(ops.get(read) instanceof Op.DsRead)) {
      read--;
    }
    ops.add(barrier, ops.remove(read));
    List<CompiledEvent> events = compare(ops, 1, true);
    List<CompiledEvent> moves =
        events.stream().filter(e -> e.kind() == CompiledEvent.Kind.MOVED_ACROSS_BARRIER).toList();
    assertEquals(2, moves.size(), events.toString());
    assertEquals(
        "before the loop's first s_barrier: ops moved across an s_barrier (schedule -> compiled:"
            + " ds_read "
            + before
            + " -> "
            + (before - 1)
            + ")",
        moves.get(0).text());
    assertTrue(moves.stream().allMatch(CompiledEvent::deviation));
  }

  @Test
  void anLgkmcntBeforeAnMfmaIsARegisterUseUnderTheLlvmModelAndADeviationWithout() {
    List<Op> ops = new ArrayList<>(LOOP);
    int mfma = index(ops, Op.Mfma.class, 0);
    ops.add(mfma, Op.Wait.lgkmcnt(2, new Origin.InAssembly("kernel.s", 0)));
    CompiledEvent modelled = compare(ops, 1, true).get(0);
    assertEquals(CompiledEvent.Kind.INSERTED_WAIT, modelled.kind());
    assertEquals("kernel.s:" + (mfma + 1), modelled.where());
    assertEquals(
        "compiler-inserted s_waitcnt lgkmcnt(2) before the mfma at kernel.s:"
            + (mfma + 2)
            + " (a register use; the llvm implicit-wait model assumes it)",
        modelled.text());
    assertFalse(modelled.deviation());
    CompiledEvent unmodelled = compare(ops, 1, false).get(0);
    assertTrue(unmodelled.deviation(), unmodelled.toString());
  }

  /**
   * A spilled LDS address reloaded from scratch before a ds_read: the reload is no op of the
   * schedule, and the vmcnt wait clang puts before the read says it waits for the reload (and so
   * for every global load before it: the overlap the schedule wanted is lost).
   */
  @Test
  void aVmcntForTheReloadOfASpillSaysSoAndTheReloadIsNoAddedOp() {
    List<Op> ops = new ArrayList<>(LOOP);
    int read = index(ops, Op.DsRead.class, 0);
    Origin here = new Origin.InAssembly("kernel.s", 0);
    ops.add(read, Op.Wait.vmcnt(0, here));
    ops.add(
        read,
        new Op.GLoad(
            "v0",
            io.pipeverify.model.TileTag.wholeRows(
                io.pipeverify.isa.lift.ScheduleLift.SCRATCH, "0", "0", 1),
            here));
    List<CompiledEvent> events = compare(ops, 1, true);
    assertEquals(1, events.size(), events.toString());
    assertEquals(CompiledEvent.Kind.INSERTED_WAIT, events.get(0).kind());
    assertEquals(
        "compiler-inserted s_waitcnt vmcnt(0) before the ds_read at kernel.s:"
            + (read + 3)
            + " (for the reload of a spilled register at kernel.s:"
            + (read + 1)
            + "; it waits for every global load issued before it too)",
        events.get(0).text());
    assertTrue(events.get(0).deviation());
  }

  @Test
  void aLargerVmcntIsWeakenedAndAMissingOneDropped() {
    List<Op> ops = new ArrayList<>(LOOP);
    int wait = index(ops, Op.Wait.class, 0);
    Op.Wait w = (Op.Wait) ops.get(wait);
    int n = w.vmcnt().orElseThrow();
    ops.set(wait, Op.Wait.vmcnt(n + 2, w.origin()));
    List<CompiledEvent> weakened = compare(ops, 1, true);
    assertEquals(1, weakened.size(), weakened.toString());
    assertEquals(CompiledEvent.Kind.WEAKENED_WAIT, weakened.get(0).kind());
    assertEquals("stage of wait", weakened.get(0).stage());
    ops.remove(wait);
    List<CompiledEvent> dropped = compare(ops, 1, true);
    assertEquals(1, dropped.size(), dropped.toString());
    assertEquals(CompiledEvent.Kind.DROPPED_WAIT, dropped.get(0).kind());
    assertTrue(
        dropped.get(0).text().startsWith("the schedule's s_waitcnt vmcnt(" + n + ") before the "),
        dropped.get(0).text());
  }

  @Test
  void aCopyMovedBeforeTheReadsOfItsRegionIsAReordering() {
    List<Op> ops = new ArrayList<>(LOOP);
    int firstRead = index(ops, Op.DsRead.class, 0);
    int copy = index(ops, Op.G2s.class, firstRead);
    ops.add(firstRead, ops.remove(copy));
    List<CompiledEvent> events = compare(ops, 1, true);
    assertEquals(
        List.of(CompiledEvent.Kind.REORDERED),
        events.stream().map(CompiledEvent::kind).distinct().toList(),
        events.toString());
    assertTrue(events.get(0).text().contains(", compiled order g2s, ds_read"), events.toString());
  }

  @Test
  void aDroppedBarrierIsDroppedOps() {
    List<Op> ops = new ArrayList<>(LOOP);
    ops.remove(index(ops, Op.Barrier.class, 0));
    List<CompiledEvent> events = compare(ops, 1, true);
    assertEquals(CompiledEvent.Kind.DROPPED_OPS, events.get(0).kind(), events.toString());
    assertTrue(events.get(0).text().startsWith("the compiled loop has "), events.toString());
    assertTrue(events.get(0).text().contains(" s_barrier, the schedule's loop as emitted "));
  }
}

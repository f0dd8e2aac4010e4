package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Cdna4InterleaveTest {
  private static final String NAME = Cdna4Interleave.NAME;

  private static Schedule gen(String... options) {
    return Ops.generate(NAME, options);
  }

  private static List<Op> loop(Schedule s) {
    return s.programs().get(0).loop();
  }

  private static List<Op> stage(Schedule s, int stage) {
    return Ops.byStage(loop(s)).get("loop stage " + stage);
  }

  @Test
  void defaultLoopHasTheNotesFourStages() {
    Schedule s = gen();
    assertEquals(1, s.programs().size());
    List<Op> loop = loop(s);
    assertEquals(8, Ops.count(loop, "g2s"));
    assertEquals(24, Ops.count(loop, "ds_read"));
    assertEquals(64, Ops.count(loop, "mfma"));
    Map<String, List<Op>> stages = Ops.byStage(loop);
    assertEquals(
        List.of("loop stage 0", "loop stage 1", "loop stage 2", "loop stage 3"),
        List.copyOf(stages.keySet()));
    int[] reads = {8, 4, 8, 4};
    for (int st = 0; st < 4; st++) {
      List<Op> ops = stages.get("loop stage " + st);
      assertEquals(2, Ops.count(ops, "g2s"), "stage " + st);
      assertEquals(reads[st], Ops.count(ops, "ds_read"), "stage " + st);
      assertEquals(16, Ops.count(ops, "mfma"), "stage " + st);
      List<String> expected =
          st == 3
              ? List.of("sched_barrier", "sched_barrier", "wait", "barrier", "setprio", "setprio")
              : List.of("sched_barrier", "sched_barrier", "setprio", "setprio");
      assertEquals(expected, Ops.syncKinds(ops), "stage " + st);
    }
    assertEquals(1, Ops.countWhere(loop, o -> Ops.isVmcnt(o, 0)));
    assertEquals(1, Ops.count(loop, "barrier"));
    assertEquals(1, Ops.waits(loop).size());
  }

  @Test
  void stageOrderMatchesSectionFive() {
    List<String> kinds = Ops.kinds(stage(gen(), 3));
    // sched_barrier, 4 ds_read, 2 g2s, sched_barrier, vmcnt(0), s_barrier, setprio 1, 16 mfma.
    assertEquals("sched_barrier", kinds.get(0));
    assertEquals(List.of("ds_read", "ds_read", "ds_read", "ds_read"), kinds.subList(1, 5));
    assertEquals(List.of("g2s", "g2s", "sched_barrier", "wait", "barrier"), kinds.subList(5, 10));
    assertEquals("setprio", kinds.get(10));
    Op.G2s first = (Op.G2s) stage(gen(), 0).get(9);
    assertEquals("A", first.buffer());
    assertEquals("(k + 1) % 2", first.slot().render());
    assertEquals("k + 1", first.tile().kTile().render());
    assertEquals("w * 8 + 0", first.region().start().render());
  }

  @Test
  void prologueEndsWithVmcntZeroThenBarrier() {
    List<Op> prologue = gen().programs().get(0).prologue();
    assertEquals(8, Ops.count(prologue, "g2s"));
    int n = prologue.size();
    assertTrue(Ops.isVmcnt(prologue.get(n - 2), 0));
    assertEquals("barrier", prologue.get(n - 1).kind());
  }

  @Test
  void gfx942HasFourTimesTheCopies() {
    Schedule s = gen("target=gfx942");
    assertEquals(32, Ops.count(loop(s), "g2s"));
    for (int st = 0; st < 4; st++) {
      assertEquals(8, Ops.count(stage(s, st), "g2s"));
    }
    Op.G2s g = (Op.G2s) Ops.byStage(loop(s)).get("loop stage 0").get(9);
    assertEquals("w * 2 + 0", g.region().start().render(), "256 B = 2 rows per instruction");
  }

  @Test
  void stagesKnobSplitsFinerOrCoarser() {
    Schedule eight = gen("stages=8");
    assertEquals(8, Ops.byStage(loop(eight)).size());
    assertEquals(8, Ops.count(stage(eight, 0), "mfma"));
    assertEquals(1, Ops.count(stage(eight, 7), "g2s"));
    Schedule two = gen("stages=2");
    assertEquals(2, Ops.byStage(loop(two)).size());
    assertEquals(4, Ops.count(stage(two, 0), "g2s"));
    assertEquals(12, Ops.count(stage(two, 0), "ds_read"));
  }

  @Test
  void prologueKnobs() {
    List<Op> noWait = gen("prologueWait=false").programs().get(0).prologue();
    assertEquals(0, Ops.count(noWait, "wait"));
    assertEquals(1, Ops.count(noWait, "barrier"));
    List<Op> noBarrier = gen("prologueBarrier=false").programs().get(0).prologue();
    assertEquals(0, Ops.count(noBarrier, "barrier"));
    assertEquals(1, Ops.count(noBarrier, "wait"));
  }

  @Test
  void lastStageKnobs() {
    List<Op> waits = Ops.waits(stage(gen("lastStageWait=2"), 3));
    assertEquals(1, waits.size(), waits.toString());
    assertTrue(Ops.isVmcnt(waits.get(0), 2), waits.toString());
    assertEquals(0, Ops.count(stage(gen("lastStageBarrier=false"), 3), "barrier"));
    List<String> swapped = Ops.syncKinds(stage(gen("barrierBeforeWait=true"), 3));
    assertEquals(
        List.of("sched_barrier", "sched_barrier", "barrier", "wait"), swapped.subList(0, 4));
    List<Op> drained = stage(gen("lgkmDrainBeforeBarrier=true"), 3);
    int barrierAt = Ops.kinds(drained).indexOf("barrier");
    assertTrue(Ops.isLgkmcnt(drained.get(barrierAt - 1), 0));
    assertTrue(Ops.isVmcnt(drained.get(barrierAt - 2), 0));
  }

  @Test
  void g2sSlotCurrentWritesTheSlotBeingRead() {
    int copies = 0;
    for (Op op : loop(gen("g2sSlot=current"))) {
      if (op instanceof Op.G2s g) {
        copies++;
        assertEquals("k % 2", g.slot().render());
        assertEquals("k + 1", g.tile().kTile().render());
      }
    }
    assertEquals(8, copies);
  }

  @Test
  void kpackSwapsChangeWhatTheReadsFetchNotWhereTheyGo() {
    List<Op> a = stage(gen("s2rKpackSwapA=true"), 0);
    Op.DsRead a0 = (Op.DsRead) a.get(1);
    assertEquals("a0_kp0", a0.dst());
    assertEquals(1, a0.tile().kChunkIndex().getAsInt());
    Op.DsRead b0 = (Op.DsRead) a.get(5);
    assertEquals(0, b0.tile().kChunkIndex().getAsInt(), "B unaffected by the A swap");
    Op.DsRead b0swapped = (Op.DsRead) stage(gen("s2rKpackSwapB=true"), 0).get(5);
    assertEquals("b0_kp0", b0swapped.dst());
    assertEquals(1, b0swapped.tile().kChunkIndex().getAsInt());
    // The epilogue is not touched by the pass: plain order, no swap.
    int epilogueReads = 0;
    for (Op op : gen("s2rKpackSwapA=true").programs().get(0).epilogue()) {
      if (op instanceof Op.DsRead r) {
        epilogueReads++;
        assertTrue(r.dst().endsWith("_kp" + r.tile().kChunkIndex().getAsInt()), r.dst());
      }
    }
    assertEquals(24, epilogueReads);
  }

  @Test
  void mfmaJHalfSwapUsesTheOtherHalf() {
    List<Op> st0 = stage(gen("mfmaJHalfSwap=true"), 0);
    List<Integer> js =
        st0.stream()
            .filter(o -> o instanceof Op.Mfma)
            .map(o -> ((Op.Mfma) o).j())
            .distinct()
            .toList();
    assertEquals(List.of(4, 5, 6, 7), js);
    List<Integer> reads =
        st0.stream()
            .filter(o -> o instanceof Op.DsRead r && r.buffer().equals("B"))
            .map(o -> ((Op.DsRead) o).dst())
            .map(d -> Integer.parseInt(d.substring(1, d.indexOf('_'))))
            .toList();
    assertEquals(List.of(0, 1, 2, 3), reads, "the reads keep their own half");
  }

  @Test
  void epilogueWaitKnob() {
    List<Op> withWait = gen().programs().get(0).epilogue();
    assertTrue(Ops.isVmcnt(withWait.get(0), 0));
    assertEquals(24, Ops.count(withWait, "ds_read"));
    assertEquals(64, Ops.count(withWait, "mfma"));
    assertEquals(0, Ops.count(gen("epilogueWait=false").programs().get(0).epilogue(), "wait"));
    Op.DsRead r = (Op.DsRead) withWait.get(1);
    assertEquals(Expr.parse("T % 2"), r.slot());
  }

  @Test
  void everyKnobChangesTheSchedule() throws KnobException {
    Cdna4Interleave t = new Cdna4Interleave();
    Schedule base = t.generate(Map.of());
    Map<String, String> flips =
        Map.ofEntries(
            Map.entry("stages", "8"),
            Map.entry("prologueWait", "false"),
            Map.entry("prologueBarrier", "false"),
            Map.entry("lastStageWait", "4"),
            Map.entry("lastStageBarrier", "false"),
            Map.entry("barrierBeforeWait", "true"),
            Map.entry("lgkmDrainBeforeBarrier", "true"),
            Map.entry("g2sSlot", "current"),
            Map.entry("s2rKpackSwapA", "true"),
            Map.entry("s2rKpackSwapB", "true"),
            Map.entry("mfmaJHalfSwap", "true"),
            Map.entry("epilogueWait", "false"),
            Map.entry("swizzle", "true"),
            Map.entry("waves", "4"),
            Map.entry("tileM", "128"),
            Map.entry("tileN", "128"),
            Map.entry("tileK", "128"),
            Map.entry("slots", "3"),
            Map.entry("target", "gfx942"),
            Map.entry("implicitWaits", "none"),
            Map.entry("tripCount", "5"));
    assertEquals(
        t.knobs().stream().map(KnobSpec::name).sorted().toList(),
        flips.keySet().stream().sorted().toList());
    for (Map.Entry<String, String> flip : flips.entrySet()) {
      Schedule changed = t.generate(Map.of(flip.getKey(), flip.getValue()));
      assertTrue(
          !content(base).equals(content(changed)),
          flip.getKey() + "=" + flip.getValue() + " changes the schedule");
    }
  }

  /** Everything but the name (which lists the changed knobs). */
  private static List<Object> content(Schedule s) {
    return List.of(
        s.target(),
        s.waves(),
        s.implicitWaits(),
        s.buffers(),
        s.gemm(),
        s.programs(),
        s.nominalTripCount());
  }
}

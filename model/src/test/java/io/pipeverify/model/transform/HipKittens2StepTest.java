package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.WaveProgram;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HipKittens2StepTest {
  private static WaveProgram program(String... options) {
    return Ops.generate(HipKittens2Step.NAME, options).programs().get(0);
  }

  @Test
  void prologueIssuesSevenSubTilesAndWaitsVmcnt6() {
    List<Op> prologue = program().prologue();
    assertEquals(14, Ops.count(prologue, "g2s"));
    assertTrue(Ops.isVmcnt(prologue.get(prologue.size() - 1), 6));
    assertEquals(0, Ops.count(prologue, "barrier"));
    // As[1][0], Bs[1][0], Bs[1][1] of tile 1 are the last 6 copies, in slot 1.
    for (Op op : prologue.subList(8, 14)) {
      Op.G2s g = (Op.G2s) op;
      assertEquals("1", g.slot().render());
      assertEquals("1", g.tile().kTile().render());
    }
  }

  @Test
  void loopPhasesLoadOneSubTileOfNextAndThreeOfTheTileAfter() {
    Map<String, List<Op>> phases = Ops.byStage(program().loop());
    assertEquals(4, phases.size());
    Op.G2s p0 = first(phases.get("loop phase 0"));
    assertEquals("(k + 1) % 2", p0.slot().render());
    assertEquals("k + 1", p0.tile().kTile().render());
    assertEquals("w * 8 + 128", p0.region().start().render(), "As[(k+1)%2][1]");
    for (String phase : List.of("loop phase 1", "loop phase 2", "loop phase 3")) {
      Op.G2s g = first(phases.get(phase));
      assertEquals("k % 2", g.slot().render(), phase);
      assertEquals("k + 2", g.tile().kTile().render(), phase);
      assertEquals(2, Ops.count(phases.get(phase), "g2s"));
    }
    assertEquals(
        List.of(12L, 8L, 4L, 0L),
        phases.values().stream().map(o -> Ops.count(o, "ds_read")).toList());
    assertTrue(phases.values().stream().allMatch(o -> Ops.count(o, "mfma") == 16));
    assertEquals(List.of("wait"), Ops.syncKinds(phases.get("loop phase 3")));
    assertTrue(Ops.isVmcnt(Ops.waits(phases.get("loop phase 3")).get(0), 6));
    assertEquals(0, Ops.count(program().loop(), "barrier"));
  }

  @Test
  void barrierKnobsPlaceTheSafeBarriers() {
    WaveProgram p = program("prologueBarrier=true", "phaseBarriers=true", "waitBarrier=true");
    assertEquals("barrier", p.prologue().get(p.prologue().size() - 1).kind());
    Map<String, List<Op>> phases = Ops.byStage(p.loop());
    assertEquals("ds_read", phases.get("loop phase 0").get(0).kind());
    for (String phase : List.of("loop phase 1", "loop phase 2", "loop phase 3")) {
      assertEquals("barrier", phases.get(phase).get(0).kind(), phase);
    }
    assertEquals(List.of("barrier", "wait", "barrier"), Ops.syncKinds(phases.get("loop phase 3")));
    assertEquals(1, Ops.count(program("prologueBarrier=true").prologue(), "barrier"));
    assertEquals(3, Ops.count(program("phaseBarriers=true").loop(), "barrier"));
    assertEquals(1, Ops.count(program("waitBarrier=true").loop(), "barrier"));
  }

  @Test
  void epilogueFinishesTwoTiles() {
    List<Op> epilogue = program().epilogue();
    assertEquals(2, Ops.count(epilogue, "g2s"), "only As[(T+1)%2][1]");
    assertEquals(128, Ops.count(epilogue, "mfma"));
    assertEquals(48, Ops.count(epilogue, "ds_read"));
    List<Op> waits = Ops.waits(epilogue);
    assertEquals(1, waits.size());
    assertTrue(Ops.isVmcnt(waits.get(0), 0));
  }

  @Test
  void gfx942WaitsForThreeSubTilesOfItsSize() {
    assertTrue(Ops.isVmcnt(Ops.waits(program("target=gfx942").prologue()).get(0), 24));
  }

  private static Op.G2s first(List<Op> ops) {
    return (Op.G2s) ops.stream().filter(o -> o instanceof Op.G2s).findFirst().orElseThrow();
  }
}

package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.List;
import org.junit.jupiter.api.Test;

class TileLangPipelinedTest {
  private static WaveProgram program(String... options) {
    Schedule s = Ops.generate(TileLangPipelined.NAME, options);
    assertEquals(1, s.programs().size());
    return s.programs().get(0);
  }

  @Test
  void defaultLoopWaitsVmcnt8AndEpilogueVmcnt0() {
    WaveProgram p = program();
    assertEquals(8, Ops.count(p.prologue(), "g2s"));
    List<Op> loop = p.loop();
    assertEquals(List.of("wait", "barrier", "barrier"), Ops.syncKinds(loop));
    Op wait = Ops.waits(loop).get(0);
    assertTrue(Ops.isVmcnt(wait, 8));
    assertEquals(
        "loop stage 1 wait_group(1) -> vmcnt(8)", ((Origin.FromTransform) wait.origin()).stage());
    assertEquals(8, Ops.count(loop, "g2s"));
    assertEquals(24, Ops.count(loop, "ds_read"));
    assertEquals(64, Ops.count(loop, "mfma"));
    // The G2S of tile k+1 come before the wait, then the compute of tile k.
    assertEquals("g2s", loop.get(0).kind());
    assertEquals(8, Ops.kinds(loop).indexOf("wait"));
    assertTrue(Ops.isVmcnt(p.epilogue().get(0), 0));
    assertEquals(1, Ops.waits(p.epilogue()).size());
  }

  @Test
  void opsPerGroupOverridesTheCount() {
    assertTrue(Ops.isVmcnt(Ops.waits(program("opsPerGroup=16").loop()).get(0), 16));
    assertTrue(Ops.isVmcnt(program("opsPerGroup=16").epilogue().get(0), 0));
  }

  @Test
  void gfx942CountsThirtyTwoOpsPerGroup() {
    assertTrue(Ops.isVmcnt(Ops.waits(program("target=gfx942").loop()).get(0), 32));
  }

  @Test
  void threeStagesPrefetchTwoTiles() {
    WaveProgram p = program("numStages=3", "slots=3");
    assertEquals(16, Ops.count(p.prologue(), "g2s"));
    assertTrue(Ops.isVmcnt(Ops.waits(p.loop()).get(0), 16));
    Op.G2s g = (Op.G2s) p.loop().get(0);
    assertEquals("k + 2", g.tile().kTile().render());
    assertEquals("(k + 2) % 3", g.slot().render());
    List<Op> waits = Ops.waits(p.epilogue());
    assertEquals(2, waits.size());
    assertTrue(Ops.isVmcnt(waits.get(0), 8));
    assertTrue(Ops.isVmcnt(waits.get(1), 0));
    assertEquals(128, Ops.count(p.epilogue(), "mfma"));
  }

  @Test
  void barrierKnobs() {
    assertEquals(
        List.of("wait", "barrier"), Ops.syncKinds(program("endOfIterationBarrier=false").loop()));
    assertEquals(
        List.of("wait", "barrier"), Ops.syncKinds(program("barrierAfterWait=false").loop()));
    List<Op> loop = program("barrierAfterWait=false").loop();
    assertEquals("barrier", loop.get(loop.size() - 1).kind());
    assertEquals(0, Ops.count(program("barrierAfterWait=false").epilogue(), "barrier"));
  }

  @Test
  void computeStageFollowsTheNotesLoopOrders() {
    List<Op> loop = program().loop();
    List<Op.DsRead> reads =
        loop.stream().filter(o -> o instanceof Op.DsRead).map(o -> (Op.DsRead) o).toList();
    // for i_1, local_id in grid(4, 2): a0_kp0, a0_kp1, a1_kp0, ...
    assertEquals(
        List.of("a0_kp0", "a0_kp1", "a1_kp0"),
        reads.subList(0, 3).stream().map(Op.DsRead::dst).toList());
    assertEquals("b0_kp0", reads.get(8).dst());
    List<Op.Mfma> mfmas =
        loop.stream().filter(o -> o instanceof Op.Mfma).map(o -> (Op.Mfma) o).toList();
    // for kp, i, j in grid(2, 4, 8)
    assertEquals(
        List.of(0, 1, 0), List.of(mfmas.get(1).i(), mfmas.get(1).j(), mfmas.get(1).kChunk()));
    assertEquals(
        List.of(1, 0, 0), List.of(mfmas.get(8).i(), mfmas.get(8).j(), mfmas.get(8).kChunk()));
    assertEquals(
        List.of(0, 0, 1), List.of(mfmas.get(32).i(), mfmas.get(32).j(), mfmas.get(32).kChunk()));
  }
}

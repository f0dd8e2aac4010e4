package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TritonPingpongTest {
  private static Schedule gen(String... options) {
    return Ops.generate(TritonPingpong.NAME, options);
  }

  private static void assertRolesDifferByOneBarrier(Schedule s) {
    assertEquals(2, s.programs().size());
    WaveProgram low = s.programs().get(0);
    WaveProgram high = s.programs().get(1);
    assertEquals("low", low.role());
    assertEquals("high", high.role());
    assertEquals(List.of(0, 1, 2, 3), low.waves());
    assertEquals(List.of(4, 5, 6, 7), high.waves());
    assertEquals(low.loop(), high.loop());
    List<Op> highPrologue = new ArrayList<>(high.prologue());
    assertEquals("barrier", highPrologue.remove(highPrologue.size() - 1).kind());
    assertEquals(low.prologue(), highPrologue);
    List<Op> lowEpilogue = new ArrayList<>(low.epilogue());
    assertEquals("barrier", lowEpilogue.remove(0).kind());
    assertEquals(high.epilogue(), lowEpilogue);
  }

  @Test
  void fourClustersFollowTheNotesListing() {
    Schedule s = gen();
    assertEquals(16, s.gemm().kChunk());
    assertRolesDifferByOneBarrier(s);
    List<Op> loop = s.programs().get(0).loop();
    assertEquals(8, Ops.count(loop, "barrier"));
    assertEquals(8, Ops.countWhere(loop, o -> Ops.isLgkmcnt(o, 0)), "drain before each barrier");
    Map<String, List<Op>> clusters = Ops.byStage(loop);
    assertEquals(
        List.of(
            "loop mem0",
            "loop dot0",
            "loop mem1",
            "loop dot1",
            "loop mem2",
            "loop dot2",
            "loop mem3",
            "loop dot3"),
        List.copyOf(clusters.keySet()));
    assertEquals(4, Ops.count(clusters.get("loop mem0"), "gload"));
    assertEquals(12, Ops.count(clusters.get("loop mem0"), "ds_read"));
    assertEquals(4, Ops.count(clusters.get("loop mem1"), "gload"));
    assertEquals(24, Ops.count(clusters.get("loop mem2"), "ds_read"));
    assertEquals(8, Ops.count(clusters.get("loop mem3"), "ds_write"));
    for (int d = 0; d < 4; d++) {
      List<Op> dot = clusters.get("loop dot" + d);
      assertEquals(32, Ops.count(dot, "mfma"));
      assertTrue(
          dot.stream()
              .filter(o -> o instanceof Op.Mfma)
              .allMatch(o -> ((Op.Mfma) o).kChunk() == dotIndex(dot)));
      assertEquals(
          List.of("setprio", "setprio", "wait", "barrier", "sched_barrier"), Ops.syncKinds(dot));
    }
    Op.DsWrite w = (Op.DsWrite) clusters.get("loop mem3").get(0);
    assertEquals("ga0", w.src());
    assertEquals("k + 1", w.tile().kTile().render());
    assertEquals("0", w.slot().render(), "one slot by default");
  }

  private static int dotIndex(List<Op> dot) {
    return ((Op.Mfma) dot.stream().filter(o -> o instanceof Op.Mfma).findFirst().orElseThrow())
        .kChunk();
  }

  @Test
  void plainBarrierDropsTheDrain() {
    List<Op> loop = gen("barrier=plain").programs().get(0).loop();
    assertEquals(8, Ops.count(loop, "barrier"));
    assertEquals(0, Ops.count(loop, "wait"));
  }

  @Test
  void twoClustersUseOneBareBarrierAndThreeLocalBarriers() {
    Schedule s = gen("clusters=2", "tileN=128");
    assertEquals(32, s.gemm().kChunk());
    assertRolesDifferByOneBarrier(s);
    List<Op> loop = s.programs().get(0).loop();
    assertEquals(4, Ops.count(loop, "barrier"));
    assertEquals(3, Ops.countWhere(loop, o -> Ops.isLgkmcnt(o, 0)));
    List<Op> mem0 = Ops.byStage(loop).get("loop mem0");
    assertEquals(
        List.of("sched_barrier", "sched_barrier", "sched_barrier", "barrier", "sched_barrier"),
        Ops.syncKinds(mem0));
    assertEquals(6, Ops.count(mem0, "gload"), "4 of A, 2 of B with tileN=128");
  }

  @Test
  void oneClusterIsOneRoleOfFourWaves() {
    Schedule s = gen("clusters=1", "waves=4", "tileM=128", "tileN=128");
    assertEquals(1, s.programs().size());
    List<Op> loop = s.programs().get(0).loop();
    assertEquals("wait", loop.get(0).kind());
    assertEquals("barrier", loop.get(1).kind());
    assertEquals(2, Ops.count(loop, "barrier"), "loop top + membar's barrier before the store");
    assertEquals(
        1,
        Ops.count(
            gen("clusters=1", "waves=4", "tileM=128", "tileN=128", "slots=2")
                .programs()
                .get(0)
                .loop(),
            "barrier"));
    assertEquals(32, Ops.count(loop, "mfma"), "4 x 4 fragments x 2 k-chunks");
  }

  @Test
  void chainedDotHasThreeBarriersPerIterationAndAsyncCopies() {
    Schedule s = gen("chainedDot=true");
    assertEquals(2, s.buffers().get(0).slots(), "slots default 2 for ChainedDot");
    assertEquals(32, s.gemm().kChunk());
    assertRolesDifferByOneBarrier(s);
    List<Op> loop = s.programs().get(0).loop();
    assertEquals(3, Ops.count(loop, "barrier"));
    assertEquals(8, Ops.count(loop, "g2s"));
    assertEquals(0, Ops.count(loop, "gload"));
    Map<String, List<Op>> clusters = Ops.byStage(loop);
    assertEquals(
        List.of(
            "loop compute cluster 1",
            "loop memory cluster 1",
            "loop compute cluster 2",
            "loop memory cluster 2",
            "loop end"),
        List.copyOf(clusters.keySet()));
    List<Op> m2 = clusters.get("loop memory cluster 2");
    int vm = Ops.kinds(m2).indexOf("wait");
    assertTrue(Ops.isVmcnt(m2.get(vm), 0));
    assertEquals("barrier", m2.get(vm + 1).kind());
    Op.DsRead next = (Op.DsRead) m2.get(vm + 2);
    assertEquals("k + 1", next.tile().kTile().render());
    assertEquals(0, next.tile().kChunkIndex().getAsInt());
    assertEquals(1, gen("chainedDot=true", "slots=1").buffers().get(0).slots());
  }
}

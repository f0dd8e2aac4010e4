package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.WaveProgram;
import java.util.List;
import org.junit.jupiter.api.Test;

class TritonStreamTest {
  private static WaveProgram program(String... options) {
    return Ops.generate(TritonStream.NAME, options).programs().get(0);
  }

  @Test
  void defaultLoopWaitsForAllGroupsThenBarrier() {
    WaveProgram p = program();
    assertEquals(8, Ops.count(p.prologue(), "g2s"));
    assertEquals(List.of(), Ops.syncKinds(p.prologue()));
    List<Op> loop = p.loop();
    assertTrue(Ops.isVmcnt(loop.get(0), 0));
    assertEquals("barrier", loop.get(1).kind());
    assertEquals("g2s", loop.get(2).kind());
    assertEquals(8, Ops.count(loop, "g2s"));
    assertEquals(24, Ops.count(loop, "ds_read"));
    assertEquals(64, Ops.count(loop, "mfma"));
    assertTrue(Ops.isVmcnt(p.epilogue().get(0), 0));
    assertEquals("barrier", p.epilogue().get(1).kind());
  }

  @Test
  void asyncWaitNumCountsGroupsOfOneTensor() {
    assertTrue(Ops.isVmcnt(program("asyncWaitNum=1").loop().get(0), 4));
    assertTrue(Ops.isVmcnt(program("asyncWaitNum=1", "target=gfx942").loop().get(0), 16));
    assertTrue(Ops.isVmcnt(program("asyncWaitNum=1").epilogue().get(0), 0));
  }

  @Test
  void membarBarrierKnob() {
    WaveProgram p = program("membarBarrier=false");
    assertEquals(0, Ops.count(p.loop(), "barrier"));
    assertEquals(0, Ops.count(p.epilogue(), "barrier"));
  }
}

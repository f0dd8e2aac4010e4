package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduleListingTest {
  private static String listing(String transform) throws KnobException {
    return ScheduleListing.render(Transforms.byName(transform).orElseThrow().generate(Map.of()));
  }

  @Test
  void headerAndOpLinesOfTheCanonicalCdna4Schedule() throws KnobException {
    String text = listing("cdna4-interleave");
    List<String> lines = text.lines().toList();
    assertEquals("schedule cdna4-interleave", lines.get(0));
    assertEquals(
        "  target gfx950, 8 waves, implicit waits llvm, nominal trip count 127", lines.get(1));
    assertEquals("  gemm 256x256x64 bf16, k-chunk 32", lines.get(2));
    assertEquals("  buffer A: 2 slot(s) x 32768 B, rows of 128 B", lines.get(3));
    assertTrue(lines.contains("program all: waves 0-7"));
    assertTrue(lines.contains(" [loop stage 3]"));
    assertTrue(lines.contains("  g2s      A[(k + 1) % 2] rows w * 8 + 0 +8    tile A k=k + 1"));
    assertTrue(
        lines.contains(
            "  ds_read  A[k % 2] rows warp_m * 64 + 0 +16 -> a0_kp0    tile A k=k kc=0"));
    assertTrue(lines.contains("  mfma     a0_kp0 x b4_kp0 -> C[0][4] kc=0 tile k"));
    assertTrue(lines.contains("  wait     vmcnt(0)"));
    assertTrue(lines.contains("  sched_barrier 0"));
    assertTrue(lines.contains("  setprio  1"));
    assertTrue(lines.contains("  barrier"));
    assertEquals(text, listing("cdna4-interleave"), "deterministic");
  }

  @Test
  void listsRolesGloadsAndWrites() throws KnobException {
    String text = listing("triton-pingpong");
    assertTrue(text.contains("program low: waves 0-3\n"));
    assertTrue(text.contains("program high: waves 4-7\n"));
    assertTrue(text.contains("  gload    ga0    tile A k=0 rows w * 8 + 0 +8\n"));
    assertTrue(text.contains("  ds_write A[0] rows w * 8 + 0 +8 <- ga0    tile A k=k + 1\n"));
    assertTrue(text.contains("  wait     lgkmcnt(0)\n"));
  }

  @Test
  void waveListsAndMixedWaits() {
    assertEquals("0, 2, 5", ScheduleListing.waves(List.of(0, 2, 5)));
    assertEquals("3", ScheduleListing.waves(List.of(3)));
    Op both =
        new Op.Wait(
            java.util.OptionalInt.of(2),
            java.util.OptionalInt.of(0),
            new Origin.InFile("s.json", "/programs/0/loop/3"));
    assertEquals("wait     vmcnt(2) lgkmcnt(0)", ScheduleListing.line(both));
  }
}

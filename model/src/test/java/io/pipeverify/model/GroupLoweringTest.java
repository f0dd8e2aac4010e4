package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class GroupLoweringTest {
  private static final Origin HERE = new Origin.FromTransform("test", "loop");

  private static Op g2s() {
    return new Op.G2s(
        "A",
        Expr.parse("k % 2"),
        Region.rows("w * 8", 8),
        TileTag.wholeRows("A", "k", "w * 8", 8),
        HERE);
  }

  private static List<Op> copies(int n) {
    List<Op> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(g2s());
    }
    return out;
  }

  private static Schedule schedule(List<Op> prologue, List<Op> loop, List<Op> epilogue) {
    return new Schedule(
        "t",
        Target.GFX950,
        1,
        ImplicitWaits.LLVM,
        List.of(),
        List.of(new LdsBuffer("A", 2, 1024, 128)),
        new Gemm(16, 16, 64, 32),
        List.of(new WaveProgram("all", List.of(0), prologue, loop, epilogue)),
        1);
  }

  private static List<Op> concat(List<Op> a, Op... more) {
    List<Op> out = new ArrayList<>(a);
    out.addAll(List.of(more));
    return out;
  }

  @Test
  void countsOpsPerGroupAndRewritesWaits() {
    Schedule s =
        schedule(
            concat(copies(3), new Op.CommitGroup(HERE)),
            concat(concat(copies(3), new Op.CommitGroup(HERE)), new Op.WaitGroup(1, HERE)),
            List.of(new Op.WaitGroup(0, HERE)));
    Schedule lowered = GroupLowering.lower(s, OptionalInt.empty());
    WaveProgram p = lowered.programs().get(0);
    assertEquals(3, p.prologue().size(), "commit_group removed");
    Op.Wait w = (Op.Wait) p.loop().get(3);
    assertEquals(3, w.vmcnt().getAsInt());
    assertEquals(new Origin.FromTransform("test", "loop wait_group(1) -> vmcnt(3)"), w.origin());
    assertEquals(0, ((Op.Wait) p.epilogue().get(0)).vmcnt().getAsInt());
    Op.Wait forced =
        (Op.Wait) GroupLowering.lower(s, OptionalInt.of(5)).programs().get(0).loop().get(3);
    assertEquals(5, forced.vmcnt().getAsInt());
  }

  @Test
  void groupsCrossingTheBackEdgeAreCountedWhole() {
    // Loop: 2 copies, commit, 2 copies; the last two are committed with the next iteration's first.
    List<Op> loop = concat(copies(2), new Op.CommitGroup(HERE));
    loop.addAll(copies(2));
    loop.add(new Op.WaitGroup(1, HERE));
    Schedule s = schedule(concat(copies(2), new Op.CommitGroup(HERE)), loop, List.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> GroupLowering.lower(s, OptionalInt.empty()));
    assertTrue(e.getMessage().contains("[2, 4]"), e.getMessage());
  }

  @Test
  void unequalGroupsAreRejectedWithTheirSizes() {
    Schedule s =
        schedule(
            concat(copies(4), new Op.CommitGroup(HERE)),
            concat(concat(copies(8), new Op.CommitGroup(HERE)), new Op.WaitGroup(1, HERE)),
            List.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> GroupLowering.lower(s, OptionalInt.empty()));
    assertTrue(e.getMessage().contains("[4, 8]"), e.getMessage());
  }

  @Test
  void waitGroupWithoutCommitIsRejected() {
    Schedule s = schedule(copies(2), List.of(new Op.WaitGroup(0, HERE)), List.of());
    assertThrows(IllegalArgumentException.class, () -> GroupLowering.lower(s, OptionalInt.empty()));
  }

  @Test
  void schedulesWithoutGroupsAreUnchanged() {
    Schedule s = schedule(copies(2), List.of(Op.Wait.vmcnt(0, HERE)), List.of());
    assertEquals(s, GroupLowering.lower(s, OptionalInt.empty()));
  }
}

package io.pipeverify.verifier;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A two-wave double-buffered schedule small enough to reason about by hand: each wave copies its
 * own 8 rows of tile k+1 and reads all 16 rows of tile k.
 */
final class TinySchedules {
  private TinySchedules() {}

  static Origin at(String stage) {
    return new Origin.FromTransform("tiny", stage);
  }

  static Op g2s(String slot, String tile, String stage) {
    return new Op.G2s(
        "A",
        Expr.parse(slot),
        Region.rows("w * 8", 8),
        TileTag.wholeRows("A", tile, "w * 8", 8),
        at(stage));
  }

  static Op read(String slot, String tile, String stage) {
    return new Op.DsRead(
        "A",
        Expr.parse(slot),
        Region.rows(Expr.of(0), Expr.of(16)),
        "a0",
        new TileTag("A", Expr.parse(tile), Expr.of(0), Expr.of(16), OptionalInt.of(0)),
        at(stage));
  }

  static Op mfma(String tile, String stage) {
    return new Op.Mfma("a0", "a0", 0, 0, 0, Expr.parse(tile), at(stage));
  }

  static Op vmcnt(int n, String stage) {
    return Op.Wait.vmcnt(n, at(stage));
  }

  static Op barrier(String stage) {
    return new Op.Barrier(at(stage));
  }

  /** Options: the loop's vmcnt value, and whether the end-of-iteration barrier is there. */
  static Schedule doubleBuffer(int loopVmcnt, boolean endBarrier) {
    List<Op> loop = new ArrayList<>();
    loop.add(g2s("(k + 1) % 2", "k + 1", "loop copy"));
    loop.add(vmcnt(loopVmcnt, "loop wait"));
    loop.add(barrier("loop wait"));
    loop.add(read("k % 2", "k", "loop compute"));
    loop.add(mfma("k", "loop compute"));
    if (endBarrier) {
      loop.add(barrier("loop end"));
    }
    return schedule(
        List.of(g2s("0", "0", "prologue"), vmcnt(0, "prologue"), barrier("prologue")),
        loop,
        List.of(
            vmcnt(0, "epilogue"),
            barrier("epilogue"),
            read("T % 2", "T", "epilogue"),
            mfma("T", "epilogue")));
  }

  static Schedule schedule(List<Op> prologue, List<Op> loop, List<Op> epilogue) {
    return new Schedule(
        "tiny",
        Target.GFX950,
        2,
        ImplicitWaits.LLVM,
        List.of(new WaveParam("warp_m", Expr.parse("w / 2"))),
        List.of(new LdsBuffer("A", 2, 2048, 128)),
        new Gemm(16, 16, 64, 32),
        List.of(new WaveProgram("all", List.of(0, 1), prologue, loop, epilogue)),
        4);
  }
}

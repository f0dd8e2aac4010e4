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
import java.util.Optional;

/**
 * A two-wave double-buffered schedule small enough to reason about by hand: each wave copies its
 * own 8 rows of tile k+1 and reads all 16 rows of tile k.
 */
final class TinySchedules {
  private TinySchedules() {}

  static Origin at(String stage) {
    return new Origin.FromTransform("tiny", stage);
  }

  /** The copies of one tile: rows w*8 of A and of B (the same pattern in both buffers). */
  static List<Op> g2s(String slot, String tile, String stage) {
    List<Op> out = new ArrayList<>();
    for (String tensor : List.of("A", "B")) {
      out.add(
          new Op.G2s(
              tensor,
              Expr.parse(slot),
              Region.rows("w * 8", 8),
              TileTag.wholeRows(tensor, tile, "w * 8", 8),
              at(stage)));
    }
    return out;
  }

  /** The reads of the one 16x16 fragment of A and of B, both k-chunks, into a{kc} and b{kc}. */
  static List<Op> read(String slot, String tile, String stage) {
    List<Op> out = new ArrayList<>();
    for (String tensor : List.of("A", "B")) {
      for (int kc = 0; kc < 2; kc++) {
        out.add(
            new Op.DsRead(
                tensor,
                Expr.parse(slot),
                Region.rows(Expr.of(0), Expr.of(16)),
                tensor.toLowerCase(java.util.Locale.ROOT) + kc,
                new TileTag(
                    tensor, Expr.parse(tile), Expr.of(0), Expr.of(16), Optional.of(Expr.of(kc))),
                at(stage)));
      }
    }
    return out;
  }

  /** The two MFMAs (k-chunks 0 and 1) of output fragment (0, 0). */
  static List<Op> mfma(String tile, String stage) {
    return List.of(
        new Op.Mfma("a0", "b0", 0, 0, 0, Expr.parse(tile), at(stage)),
        new Op.Mfma("a1", "b1", 0, 0, 1, Expr.parse(tile), at(stage)));
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
    loop.addAll(g2s("(k + 1) % 2", "k + 1", "loop copy"));
    // Each tile is two g2s (A and B): the loop's vmcnt counts in tiles.
    loop.add(vmcnt(2 * loopVmcnt, "loop wait"));
    loop.add(barrier("loop wait"));
    loop.addAll(read("k % 2", "k", "loop compute"));
    loop.addAll(mfma("k", "loop compute"));
    if (endBarrier) {
      loop.add(barrier("loop end"));
    }
    List<Op> prologue = new ArrayList<>(g2s("0", "0", "prologue"));
    prologue.add(vmcnt(0, "prologue"));
    prologue.add(barrier("prologue"));
    List<Op> epilogue = new ArrayList<>();
    epilogue.add(vmcnt(0, "epilogue"));
    epilogue.add(barrier("epilogue"));
    epilogue.addAll(read("T % 2", "T", "epilogue"));
    epilogue.addAll(mfma("T", "epilogue"));
    return schedule(prologue, loop, epilogue);
  }

  static Schedule schedule(List<Op> prologue, List<Op> loop, List<Op> epilogue) {
    return new Schedule(
        "tiny",
        Target.GFX950,
        2,
        ImplicitWaits.LLVM,
        List.of(new WaveParam("warp_m", Expr.parse("w / 2"))),
        List.of(new LdsBuffer("A", 2, 2048, 128), new LdsBuffer("B", 2, 2048, 128)),
        new Gemm(16, 16, 64, 32),
        List.of(new WaveProgram("all", List.of(0, 1), prologue, loop, epilogue)),
        4);
  }
}

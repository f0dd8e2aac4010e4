package io.pipeverify.verifier;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.List;
import java.util.Optional;

/**
 * Small hand-built schedules for the unit tests of every layer: one buffer {@code A} of 16 rows of
 * 128 B and a configurable number of slots; rows, slots and tiles are expression strings in {@code
 * w}, {@code k} and {@code T}.
 */
public final class HandBuilt {
  private HandBuilt() {}

  public static Origin at(String stage) {
    return new Origin.FromTransform("hand-built", stage);
  }

  public static Op g2s(String slot, String rowStart, int rows, String tile, String stage) {
    return new Op.G2s(
        "A",
        Expr.parse(slot),
        Region.rows(rowStart, rows),
        TileTag.wholeRows("A", tile, rowStart, rows),
        at(stage));
  }

  /**
   * A read of {@code rows} rows into {@code a0}. These schedules leave out the mfmas that would
   * consume their reads, so each read is stated used ({@link ReadUse#USED}): by the ops alone it
   * would be dead, and its races benign (issue 36).
   */
  public static Op read(String slot, String rowStart, int rows, String tile, String stage) {
    return new Op.DsRead(
        "A",
        Expr.parse(slot),
        Region.rows(rowStart, rows),
        "a0",
        new TileTag(
            "A", Expr.parse(tile), Expr.parse(rowStart), Expr.of(rows), Optional.of(Expr.of(0))),
        at(stage),
        ReadUse.USED);
  }

  public static Op vmcnt(int n, String stage) {
    return Op.Wait.vmcnt(n, at(stage));
  }

  public static Op lgkmcnt(int n, String stage) {
    return Op.Wait.lgkmcnt(n, at(stage));
  }

  public static Op barrier(String stage) {
    return new Op.Barrier(at(stage));
  }

  public static WaveProgram program(
      String role, List<Integer> waves, List<Op> prologue, List<Op> loop, List<Op> epilogue) {
    return new WaveProgram(role, waves, prologue, loop, epilogue);
  }

  /** A schedule of {@code waves} waves, buffer A with {@code slots} slots of 16 rows. */
  public static Schedule schedule(int waves, int slots, List<WaveProgram> programs) {
    return new Schedule(
        "hand-built",
        Target.GFX950,
        waves,
        ImplicitWaits.LLVM,
        List.of(),
        List.of(new LdsBuffer("A", slots, 16 * 128, 128)),
        new Gemm(16, 16, 64, 32),
        programs,
        4);
  }

  /** One program run by waves 0..waves-1. */
  public static Schedule uniform(
      int waves, int slots, List<Op> prologue, List<Op> loop, List<Op> epilogue) {
    List<Integer> all = java.util.stream.IntStream.range(0, waves).boxed().toList();
    return schedule(waves, slots, List.of(program("all", all, prologue, loop, epilogue)));
  }

  /** {@link TinySchedules#doubleBuffer}, for the tests of the subpackages. */
  public static Schedule doubleBuffer(int loopVmcnt, boolean endBarrier) {
    return TinySchedules.doubleBuffer(loopVmcnt, endBarrier);
  }
}

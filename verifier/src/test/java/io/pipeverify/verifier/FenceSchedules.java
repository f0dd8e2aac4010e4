package io.pipeverify.verifier;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Two-wave schedules shaped like a lifted kernel (no intent, no implicit waits, one program per
 * wave, constant regions): each wave copies its 8 rows of a 16-row buffer, both read all 16 in a
 * loop, and the epilogue, after a fence ({@code vmcnt(0) lgkmcnt(0)}, barrier), writes each wave's
 * rows with ds_write and reads the other wave's. Knobs drop one wait or barrier at a time.
 */
final class FenceSchedules {
  private FenceSchedules() {}

  /** Which orderings the schedule has; {@code true} everywhere is race-free. */
  record Knobs(
      boolean copyWait,
      boolean loopReadWait,
      boolean loopBarrier,
      boolean fence,
      boolean epilogueWait,
      boolean epilogueBarrier,
      boolean epilogueWrites) {
    static Knobs all() {
      return new Knobs(true, true, true, true, true, true, true);
    }
  }

  static Origin at(int line) {
    return new Origin.InAssembly("k.s", line);
  }

  static Op g2s(int row, int line) {
    return new Op.G2s(
        "lds", Expr.of(0), rows(row, 8), TileTag.wholeRows("lds", "0", "0", 8), at(line));
  }

  static Op read(int row, int count, int line) {
    return new Op.DsRead(
        "lds",
        Expr.of(0),
        rows(row, count),
        "v" + line,
        TileTag.wholeRows("lds", "0", "0", count),
        at(line));
  }

  static Op write(int row, int line) {
    return new Op.DsWrite(
        "lds", Expr.of(0), rows(row, 8), "v0", TileTag.wholeRows("lds", "0", "0", 8), at(line));
  }

  static Op wait(int vmcnt, int lgkmcnt, int line) {
    return new Op.Wait(OptionalInt.of(vmcnt), OptionalInt.of(lgkmcnt), at(line));
  }

  static Op lgkmcnt(int n, int line) {
    return Op.Wait.lgkmcnt(n, at(line));
  }

  static Op vmcnt(int n, int line) {
    return Op.Wait.vmcnt(n, at(line));
  }

  static Op barrier(int line) {
    return new Op.Barrier(at(line));
  }

  private static Region rows(int start, int count) {
    return Region.rows(Expr.of(start), Expr.of(count));
  }

  /** The schedule with {@code knobs}, its epilogue after the fence given by {@code after}. */
  static Schedule of(Knobs knobs) {
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      List<Op> prologue = new ArrayList<>();
      prologue.add(g2s(8 * w, 10));
      if (knobs.copyWait()) {
        prologue.add(vmcnt(0, 11));
      }
      prologue.add(barrier(12));
      List<Op> loop = new ArrayList<>();
      loop.add(read(0, 16, 20));
      if (knobs.loopReadWait()) {
        loop.add(lgkmcnt(0, 21));
      }
      if (knobs.loopBarrier()) {
        loop.add(barrier(22));
      }
      loop.add(g2s(8 * w, 23));
      loop.add(vmcnt(0, 24));
      loop.add(barrier(25));
      List<Op> epilogue = new ArrayList<>();
      epilogue.add(read(0, 16, 30));
      epilogue.add(knobs.fence() ? wait(0, 0, 31) : vmcnt(0, 31));
      epilogue.add(barrier(32));
      epilogue.addAll(after(knobs, w));
      programs.add(new WaveProgram("w" + w, List.of(w), prologue, loop, epilogue));
    }
    return withPrograms(programs);
  }

  /** What a wave does after the fence: writes its rows and reads the other wave's. */
  static List<Op> after(Knobs knobs, int w) {
    List<Op> ops = new ArrayList<>();
    if (knobs.epilogueWrites()) {
      ops.add(write(8 * w, 40));
    }
    if (knobs.epilogueWait()) {
      ops.add(lgkmcnt(0, 41));
    }
    if (knobs.epilogueBarrier()) {
      ops.add(barrier(42));
    }
    ops.add(read(8 * (1 - w), 8, 43));
    ops.add(lgkmcnt(0, 44));
    return ops;
  }

  /** {@code s} with every wave's epilogue replaced by {@code f} of it. */
  static Schedule withEpilogues(Schedule s, java.util.function.UnaryOperator<List<Op>> f) {
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : s.programs()) {
      programs.add(
          new WaveProgram(p.role(), p.waves(), p.prologue(), p.loop(), f.apply(p.epilogue())));
    }
    return s.withPrograms(programs);
  }

  static Schedule withPrograms(List<WaveProgram> programs) {
    return new Schedule(
        "fenced",
        Target.GFX950,
        2,
        ImplicitWaits.NONE,
        List.of(),
        List.of(new LdsBuffer("lds", 1, 16 * 128, 128)),
        new Gemm(16, 16, 32, 32),
        programs,
        1,
        Intent.NONE);
  }
}

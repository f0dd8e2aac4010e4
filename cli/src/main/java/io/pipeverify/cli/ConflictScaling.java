package io.pipeverify.cli;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The conflicts axis of {@code bench --scaling}: docs/examples/double-buffer.json with its loop
 * body repeated M times (copies, waits, barriers and reads alike), issue 23's measurements. Every
 * repetition copies into the same slot and reads the same rows, so the accesses that touch one byte
 * grow with M and the conflicting pairs with its square: long unrolled kernels with many
 * barrier-separated phases over one LDS buffer look like this. The races are none (each repetition
 * drains its counters before its barrier); the repeated MFMAs accumulate each product M times, a P5
 * DUPLICATE_PRODUCT, so the verdict is "violated" at every M.
 */
final class ConflictScaling {
  /** The repetitions of the axis (about 14k, 47k, 140k and 467k events). */
  static final int[] REPEATS = {30, 100, 300, 1_000};

  private ConflictScaling() {}

  /** The axis' schedule with {@code repeats}, labelled as bench rows name it. */
  static BenchCommand.Case benchCase(int repeats) {
    return new BenchCommand.Case("double-buffer x" + repeats, repeated(repeats));
  }

  static Schedule repeated(int repeats) {
    Schedule base = EventScaling.doubleBuffer(0);
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : base.programs()) {
      List<Op> loop = new ArrayList<>();
      for (List<Op> body : Collections.nCopies(repeats, p.loop())) {
        loop.addAll(body);
      }
      programs.add(new WaveProgram(p.role(), p.waves(), p.prologue(), loop, p.epilogue()));
    }
    return base.withPrograms(programs);
  }
}

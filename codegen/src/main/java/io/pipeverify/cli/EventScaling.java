package io.pipeverify.cli;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.format.ScheduleFormatException;
import io.pipeverify.model.format.ScheduleReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The events axis of {@code bench --scaling}: docs/examples/double-buffer.json (two waves, period
 * 2) with {@code n} extra {@code ds_read}s per loop iteration, the schedule shape of issue 13's
 * measurements. The extra reads copy the loop's own reads in turn (same slot, rows and tile) into
 * registers of their own ({@code x0}, {@code x1}, ...) right after the last of them, so the verdict
 * stays "verified" and only the number of events grows (about 90 per extra read, summed over the
 * trip counts unrolled).
 */
final class EventScaling {
  /**
   * The extra reads per iteration of the axis: 10,040, 30,020, 120,020, 300,020 and 1,000,040
   * events (90 per extra read since a full lgkmcnt stalls the next read with an implicit wait,
   * proofs/counter-capacity.md, plus 230).
   */
  static final int[] EXTRA_READS = {109, 331, 1_331, 3_331, 11_109};

  private EventScaling() {}

  /** The axis' schedule with {@code extraReads}, labelled as bench rows name it. */
  static BenchCommand.Case benchCase(int extraReads) {
    return new BenchCommand.Case("double-buffer +" + extraReads, doubleBuffer(extraReads));
  }

  static Schedule doubleBuffer(int extraReads) {
    Schedule base = base();
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : base.programs()) {
      programs.add(
          new WaveProgram(
              p.role(), p.waves(), p.prologue(), withReads(p.loop(), extraReads), p.epilogue()));
    }
    return base.withPrograms(programs);
  }

  private static List<Op> withReads(List<Op> loop, int extraReads) {
    List<Op.DsRead> reads = new ArrayList<>();
    int last = -1;
    for (int i = 0; i < loop.size(); i++) {
      if (loop.get(i) instanceof Op.DsRead r) {
        reads.add(r);
        last = i;
      }
    }
    List<Op> out = new ArrayList<>(loop.subList(0, last + 1));
    for (int i = 0; i < extraReads; i++) {
      Op.DsRead r = reads.get(i % reads.size());
      out.add(new Op.DsRead(r.buffer(), r.slot(), r.region(), "x" + i, r.tile(), r.origin()));
    }
    out.addAll(loop.subList(last + 1, loop.size()));
    return out;
  }

  private static Schedule base() {
    try {
      return ScheduleReader.read("double-buffer.json", Examples.text("double-buffer.json"));
    } catch (ScheduleFormatException e) {
      throw new IllegalStateException("docs/examples/double-buffer.json does not parse", e);
    }
  }
}

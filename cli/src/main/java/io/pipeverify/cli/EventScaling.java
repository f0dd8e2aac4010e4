package io.pipeverify.cli;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Intent;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.format.ScheduleFormatException;
import io.pipeverify.model.format.ScheduleReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  /** The cell of the pieces grid ({@link #scattered}): 64 bytes, the first 48 of them used. */
  private static final int CELL = 64;

  private static final int USED = 48;

  /**
   * The axis' schedule with {@code extraReads}, without intent and one program per wave, every
   * access in bytes: with {@code pieces}, each access is the first 48 bytes of every 64-byte cell
   * of its bytes (16 pieces for a copy of 8 rows, 32 for a read of 16), so every read is still
   * covered by the copies before it and the verdict stays "verified"; without, each access is its
   * one range (the twin the pieces are measured against: issue 24's target).
   */
  static Schedule scattered(int extraReads, boolean pieces) {
    Schedule s = doubleBuffer(extraReads);
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : s.programs()) {
      for (int w : p.waves()) {
        Map<String, Long> env = s.waveEnv(w);
        programs.add(
            new WaveProgram(
                p.role() + w,
                List.of(w),
                inBytes(s, p.prologue(), env, pieces),
                inBytes(s, p.loop(), env, pieces),
                inBytes(s, p.epilogue(), env, pieces)));
      }
    }
    return new Schedule(
        s.name() + (pieces ? " pieces" : " ranges"),
        s.target(),
        s.waves(),
        s.implicitWaits(),
        List.of(),
        s.buffers(),
        s.gemm(),
        programs,
        s.nominalTripCount(),
        Intent.NONE);
  }

  private static List<Op> inBytes(Schedule s, List<Op> ops, Map<String, Long> env, boolean pieces) {
    List<Op> out = new ArrayList<>();
    for (Op op : ops) {
      if (!(op instanceof Op.LdsAccess a)) {
        out.add(op);
        continue;
      }
      int rowBytes = s.buffer(a.buffer()).orElseThrow().rowBytes();
      Region.ByteRange bytes = a.region().bytes(env, rowBytes);
      Region r;
      if (pieces) {
        List<Region.Piece> cells = new ArrayList<>();
        for (long c = bytes.from(); c < bytes.to(); c += CELL) {
          cells.add(new Region.Piece(c, USED));
        }
        r = Region.pieces(Region.Unit.BYTES, cells);
      } else {
        r = new Region(Region.Unit.BYTES, Expr.of(bytes.from()), Expr.of(bytes.size()));
      }
      TileTag tag = new TileTag(a.buffer(), Expr.of(0), r.start(), r.count(), Optional.empty());
      if (op instanceof Op.G2s g) {
        out.add(new Op.G2s(g.buffer(), g.slot(), r, tag, g.origin(), g.source()));
      } else if (op instanceof Op.DsRead d) {
        out.add(d.withRegion(r, tag));
      } else if (op instanceof Op.DsWrite d) {
        out.add(new Op.DsWrite(d.buffer(), d.slot(), r, d.src(), tag, d.origin()));
      }
    }
    return out;
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

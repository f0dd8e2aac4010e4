package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Regions of rows restricted to XOR-swizzled columns: the byte ranges a fragment read of the
 * swizzled layout touches, computed here from the layout's definition (column c of row r at c ^ (r
 * & 7) in rows of eight 16-byte columns) rather than from the code under test.
 */
class RegionColumnsTest {

  /**
   * Rows [16, 32) of 128 bytes, columns [first, first + 4), each row's run where the XOR puts it.
   */
  private static List<Region.ByteRange> byHand(long first) {
    List<Region.ByteRange> out = new ArrayList<>();
    for (long r = 16; r < 32; r++) {
      long lowest = Long.MAX_VALUE;
      for (long c = first; c < first + 4; c++) {
        lowest = Math.min(lowest, c ^ (r & 7));
      }
      long from = r * 128 + lowest * 16;
      Region.ByteRange last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.to() == from) {
        out.set(out.size() - 1, new Region.ByteRange(last.from(), from + 64));
      } else {
        out.add(new Region.ByteRange(from, from + 64));
      }
    }
    return out;
  }

  @Test
  void aSwizzledFragmentReadIsOneRunOfColumnsPerRowWhereTheXorPutsIt() {
    for (int chunk = 0; chunk < 2; chunk++) {
      Region r =
          Region.rows(
              Expr.parse("w * 16"), Expr.of(16), Region.Columns.xorSwizzled(128, 64, chunk));
      List<Region.ByteRange> ranges = r.byteRanges(Map.of("w", 1L), 128);
      assertEquals(byHand(4L * chunk), ranges);
      // Runs at the end of one row and the start of the next meet: columns 0-3 sit at the end
      // of rows 20-23 and the start of row 24 (15 ranges), columns 4-7 at the end of rows 16-19
      // and 24-27 and the start of rows 20 and 28 (14 ranges).
      assertEquals(chunk == 0 ? 15 : 14, ranges.size());
      assertEquals(
          new Region.ByteRange(ranges.get(0).from(), ranges.get(ranges.size() - 1).to()),
          r.bytes(Map.of("w", 1L), 128));
      assertTrue(r.isScattered());
    }
    // Another wave's rows: the pattern moves with them.
    Region r =
        Region.rows(Expr.parse("w * 16"), Expr.of(16), Region.Columns.xorSwizzled(128, 64, 0));
    assertEquals(new Region.ByteRange(0, 64), r.byteRanges(Map.of("w", 0L), 128).get(0));
  }

  @Test
  void everyColumnOfARowIsTheWholeRowWhateverTheMask() {
    Region r = Region.rows(Expr.of(3), Expr.of(2), new Region.Columns(16, 0, 8, 7));
    assertEquals(List.of(new Region.ByteRange(384, 640)), r.byteRanges(Map.of(), 128));
    Region plain = Region.rows(Expr.of(3), Expr.of(2), new Region.Columns(16, 2, 2, 0));
    assertEquals(
        List.of(new Region.ByteRange(416, 448), new Region.ByteRange(544, 576)),
        plain.byteRanges(Map.of(), 128));
  }

  @Test
  void columnsThatDoNotFitTheRowSayWhy() {
    assertEquals(
        Optional.of("columns of 48 B must divide the buffer's rows of 128 B"),
        new Region.Columns(48, 0, 1, 0).misfit(128));
    assertEquals(
        Optional.of("columns [6, 10) do not fit in a row of 8 columns"),
        new Region.Columns(16, 6, 4, 0).misfit(128));
    assertEquals(
        Optional.of(
            "an XOR mask of 7 needs a power-of-two number of columns per row above it (a row has"
                + " 6)"),
        new Region.Columns(16, 0, 4, 7).misfit(96));
    assertEquals(Optional.empty(), Region.Columns.xorSwizzled(256, 64, 3).misfit(256));
  }
}

package io.pipeverify.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An LDS range inside one slot of a buffer, in whole rows (the buffer's {@code rowBytes} each) or
 * in bytes. Rows are exact for the canonical layout: g2s writes whole rows and the XOR swizzle only
 * permutes bytes inside a row (semantics.md section 7).
 *
 * <p>A region may be several ranges ({@code pieces}, constants in the region's unit, sorted,
 * disjoint, not touching, spanning exactly {@code [start, start + count)}): an MFMA fragment read
 * of a padded or interleaved layout in a kernel lifted from assembly touches 16 separate pieces.
 * Without pieces the region is the one range.
 */
public record Region(
    Unit unit, Expr start, Expr count, List<Piece> pieces, Optional<Columns> columns) {

  /**
   * Of each row of a region in rows, only {@code count} columns of {@code bytes} bytes from column
   * {@code first}, XOR-swizzled: column c of row r is stored at column {@code c ^ (r & xorMask)}
   * (Composable Kernel, Triton's AMD backend and TileLang lay MFMA operands out so, note 003, to
   * keep a fragment read free of bank conflicts; {@code xorMask} 0 is no swizzle). An MFMA fragment
   * read of 16 rows is then one run of columns per row, at a position that depends on the row: up
   * to 16 separate ranges, evaluated per instance (the rows may depend on the wave).
   */
  public record Columns(int bytes, long first, long count, long xorMask) {
    public Columns {
      if (bytes < 1 || first < 0 || count < 1 || xorMask < 0) {
        throw new IllegalArgumentException(
            "columns need bytes >= 1, first >= 0, count >= 1 and xor >= 0");
      }
    }

    /** The bytes of one column of {@link #xorSwizzled}: what one lane's ds_read_b128 reads. */
    public static final int SWIZZLE_BYTES = 16;

    /**
     * The 16-byte columns of k-chunk {@code chunk} ({@code chunkBytes} per row) in rows of {@code
     * rowBytes} bytes, XOR-swizzled by every bit of the row index below the columns per row: the
     * layout the emitted HIP gives the tiles (docs/codegen.md).
     */
    public static Columns xorSwizzled(int rowBytes, int chunkBytes, long chunk) {
      long perChunk = chunkBytes / SWIZZLE_BYTES;
      return new Columns(SWIZZLE_BYTES, chunk * perChunk, perChunk, rowBytes / SWIZZLE_BYTES - 1);
    }

    /**
     * Why these columns do not fit rows of {@code rowBytes} bytes, or empty: the columns must
     * divide the row, and every swizzled position stay in it (a power-of-two number of columns per
     * row, the mask below it).
     */
    public Optional<String> misfit(int rowBytes) {
      if (rowBytes % bytes != 0) {
        return Optional.of(
            "columns of " + bytes + " B must divide the buffer's rows of " + rowBytes + " B");
      }
      long perRow = rowBytes / bytes;
      if (first + count > perRow) {
        return Optional.of(
            "columns ["
                + first
                + ", "
                + (first + count)
                + ") do not fit in a row of "
                + perRow
                + " columns");
      }
      if (xorMask > 0 && (Long.bitCount(perRow) != 1 || xorMask >= perRow)) {
        return Optional.of(
            "an XOR mask of "
                + xorMask
                + " needs a power-of-two number of columns per row above it (a row has "
                + perRow
                + ")");
      }
      return Optional.empty();
    }
  }

  /** A region of one range or of constant pieces. */
  public Region(Unit unit, Expr start, Expr count, List<Piece> pieces) {
    this(unit, start, count, pieces, Optional.empty());
  }

  /** Rows {@code [start, start + count)}, of each only {@code columns}. */
  public static Region rows(Expr start, Expr count, Columns columns) {
    return new Region(Unit.ROWS, start, count, List.of(), Optional.of(columns));
  }

  /** One range of a region of several, {@code [start, start + count)} in the region's unit. */
  public record Piece(long start, long count) {
    public Piece {
      if (start < 0 || count < 1) {
        throw new IllegalArgumentException("a piece needs start >= 0 and count >= 1");
      }
    }

    long end() {
      return start + count;
    }
  }

  /** One range. */
  public Region(Unit unit, Expr start, Expr count) {
    this(unit, start, count, List.of());
  }

  /** The region of several ranges, its start and count their span (one piece: that range). */
  public static Region pieces(Unit unit, List<Piece> pieces) {
    if (pieces.isEmpty()) {
      throw new IllegalArgumentException("a region needs a piece");
    }
    Piece first = pieces.get(0);
    Piece last = pieces.get(pieces.size() - 1);
    Expr start = Expr.of(first.start());
    Expr count = Expr.of(last.end() - first.start());
    return new Region(unit, start, count, pieces.size() == 1 ? List.of() : pieces);
  }

  /** The unit of {@link #start} and {@link #count}. */
  public enum Unit {
    ROWS,
    BYTES
  }

  public Region {
    Objects.requireNonNull(unit);
    Objects.requireNonNull(start);
    Objects.requireNonNull(count);
    Objects.requireNonNull(columns);
    if (columns.isPresent() && (unit != Unit.ROWS || !pieces.isEmpty())) {
      throw new IllegalArgumentException("columns need a region in rows without pieces");
    }
    pieces = List.copyOf(pieces);
    for (int i = 1; i < pieces.size(); i++) {
      if (pieces.get(i).start() <= pieces.get(i - 1).end()) {
        throw new IllegalArgumentException(
            "the pieces of a region must be sorted, disjoint and not touch");
      }
    }
  }

  /** Whether the region may be several ranges: pieces, or columns of rows. */
  public boolean isScattered() {
    return !pieces.isEmpty() || columns.isPresent();
  }

  /**
   * The byte ranges this region covers (one, or one per piece, or the runs of columns row by row,
   * touching runs merged), in order, in a buffer with the given row size.
   */
  public List<ByteRange> byteRanges(Map<String, Long> env, int rowBytes) {
    if (columns.isPresent()) {
      return columnRanges(columns.get(), start.eval(env), count.eval(env), rowBytes);
    }
    if (pieces.isEmpty()) {
      return List.of(bytes(env, rowBytes));
    }
    long scale = unit == Unit.ROWS ? rowBytes : 1;
    List<ByteRange> out = new ArrayList<>(pieces.size());
    for (Piece p : pieces) {
      out.add(new ByteRange(p.start() * scale, p.end() * scale));
    }
    return out;
  }

  public static Region rows(Expr start, Expr count) {
    return new Region(Unit.ROWS, start, count);
  }

  public static Region rows(String start, long count) {
    return rows(Expr.parse(start), Expr.of(count));
  }

  /**
   * The byte range {@code [from, to)} this region spans in a buffer with the given row size (all of
   * it for one range; for several, from the first piece's start to the last one's end).
   */
  public ByteRange bytes(Map<String, Long> env, int rowBytes) {
    if (columns.isPresent()) {
      List<ByteRange> runs = byteRanges(env, rowBytes);
      return new ByteRange(runs.get(0).from(), runs.get(runs.size() - 1).to());
    }
    long s = start.eval(env);
    long c = count.eval(env);
    long scale = unit == Unit.ROWS ? rowBytes : 1;
    return new ByteRange(s * scale, (s + c) * scale);
  }

  private static List<ByteRange> columnRanges(Columns c, long firstRow, long rows, int rowBytes) {
    List<ByteRange> out = new ArrayList<>();
    long[] at = new long[(int) c.count()];
    for (long r = firstRow; r < firstRow + rows; r++) {
      for (int i = 0; i < at.length; i++) {
        at[i] = (c.first() + i) ^ (r & c.xorMask());
      }
      Arrays.sort(at);
      for (long column : at) {
        long from = r * rowBytes + column * c.bytes();
        ByteRange last = out.isEmpty() ? null : out.get(out.size() - 1);
        if (last != null && last.to() == from) {
          out.set(out.size() - 1, new ByteRange(last.from(), from + c.bytes()));
        } else {
          out.add(new ByteRange(from, from + c.bytes()));
        }
      }
    }
    return out;
  }

  /** A half-open byte range. */
  public record ByteRange(long from, long to) {
    public boolean overlaps(ByteRange other) {
      return from < other.to && other.from < to;
    }

    public long size() {
      return to - from;
    }
  }
}

package io.pipeverify.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
public record Region(Unit unit, Expr start, Expr count, List<Piece> pieces) {

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
    pieces = List.copyOf(pieces);
    for (int i = 1; i < pieces.size(); i++) {
      if (pieces.get(i).start() <= pieces.get(i - 1).end()) {
        throw new IllegalArgumentException(
            "the pieces of a region must be sorted, disjoint and not touch");
      }
    }
  }

  /** Whether the region is several ranges. */
  public boolean isScattered() {
    return !pieces.isEmpty();
  }

  /**
   * The byte ranges this region covers (one, or one per piece), in order, in a buffer with the
   * given row size.
   */
  public List<ByteRange> byteRanges(Map<String, Long> env, int rowBytes) {
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
    long s = start.eval(env);
    long c = count.eval(env);
    long scale = unit == Unit.ROWS ? rowBytes : 1;
    return new ByteRange(s * scale, (s + c) * scale);
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

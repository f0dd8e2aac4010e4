package io.pipeverify.model;

import java.util.Map;
import java.util.Objects;

/**
 * A contiguous LDS range inside one slot of a buffer, in whole rows (the buffer's {@code rowBytes}
 * each) or in bytes. Rows are exact for the canonical layout: g2s writes whole rows and the XOR
 * swizzle only permutes bytes inside a row (semantics.md section 7).
 */
public record Region(Unit unit, Expr start, Expr count) {

  /** The unit of {@link #start} and {@link #count}. */
  public enum Unit {
    ROWS,
    BYTES
  }

  public Region {
    Objects.requireNonNull(unit);
    Objects.requireNonNull(start);
    Objects.requireNonNull(count);
  }

  public static Region rows(Expr start, Expr count) {
    return new Region(Unit.ROWS, start, count);
  }

  public static Region rows(String start, long count) {
    return rows(Expr.parse(start), Expr.of(count));
  }

  /** The byte range {@code [from, to)} this region covers in a buffer with the given row size. */
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

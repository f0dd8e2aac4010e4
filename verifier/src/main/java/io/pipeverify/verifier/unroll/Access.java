package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Region;
import java.util.List;

/**
 * An LDS access with everything evaluated: buffer, slot, the byte range it spans ({@code bytes})
 * and the ranges it touches ({@code pieces}: that one range, or the pieces of a scattered region,
 * sorted and disjoint), and the tile it carries (tensor and K-tile index; for a read, the tile it
 * expects).
 */
public record Access(
    String buffer,
    int slot,
    Region.ByteRange bytes,
    List<Region.ByteRange> pieces,
    String tensor,
    long kTile,
    boolean write) {

  public Access {
    pieces = List.copyOf(pieces);
  }

  /** An access of one range. */
  public Access(
      String buffer, int slot, Region.ByteRange bytes, String tensor, long kTile, boolean write) {
    this(buffer, slot, bytes, List.of(bytes), tensor, kTile, write);
  }

  public boolean conflictsWith(Access other) {
    return buffer.equals(other.buffer)
        && slot == other.slot
        && (write || other.write)
        && overlaps(other);
  }

  /** Whether the two accesses touch a common byte (their pieces meet). */
  public boolean overlaps(Access other) {
    if (!bytes.overlaps(other.bytes)) {
      return false;
    }
    if (pieces.size() == 1 && other.pieces.size() == 1) {
      return true;
    }
    int i = 0;
    int j = 0;
    while (i < pieces.size() && j < other.pieces.size()) {
      Region.ByteRange a = pieces.get(i);
      Region.ByteRange b = other.pieces.get(j);
      if (a.overlaps(b)) {
        return true;
      }
      if (a.to() <= b.from()) {
        i++;
      } else {
        j++;
      }
    }
    return false;
  }

  /** Whether the access touches byte {@code point}. */
  public boolean covers(long point) {
    for (Region.ByteRange p : pieces) {
      if (p.from() <= point && point < p.to()) {
        return true;
      }
    }
    return false;
  }

  /** The bytes both accesses touch, as sorted disjoint ranges (empty when none). */
  public List<Region.ByteRange> common(Access other) {
    List<Region.ByteRange> out = new java.util.ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < pieces.size() && j < other.pieces.size()) {
      Region.ByteRange a = pieces.get(i);
      Region.ByteRange b = other.pieces.get(j);
      long from = Math.max(a.from(), b.from());
      long to = Math.min(a.to(), b.to());
      if (from < to) {
        out.add(new Region.ByteRange(from, to));
      }
      if (a.to() <= b.to()) {
        i++;
      } else {
        j++;
      }
    }
    return out;
  }

  /** Whether the access touches a byte of {@code ranges} (sorted, disjoint). */
  public boolean overlapsAny(List<Region.ByteRange> ranges) {
    for (Region.ByteRange r : ranges) {
      if (!bytes.overlaps(r)) {
        continue;
      }
      for (Region.ByteRange p : pieces) {
        if (p.overlaps(r)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the access touches every byte of {@code ranges}. */
  public boolean coversAll(List<Region.ByteRange> ranges) {
    for (Region.ByteRange r : ranges) {
      boolean inside = false;
      for (Region.ByteRange p : pieces) {
        if (p.from() <= r.from() && r.to() <= p.to()) {
          inside = true;
          break;
        }
      }
      if (!inside) {
        return false;
      }
    }
    return true;
  }
}

package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Region;
import java.util.List;

/**
 * An LDS access with everything evaluated: buffer, slot, the byte range it spans ({@code bytes})
 * and, for a scattered region, the ranges it touches ({@code scattered}: sorted and disjoint; empty
 * for the usual access of one range, which the checks then take as it is, with nothing allocated
 * per access), and the tile it carries (tensor and K-tile index; for a read, the tile it expects).
 */
public record Access(
    String buffer,
    int slot,
    Region.ByteRange bytes,
    List<Region.ByteRange> scattered,
    String tensor,
    long kTile,
    boolean write) {

  public Access {
    scattered = List.copyOf(scattered);
  }

  /** An access of one range. */
  public Access(
      String buffer, int slot, Region.ByteRange bytes, String tensor, long kTile, boolean write) {
    this(buffer, slot, bytes, List.of(), tensor, kTile, write);
  }

  /** Whether the access touches several ranges. */
  public boolean isScattered() {
    return !scattered.isEmpty();
  }

  /** The ranges the access touches: its one range, or the pieces of a scattered region. */
  public List<Region.ByteRange> pieces() {
    return scattered.isEmpty() ? List.of(bytes) : scattered;
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
    // One range each (the usual case): their spans overlap, so they do.
    if (!isScattered() && !other.isScattered()) {
      return true;
    }
    if (!isScattered()) {
      return touches(other.scattered, bytes);
    }
    return other.isScattered() ? meet(scattered, other.scattered) : touches(scattered, other.bytes);
  }

  /** Whether one of {@code pieces} (sorted, disjoint) overlaps {@code range}: a binary search. */
  private static boolean touches(List<Region.ByteRange> pieces, Region.ByteRange range) {
    int i = firstEndingAfter(pieces, range.from());
    return i < pieces.size() && pieces.get(i).from() < range.to();
  }

  /**
   * The first of {@code ranges} (sorted, disjoint) that ends after byte {@code point}: the only one
   * that can hold it; the size when none does.
   */
  public static int firstEndingAfter(List<Region.ByteRange> ranges, long point) {
    int lo = 0;
    int hi = ranges.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ranges.get(mid).to() <= point) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Whether two lists of sorted disjoint ranges share a byte: both walked in step to the first
   * common byte, nothing allocated (the pair sweep asks this of every pair whose spans overlap).
   */
  private static boolean meet(List<Region.ByteRange> xs, List<Region.ByteRange> ys) {
    int i = 0;
    int j = 0;
    while (i < xs.size() && j < ys.size()) {
      Region.ByteRange a = xs.get(i);
      Region.ByteRange b = ys.get(j);
      if (a.overlaps(b)) {
        return true;
      }
      if (a.to() <= b.to()) {
        i++;
      } else {
        j++;
      }
    }
    return false;
  }

  /** Whether the access touches byte {@code point}. */
  public boolean covers(long point) {
    if (!isScattered()) {
      return bytes.from() <= point && point < bytes.to();
    }
    for (Region.ByteRange p : scattered) {
      if (p.from() <= point && point < p.to()) {
        return true;
      }
    }
    return false;
  }

  /** The bytes both accesses touch, as sorted disjoint ranges (empty when none). */
  public List<Region.ByteRange> common(Access other) {
    List<Region.ByteRange> out = new java.util.ArrayList<>();
    List<Region.ByteRange> mine = pieces();
    List<Region.ByteRange> theirs = other.pieces();
    int i = 0;
    int j = 0;
    while (i < mine.size() && j < theirs.size()) {
      Region.ByteRange a = mine.get(i);
      Region.ByteRange b = theirs.get(j);
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

  /** The parts of {@code ranges} (sorted, disjoint) inside {@code window}, in order. */
  public static List<Region.ByteRange> clip(
      List<Region.ByteRange> ranges, Region.ByteRange window) {
    List<Region.ByteRange> out = new java.util.ArrayList<>();
    for (Region.ByteRange r : ranges) {
      long from = Math.max(r.from(), window.from());
      long to = Math.min(r.to(), window.to());
      if (from < to) {
        out.add(new Region.ByteRange(from, to));
      }
    }
    return out;
  }

  /** Whether the access touches a byte of {@code ranges} (sorted, disjoint). */
  public boolean overlapsAny(List<Region.ByteRange> ranges) {
    if (ranges.isEmpty()
        || !bytes.overlaps(
            new Region.ByteRange(ranges.get(0).from(), ranges.get(ranges.size() - 1).to()))) {
      return false;
    }
    return isScattered() ? meet(scattered, ranges) : touches(ranges, bytes);
  }

  /** Whether the access touches every byte of {@code ranges}. */
  public boolean coversAll(List<Region.ByteRange> ranges) {
    for (Region.ByteRange r : ranges) {
      boolean inside = false;
      for (Region.ByteRange p : pieces()) {
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

package io.pipeverify.verifier.check;

import io.pipeverify.model.Region;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Access events sorted by their first byte, so that the ones overlapping a byte range are found
 * with a binary search instead of a scan of every access of the slot: that scan, once per read, was
 * the largest share of the graph checks.
 */
final class OverlapIndex {
  private final List<Event.OpEvent> sorted;
  private final long[] from;
  private final long maxLength;

  /** By position: the first position at or after it holding a write, or the size. */
  private final int[] nextWrite;

  /** {@link #writes()}, once asked for. */
  private OverlapIndex writes;

  /** {@code events}: in increasing id order, as {@link HappensBefore#accessEvents} lists them. */
  OverlapIndex(List<Event.OpEvent> events) {
    this(sortedCopy(events));
  }

  private OverlapIndex(ArrayList<Event.OpEvent> sorted) {
    this.sorted = sorted;
    from = new long[sorted.size()];
    long longest = 0;
    for (int i = 0; i < from.length; i++) {
      from[i] = bytes(sorted.get(i)).from();
      longest = Math.max(longest, bytes(sorted.get(i)).size());
    }
    maxLength = longest;
    nextWrite = new int[sorted.size() + 1];
    nextWrite[sorted.size()] = sorted.size();
    for (int i = sorted.size() - 1; i >= 0; i--) {
      nextWrite[i] = sorted.get(i).instance().access().orElseThrow().write() ? i : nextWrite[i + 1];
    }
  }

  /**
   * The events by first byte, then id: one sort of packed (first byte, position) keys, which for
   * events in id order is that order. (A comparator chain of lambdas costs several calls per
   * comparison, all interpreted in a cold start: a fifth of this index's time.)
   */
  private static ArrayList<Event.OpEvent> sortedCopy(List<Event.OpEvent> events) {
    long[] keys = new long[events.size()];
    int previousId = -1;
    for (int i = 0; i < keys.length; i++) {
      Event.OpEvent e = events.get(i);
      long from = bytes(e).from();
      if (e.id() <= previousId || from < 0 || from > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "access events out of id order or beyond 2 GiB: " + e.name());
      }
      previousId = e.id();
      keys[i] = from << 32 | i;
    }
    Arrays.sort(keys);
    ArrayList<Event.OpEvent> sorted = new ArrayList<>(keys.length);
    for (long key : keys) {
      sorted.add(events.get((int) key));
    }
    return sorted;
  }

  /**
   * The index of the write events among these (already sorted, so not sorted again), made once: the
   * P2 check and the implied orders of the pair sweep both search it.
   */
  OverlapIndex writes() {
    if (writes == null) {
      ArrayList<Event.OpEvent> found = new ArrayList<>();
      for (Event.OpEvent e : sorted) {
        if (e.instance().access().orElseThrow().write()) {
          found.add(e);
        }
      }
      writes = new OverlapIndex(found);
    }
    return writes;
  }

  /** The events sorted by first byte, then id. */
  List<Event.OpEvent> sorted() {
    return sorted;
  }

  /**
   * The first position at or after {@code i} (0 to size) in {@link #sorted} that holds a write, or
   * the size: a read conflicts only with writes, and skipping the reads between keeps the pair
   * sweep linear in the pairs when many reads share their bytes.
   */
  int nextWrite(int i) {
    return nextWrite[i];
  }

  /** The events whose bytes overlap {@code range}, by first byte, then id. */
  List<Event.OpEvent> overlapping(Region.ByteRange range) {
    // An event starting at or before range.from() - maxLength ends before the range.
    int i = firstFromAbove(range.from() - maxLength);
    List<Event.OpEvent> out = new ArrayList<>();
    for (; i < from.length && from[i] < range.to(); i++) {
      if (bytes(sorted.get(i)).overlaps(range)) {
        out.add(sorted.get(i));
      }
    }
    return out;
  }

  private int firstFromAbove(long bound) {
    int lo = 0;
    int hi = from.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (from[mid] <= bound) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static Region.ByteRange bytes(Event.OpEvent e) {
    return e.instance().access().orElseThrow().bytes();
  }
}

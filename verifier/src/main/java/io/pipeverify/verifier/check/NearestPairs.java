package io.pipeverify.verifier.check;

import io.pipeverify.model.Region;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.Access;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The conflicting pairs of one buffer slot that can matter, when the slot has no race
 * (proofs/nearest-pairs.md). The accesses are visited in a topological order of the happens-before
 * graph, and every byte segment (between two consecutive access boundaries) keeps its last write
 * and the reads since: a read is paired with the last write of each of its segments, a write with
 * the last write and the reads since of each of its segments (the epochs of vector-clock race
 * detectors such as FastTrack). If every such pair is ordered, the slot has no race, and every
 * other ordered conflicting pair follows from these by transitivity through the writes between
 * them; if one is not, the slot has a race and {@link #of} gives up, leaving the slot to the sweep
 * over every pair, whose findings it then reports as before. Work and memory grow with accesses x
 * segments per access instead of with the pairs, which grow with the square of the accesses that
 * touch one byte (a long unrolled kernel of barrier-separated phases over one buffer).
 */
final class NearestPairs {

  private final HappensBefore hb;
  private final long[] bounds;
  private final Event.OpEvent[] lastWrite;
  private final List<List<Event.OpEvent>> readsSince;

  /**
   * By event id: the id of the access that last looked at it, so that each pair is made once
   * (shared by the slots of one graph: an access belongs to one slot).
   */
  private final int[] seenBy;

  private NearestPairs(HappensBefore hb, long[] bounds, int[] seenBy) {
    this.hb = hb;
    this.bounds = bounds;
    this.seenBy = seenBy;
    lastWrite = new Event.OpEvent[Math.max(0, bounds.length - 1)];
    readsSince = new ArrayList<>(lastWrite.length);
    for (int i = 0; i < lastWrite.length; i++) {
      readsSince.add(new ArrayList<>());
    }
  }

  /**
   * The slot's nearest ordered pairs (event ids, before then after of each, in the order visited:
   * no object per pair, there may be millions), or empty when one of them is a race. Per access (by
   * event id) {@code lastWrites} gets its last writes: the last write of each of its segments when
   * it was visited (all happen before it), by first byte, then id; written also for a slot with a
   * race, whose lists nobody reads then. {@code seenBy}: one array of the graph's size, filled with
   * -1, for all of its slots.
   */
  static Optional<int[]> of(
      HappensBefore hb,
      List<Event.OpEvent> slot,
      int[] seenBy,
      List<List<Event.OpEvent>> lastWrites) {
    long[] bounds =
        slot.stream()
            .flatMap(e -> access(e).pieces().stream())
            .flatMapToLong(r -> java.util.stream.LongStream.of(r.from(), r.to()))
            .sorted()
            .distinct()
            .toArray();
    // By rank: one sort of packed (rank, position) keys (no comparator lambda to spin up cold).
    long[] keys = new long[slot.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = (long) hb.rank(slot.get(i)) << 32 | i;
    }
    Arrays.sort(keys);
    List<Event.OpEvent> visiting = new ArrayList<>(keys.length);
    for (long key : keys) {
      visiting.add(slot.get((int) key));
    }
    return new NearestPairs(hb, bounds, seenBy).visit(visiting, lastWrites);
  }

  private Optional<int[]> visit(
      List<Event.OpEvent> visiting, List<List<Event.OpEvent>> lastWrites) {
    int[] pairs = new int[64];
    int size = 0;
    for (Event.OpEvent b : visiting) {
      boolean writes = access(b).write();
      // Most accesses have one last write; a list is made for a second.
      Event.OpEvent writer = null;
      List<Event.OpEvent> writers = null;
      for (Region.ByteRange piece : access(b).pieces()) {
        for (int s = segment(piece.from()); s < segment(piece.to()); s++) {
          Event.OpEvent w = lastWrite[s];
          if (w != null && firstLook(w, b)) {
            if (!hb.before(w, b)) {
              return Optional.empty();
            }
            pairs = pair(pairs, size, w, b);
            size += 2;
            if (writer == null) {
              writer = w;
            } else {
              if (writers == null) {
                writers = new ArrayList<>();
                writers.add(writer);
              }
              writers.add(w);
            }
          }
          if (writes) {
            for (Event.OpEvent r : readsSince.get(s)) {
              if (firstLook(r, b)) {
                if (!hb.before(r, b)) {
                  return Optional.empty();
                }
                pairs = pair(pairs, size, r, b);
                size += 2;
              }
            }
            readsSince.get(s).clear();
            lastWrite[s] = b;
          } else {
            readsSince.get(s).add(b);
          }
        }
      }
      if (writers != null) {
        writers.sort(NearestPairs::byFirstByte);
      }
      lastWrites.set(
          b.id(), writers != null ? writers : writer != null ? List.of(writer) : List.of());
    }
    return Optional.of(Arrays.copyOf(pairs, size));
  }

  /** {@code pairs} with the pair (a, b) at {@code size}, grown when full. */
  private static int[] pair(int[] pairs, int size, Event.OpEvent a, Event.OpEvent b) {
    int[] out = size + 2 <= pairs.length ? pairs : Arrays.copyOf(pairs, 2 * pairs.length);
    out[size] = a.id();
    out[size + 1] = b.id();
    return out;
  }

  private static int byFirstByte(Event.OpEvent x, Event.OpEvent y) {
    int c = Long.compare(access(x).bytes().from(), access(y).bytes().from());
    return c != 0 ? c : Integer.compare(x.id(), y.id());
  }

  /** Whether {@code a} is looked at from {@code b} for the first time; notes that it is. */
  private boolean firstLook(Event.OpEvent a, Event.OpEvent b) {
    if (seenBy[a.id()] == b.id()) {
      return false;
    }
    seenBy[a.id()] = b.id();
    return true;
  }

  /** The segment starting at {@code bound}, one of the bounds (the last one: the segment count). */
  private int segment(long bound) {
    return Arrays.binarySearch(bounds, bound);
  }

  private static Access access(Event.OpEvent e) {
    return e.instance().access().orElseThrow();
  }
}

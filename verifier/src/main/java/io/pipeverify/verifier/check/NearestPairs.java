package io.pipeverify.verifier.check;

import io.pipeverify.model.Region;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.Access;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
  /**
   * The nearest ordered pairs ({@code [before, after]}, in the order visited) and per access (by
   * event id) its last writes: the last write of each of its segments when it was visited (all
   * happen before it), by first byte, then id.
   */
  record Summary(List<Event.OpEvent[]> pairs, Map<Integer, List<Event.OpEvent>> lastWrites) {}

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
   * The slot's nearest pairs and last writes, or empty when one of the pairs is a race. {@code
   * seenBy}: one array of the graph's size, filled with -1, for all of its slots.
   */
  static Optional<Summary> of(HappensBefore hb, List<Event.OpEvent> slot, int[] seenBy) {
    long[] bounds =
        slot.stream()
            .flatMap(e -> access(e).pieces().stream())
            .flatMapToLong(r -> java.util.stream.LongStream.of(r.from(), r.to()))
            .sorted()
            .distinct()
            .toArray();
    List<Event.OpEvent> visiting = new ArrayList<>(slot);
    visiting.sort(Comparator.comparingInt(hb::rank));
    return new NearestPairs(hb, bounds, seenBy).visit(visiting);
  }

  private Optional<Summary> visit(List<Event.OpEvent> visiting) {
    List<Event.OpEvent[]> pairs = new ArrayList<>();
    Map<Integer, List<Event.OpEvent>> lastWrites = new HashMap<>();
    for (Event.OpEvent b : visiting) {
      boolean writes = access(b).write();
      List<Event.OpEvent> writers = new ArrayList<>();
      for (Region.ByteRange piece : access(b).pieces()) {
        for (int s = segment(piece.from()); s < segment(piece.to()); s++) {
          Event.OpEvent w = lastWrite[s];
          if (w != null && firstLook(w, b)) {
            if (!hb.before(w, b)) {
              return Optional.empty();
            }
            pairs.add(new Event.OpEvent[] {w, b});
            writers.add(w);
          }
          if (writes) {
            for (Event.OpEvent r : readsSince.get(s)) {
              if (firstLook(r, b)) {
                if (!hb.before(r, b)) {
                  return Optional.empty();
                }
                pairs.add(new Event.OpEvent[] {r, b});
              }
            }
            readsSince.get(s).clear();
            lastWrite[s] = b;
          } else {
            readsSince.get(s).add(b);
          }
        }
      }
      writers.sort(
          Comparator.comparingLong((Event.OpEvent e) -> access(e).bytes().from())
              .thenComparingInt(Event::id));
      lastWrites.put(b.id(), writers);
    }
    return Optional.of(new Summary(pairs, lastWrites));
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

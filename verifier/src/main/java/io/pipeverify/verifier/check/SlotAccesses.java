package io.pipeverify.verifier.check;

import io.pipeverify.model.Region;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.Access;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The LDS accesses of one execution grouped by buffer slot, and for every read the writes that
 * overlap its bytes and those of them that happen before it. P1/P2 ({@link RaceChecker}) and P3
 * ({@link DataflowChecker}) both need them; built once per execution, they are not searched twice.
 */
public final class SlotAccesses {
  private final Collection<OverlapIndex> slots;

  /** By event id: the writes overlapping a read, by first byte, then id; null for other events. */
  private final List<List<Event.OpEvent>> writesOverlapping;

  /** By event id: those of a read's overlapping writes that happen before it, in the same order. */
  private final List<List<Event.OpEvent>> writesBefore;

  /** The slots without a race, with their nearest pairs ({@link NearestPairs}), when asked for. */
  private final Map<OverlapIndex, int[]> nearest;

  /** By event id: a read's slot, for its overlapping writes when they are not listed. */
  private final OverlapIndex[] slotOf;

  /** By event id: an access's last writes, in the slots summarised by their nearest pairs. */
  private final List<List<Event.OpEvent>> lastWrites;

  private SlotAccesses(
      Collection<OverlapIndex> slots,
      List<List<Event.OpEvent>> overlapping,
      List<List<Event.OpEvent>> before,
      Map<OverlapIndex, int[]> nearest,
      OverlapIndex[] slotOf,
      List<List<Event.OpEvent>> lastWrites) {
    this.slots = slots;
    this.writesOverlapping = overlapping;
    this.writesBefore = before;
    this.nearest = nearest;
    this.slotOf = slotOf;
    this.lastWrites = lastWrites;
  }

  /** Every slot with every read's overlapping writes and those before it. */
  public static SlotAccesses of(HappensBefore hb) {
    return of(hb, Integer.MAX_VALUE);
  }

  /**
   * The slots without a race summarised by their nearest pairs, a read's writes before it being the
   * last write of each of its segments (what P2, P3 and the implied orders need of them:
   * proofs/nearest-pairs.md), its overlapping writes searched when asked for; the others as {@link
   * #of}. Only slots where some byte is written at least {@code fromDepth} times: with few writes
   * per byte the pairs are few, and the sweep over them costs less than the visit (whose work grows
   * with the byte segments an access covers: 16 to 64 for a scattered one).
   */
  public static SlotAccesses nearest(HappensBefore hb, int fromDepth) {
    return of(hb, fromDepth);
  }

  private static SlotAccesses of(HappensBefore hb, int fromDepth) {
    boolean nearestPairs = fromDepth < Integer.MAX_VALUE;
    // By buffer and slot, then ordered by "buffer#slot" once per slot: a key string per access
    // was a tenth of this method in a cold start.
    Map<String, Map<Integer, List<Event.OpEvent>>> byBuffer = new HashMap<>();
    for (Event.OpEvent e : hb.accessEvents()) {
      Access a = access(e);
      Map<Integer, List<Event.OpEvent>> slots = byBuffer.get(a.buffer());
      if (slots == null) {
        slots = new HashMap<>();
        byBuffer.put(a.buffer(), slots);
      }
      List<Event.OpEvent> group = slots.get(a.slot());
      if (group == null) {
        group = new ArrayList<>();
        slots.put(a.slot(), group);
      }
      group.add(e);
    }
    Map<String, List<Event.OpEvent>> groups = new TreeMap<>();
    for (Map.Entry<String, Map<Integer, List<Event.OpEvent>>> b : byBuffer.entrySet()) {
      for (Map.Entry<Integer, List<Event.OpEvent>> s : b.getValue().entrySet()) {
        groups.put(b.getKey() + "#" + s.getKey(), s.getValue());
      }
    }
    List<OverlapIndex> slots = new ArrayList<>();
    List<List<Event.OpEvent>> overlapping =
        new ArrayList<>(Collections.nCopies(hb.events().size(), null));
    List<List<Event.OpEvent>> before =
        new ArrayList<>(Collections.nCopies(hb.events().size(), null));
    Map<OverlapIndex, int[]> nearest = new IdentityHashMap<>();
    List<List<Event.OpEvent>> lastWrites =
        new ArrayList<>(Collections.nCopies(hb.events().size(), null));
    OverlapIndex[] slotOf = new OverlapIndex[hb.events().size()];
    int[] seenBy = new int[nearestPairs ? hb.events().size() : 0];
    Arrays.fill(seenBy, -1);
    for (List<Event.OpEvent> group : groups.values()) {
      OverlapIndex index = new OverlapIndex(group);
      slots.add(index);
      Optional<int[]> pairs =
          nearestPairs && writeDepth(group) >= fromDepth
              ? NearestPairs.of(hb, group, seenBy, lastWrites)
              : Optional.empty();
      if (pairs.isPresent()) {
        nearest.put(index, pairs.get());
        for (Event.OpEvent r : group) {
          if (!access(r).write()) {
            before.set(r.id(), lastWrites.get(r.id()));
            slotOf[r.id()] = index;
          }
        }
        continue;
      }
      // A slot with a race keeps no last writes: the implied-order search then looks at them all.
      for (Event.OpEvent e : group) {
        lastWrites.set(e.id(), null);
      }
      OverlapIndex writes = index.writes();
      for (Event.OpEvent r : group) {
        if (!access(r).write()) {
          writesOf(hb, writes, r, overlapping, before);
        }
      }
    }
    return new SlotAccesses(
        Collections.unmodifiableList(slots), overlapping, before, nearest, slotOf, lastWrites);
  }

  /**
   * An access's last writes (the last write of each of its byte segments when it was reached: they
   * all happen before it) when its slot was summarised by its nearest pairs. Every write over a
   * common byte that happens before the access happens before one of them or is one of them
   * (proofs/nearest-pairs.md), which is what the implied-order search needs.
   */
  Optional<List<Event.OpEvent>> lastWrites(Event.OpEvent access) {
    return Optional.ofNullable(lastWrites.get(access.id()));
  }

  /** The most writes of {@code slot} that cover one byte. */
  private static int writeDepth(List<Event.OpEvent> slot) {
    List<long[]> ends = new ArrayList<>();
    for (Event.OpEvent e : slot) {
      if (access(e).write()) {
        for (Region.ByteRange r : access(e).pieces()) {
          ends.add(new long[] {r.from(), 1});
          ends.add(new long[] {r.to(), -1});
        }
      }
    }
    // At one byte boundary the ends come before the starts: touching writes do not overlap.
    ends.sort(SlotAccesses::byBoundary);
    int depth = 0;
    int most = 0;
    for (long[] e : ends) {
      depth += (int) e[1];
      most = Math.max(most, depth);
    }
    return most;
  }

  private static int byBoundary(long[] x, long[] y) {
    return x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]);
  }

  /**
   * The nearest pairs of {@code slot} (event ids, before then after of each), when it was
   * summarised by them (it has no race).
   */
  Optional<int[]> nearestPairs(OverlapIndex slot) {
    return Optional.ofNullable(nearest.get(slot));
  }

  /**
   * Records the writes overlapping read r, and those of them that happen before it (a method of its
   * own, per read, so that the JIT compiles it early in a cold start: docs/PERFORMANCE.md).
   */
  private static void writesOf(
      HappensBefore hb,
      OverlapIndex writes,
      Event.OpEvent r,
      List<List<Event.OpEvent>> overlapping,
      List<List<Event.OpEvent>> before) {
    List<Event.OpEvent> all = writes.overlapping(access(r).bytes());
    List<Event.OpEvent> earlier = new ArrayList<>();
    for (Event.OpEvent w : all) {
      if (hb.before(w, r)) {
        earlier.add(w);
      }
    }
    overlapping.set(r.id(), all);
    before.set(r.id(), earlier);
  }

  /** One index per buffer slot, in the order of the slots' names. */
  Collection<OverlapIndex> slots() {
    return slots;
  }

  /** The writes of the read's buffer slot that overlap its bytes, by first byte, then id. */
  List<Event.OpEvent> writesOverlapping(Event.OpEvent read) {
    OverlapIndex slot = slotOf[read.id()];
    return slot != null
        ? slot.writes().overlapping(access(read).bytes())
        : ofRead(writesOverlapping, read);
  }

  /**
   * Those of {@link #writesOverlapping} that happen before the read, in the same order; in a slot
   * summarised by its nearest pairs only the last write of each of the read's segments.
   */
  List<Event.OpEvent> writesBefore(Event.OpEvent read) {
    return ofRead(writesBefore, read);
  }

  private static List<Event.OpEvent> ofRead(List<List<Event.OpEvent>> byId, Event.OpEvent read) {
    List<Event.OpEvent> writes = byId.get(read.id());
    if (writes == null) {
      throw new IllegalArgumentException(read.name() + " is not a read of this execution");
    }
    return writes;
  }

  private static Access access(Event.OpEvent e) {
    return e.instance().access().orElseThrow();
  }
}

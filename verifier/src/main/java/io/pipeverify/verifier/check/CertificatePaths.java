package io.pipeverify.verifier.check;

import io.pipeverify.verifier.hb.EdgeKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Paths of a happens-before graph between events, as certificate constraints, with every run of
 * program order given as one order (proofs/certificate.md).
 *
 * <p>A run is found by binary search, not by walking it: the events of a program-order segment (a
 * wave's events between two barriers) that reach a target form a prefix of the segment, since each
 * reaches the next. From an event of a segment the path goes to the last event of the segment that
 * still reaches the target, in one order, and leaves it by its lowest-numbered other edge toward
 * the target. A walk step by step cost the length of the run for every order, and both grow with
 * the schedule: with thousands of reads per iteration that walk was most of the time.
 */
final class CertificatePaths {
  private final HappensBefore hb;
  private final List<Event> events;

  /** By event id: its program-order segment, or -1 when it has no program-order edge. */
  private final int[] segmentOf;

  /** By event id: its position in its segment. */
  private final int[] position;

  private final int[][] segments;

  CertificatePaths(HappensBefore hb) {
    this.hb = hb;
    this.events = hb.events();
    int n = events.size();
    int[] next = new int[n];
    boolean[] hasPrevious = new boolean[n];
    Arrays.fill(next, -1);
    // The graph's own successor arrays: this runs once per trip count over every edge.
    for (int from = 0; from < n; from++) {
      for (int k = 0; k < hb.successorCount(from); k++) {
        if (hb.successorKind(from, k) == EdgeKind.PROGRAM_ORDER) {
          int to = hb.successor(from, k);
          next[from] = to;
          hasPrevious[to] = true;
        }
      }
    }
    segmentOf = new int[n];
    position = new int[n];
    Arrays.fill(segmentOf, -1);
    List<int[]> found = new ArrayList<>();
    for (int head = 0; head < n; head++) {
      if (next[head] < 0 || hasPrevious[head]) {
        continue;
      }
      int length = 0;
      for (int e = head; e >= 0; e = next[e]) {
        segmentOf[e] = found.size();
        position[e] = length++;
      }
      int[] segment = new int[length];
      for (int e = head; e >= 0; e = next[e]) {
        segment[position[e]] = e;
      }
      found.add(segment);
    }
    segments = found.toArray(new int[0][]);
  }

  /**
   * The events of one path from {@code from} to {@code target}, which it must happen before: each
   * consecutive two are an edge of the graph or the ends of a run of program order.
   */
  int[] path(int from, int target) {
    Event goal = events.get(target);
    if (!hb.before(events.get(from), goal)) {
      throw new IllegalArgumentException(
          events.get(from).name() + " does not happen before " + goal.name());
    }
    int[] nodes = new int[8];
    int length = 0;
    nodes[length++] = from;
    int at = from;
    while (at != target) {
      if (segmentOf[at] >= 0) {
        int[] segment = segments[segmentOf[at]];
        int lo = position[at];
        int hi = segment.length - 1;
        while (lo < hi) {
          int mid = (lo + hi + 1) >>> 1;
          if (hb.before(events.get(segment[mid]), goal)) {
            lo = mid;
          } else {
            hi = mid - 1;
          }
        }
        if (segment[lo] != at) {
          at = segment[lo];
          nodes = append(nodes, length++, at);
        }
      }
      int step = -1;
      for (int k = 0; k < hb.successorCount(at) && step < 0; k++) {
        int t = hb.successor(at, k);
        if (t == target || hb.before(events.get(t), goal)) {
          step = t;
        }
      }
      at = step;
      nodes = append(nodes, length++, at);
    }
    return Arrays.copyOf(nodes, length);
  }

  private static int[] append(int[] nodes, int length, int node) {
    int[] out = length < nodes.length ? nodes : Arrays.copyOf(nodes, 2 * nodes.length);
    out[length] = node;
    return out;
  }
}

package io.pipeverify.verifier.smt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * Event times as integers: {@code names[i]} is event i's SMT name; each {@code before} edge says
 * t(from) < t(to); each {@link AtMostLate} says that of the listed events at most {@code allowed}
 * happen at or after {@code release} (the unordered counter rule of semantics.md section 2).
 */
public record TimingProblem(List<String> names, List<Order> before, List<AtMostLate> atMostLate) {

  /**
   * {@code names} is wrapped, not copied: the encoder passes a view that names an event only when
   * Z3 makes its variable (a certificate mentions few of the thousands of events), so callers must
   * not change the list afterwards.
   */
  public TimingProblem {
    names = Collections.unmodifiableList(names);
    before = List.copyOf(before);
    atMostLate = List.copyOf(atMostLate);
  }

  /**
   * The part of this problem that can contradict {@code extra}, for confirming a counterexample
   * with Z3 without handing it every constraint. Without cardinality constraints the problem is a
   * set of strict orders, unsatisfiable together with {@code extra} exactly when they form a cycle;
   * any such cycle passes through an extra order, so each of its events is reachable from an extra
   * order's second event and reaches an extra order's first one (in the graph of both). The slice
   * keeps the orders between such events: it is satisfiable with {@code extra} iff the whole
   * problem is (proofs/witness-slice.md). With cardinality constraints it is the whole problem. The
   * slice keeps every name, so event ids stay the same.
   */
  public TimingProblem slice(List<Order> extra) {
    if (!atMostLate.isEmpty()) {
      return this;
    }
    int n = names.size();
    List<Order> all = new ArrayList<>(before);
    all.addAll(extra);
    Adjacency succ = new Adjacency(n, all, true);
    Adjacency pred = new Adjacency(n, all, false);
    BitSet fromExtra = new BitSet(n);
    BitSet toExtra = new BitSet(n);
    for (Order o : extra) {
      succ.reach(o.second(), fromExtra);
      pred.reach(o.first(), toExtra);
    }
    fromExtra.and(toExtra);
    List<Order> kept = new ArrayList<>();
    for (Order o : before) {
      if (fromExtra.get(o.first()) && fromExtra.get(o.second())) {
        kept.add(o);
      }
    }
    return new TimingProblem(names, kept, List.of());
  }

  /**
   * Each event's successors ({@code forward}) or predecessors, in two flat arrays: a slice is made
   * once per counterexample, over every event of the trip count, so boxed lists (and then an array
   * per event) were most of its time.
   */
  private static final class Adjacency {
    /** Event i's neighbours are {@code targets[start[i] .. start[i + 1])}. */
    private final int[] start;

    private final int[] targets;

    Adjacency(int n, List<Order> orders, boolean forward) {
      start = new int[n + 1];
      for (Order o : orders) {
        start[(forward ? o.first() : o.second()) + 1]++;
      }
      for (int i = 0; i < n; i++) {
        start[i + 1] += start[i];
      }
      int[] fill = Arrays.copyOf(start, n);
      targets = new int[orders.size()];
      for (Order o : orders) {
        int from = forward ? o.first() : o.second();
        targets[fill[from]++] = forward ? o.second() : o.first();
      }
    }

    /** Marks in {@code seen} every event reachable from {@code from}, itself included. */
    void reach(int from, BitSet seen) {
      if (seen.get(from)) {
        return;
      }
      int[] stack = new int[start.length];
      int top = 0;
      seen.set(from);
      stack[top++] = from;
      while (top > 0) {
        int v = stack[--top];
        for (int k = start[v]; k < start[v + 1]; k++) {
          int m = targets[k];
          if (!seen.get(m)) {
            seen.set(m);
            stack[top++] = m;
          }
        }
      }
    }
  }

  /** t(first) < t(second). */
  public record Order(int first, int second) {
    // Written out: a record's generated methods run through method handles, slow in a cold start
    // (docs/PERFORMANCE.md, "Cold start").
    @Override
    public boolean equals(Object o) {
      return o instanceof Order other && first == other.first && second == other.second;
    }

    @Override
    public int hashCode() {
      return first * 31 + second;
    }
  }

  /** At most {@code allowed} of {@code events} are not strictly before {@code release}. */
  public record AtMostLate(int release, List<Integer> events, int allowed) {
    public AtMostLate {
      events = List.copyOf(events);
    }
  }
}

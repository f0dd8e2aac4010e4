package io.pipeverify.verifier.smt;

import java.util.ArrayDeque;
import java.util.ArrayList;
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
    List<List<Integer>> succ = new ArrayList<>(n);
    List<List<Integer>> pred = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      succ.add(new ArrayList<>());
      pred.add(new ArrayList<>());
    }
    List<Order> all = new ArrayList<>(before);
    all.addAll(extra);
    for (Order o : all) {
      succ.get(o.first()).add(o.second());
      pred.get(o.second()).add(o.first());
    }
    BitSet fromExtra = new BitSet(n);
    BitSet toExtra = new BitSet(n);
    for (Order o : extra) {
      reach(o.second(), succ, fromExtra);
      reach(o.first(), pred, toExtra);
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

  private static void reach(int start, List<List<Integer>> next, BitSet seen) {
    ArrayDeque<Integer> todo = new ArrayDeque<>();
    if (!seen.get(start)) {
      seen.set(start);
      todo.add(start);
    }
    while (!todo.isEmpty()) {
      for (int m : next.get(todo.poll())) {
        if (!seen.get(m)) {
          seen.set(m);
          todo.add(m);
        }
      }
    }
  }

  /** t(first) < t(second). */
  public record Order(int first, int second) {}

  /** At most {@code allowed} of {@code events} are not strictly before {@code release}. */
  public record AtMostLate(int release, List<Integer> events, int allowed) {
    public AtMostLate {
      events = List.copyOf(events);
    }
  }
}

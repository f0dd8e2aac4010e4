package io.pipeverify.verifier.check;

import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Encodes a happens-before graph as a {@link TimingProblem}: one integer time per event, every edge
 * a strict order. In the unordered counter mode a wait with value N > 0 retires no specific op (the
 * graph has no edge for it); it becomes a cardinality constraint instead: at most N of the ops that
 * may be outstanding at it land at or after its release.
 */
public final class TimingEncoder {
  private TimingEncoder() {}

  /** Orders Z3 refutes together (one disjunction) on a certificate that proves them. */
  public record Proof(List<TimingProblem.Order> goals, TimingProblem certificate) {
    public Proof {
      goals = List.copyOf(goals);
    }
  }

  /**
   * The proofs of {@code orders}, in batches of at most {@code batch} goals. Each order's graph
   * path is cut at the barrier nodes it passes through, and each piece, a lemma from its first
   * event to its last, is a goal: Z3 proves every lemma, and an order follows from its lemmas by
   * transitivity at the shared nodes (proofs/certificate.md). Orders that cross the same barrier
   * share lemmas (every copy retired before a barrier, every read after it), so the goals grow with
   * the accesses and barriers of a trip count rather than with its ordered pairs. A batch's
   * certificate holds the steps of its lemmas' paths, a run of consecutive program-order steps of
   * one wave as one order from its first event to its last; each is a constraint of {@link #encode}
   * or follows from a chain of them, so a lemma Z3 derives from them holds in every execution.
   * Proving "verified" needs no more; finding a model (a counterexample) needs all constraints.
   *
   * <p>A lemma whose path has a shape in {@code proved} ({@link LemmaShapes}: the same steps
   * through the same instructions, shifted by whole iterations or to another wave of the role) is
   * not proved again; the shapes of the others are added to it.
   */
  public static List<Proof> proofs(
      HappensBefore hb, List<TimingProblem.Order> orders, int batch, Set<String> proved) {
    LemmaShapes shapes = new LemmaShapes(hb);
    Map<TimingProblem.Order, int[]> lemmas = new LinkedHashMap<>();
    for (Map.Entry<TimingProblem.Order, int[]> l : lemmas(hb, orders).entrySet()) {
      int[] path = l.getValue();
      if (proved.add(shapes.of(path, 0, path.length - 1))) {
        lemmas.put(l.getKey(), path);
      }
    }
    List<Proof> out = new ArrayList<>();
    List<Map.Entry<TimingProblem.Order, int[]>> all = new ArrayList<>(lemmas.entrySet());
    for (int from = 0; from < all.size(); from += batch) {
      List<TimingProblem.Order> goals = new ArrayList<>();
      Set<TimingProblem.Order> constraints = new LinkedHashSet<>();
      for (Map.Entry<TimingProblem.Order, int[]> l :
          all.subList(from, Math.min(all.size(), from + batch))) {
        goals.add(l.getKey());
        int[] path = l.getValue();
        for (int i = 1; i < path.length; i++) {
          constraints.add(new TimingProblem.Order(path[i - 1], path[i]));
        }
      }
      out.add(new Proof(goals, new TimingProblem(names(hb), List.copyOf(constraints), List.of())));
    }
    return out;
  }

  /**
   * The lemmas of {@code orders} with their paths, each once, in the order the orders' paths meet
   * them: every order's path cut at the barrier nodes it passes.
   */
  static Map<TimingProblem.Order, int[]> lemmas(
      HappensBefore hb, List<TimingProblem.Order> orders) {
    CertificatePaths paths = new CertificatePaths(hb);
    List<Event> events = hb.events();
    Map<TimingProblem.Order, int[]> lemmas = new LinkedHashMap<>();
    for (TimingProblem.Order o : orders) {
      int[] path = paths.path(o.first(), o.second());
      int from = 0;
      for (int i = 1; i < path.length; i++) {
        if (i == path.length - 1 || events.get(path[i]) instanceof Event.BarrierEvent) {
          int start = from;
          int end = i;
          lemmas.computeIfAbsent(
              new TimingProblem.Order(path[start], path[end]),
              l -> Arrays.copyOfRange(path, start, end + 1));
          from = i;
        }
      }
    }
    return lemmas;
  }

  /**
   * {@code orders} in batches of at most {@code batch}, each refuted on {@code problem} itself (the
   * whole problem: {@code ProofMode.FULL}).
   */
  public static List<Proof> batches(
      List<TimingProblem.Order> orders, TimingProblem problem, int batch) {
    List<Proof> out = new ArrayList<>();
    for (int from = 0; from < orders.size(); from += batch) {
      out.add(new Proof(orders.subList(from, Math.min(orders.size(), from + batch)), problem));
    }
    return out;
  }

  /** The events' SMT names, each built when asked for. */
  private static List<String> names(HappensBefore hb) {
    List<Event> events = hb.events();
    return new AbstractList<>() {
      @Override
      public String get(int i) {
        return events.get(i).name();
      }

      @Override
      public int size() {
        return events.size();
      }
    };
  }

  public static TimingProblem encode(HappensBefore hb) {
    List<String> names = names(hb);
    List<TimingProblem.Order> before = new ArrayList<>();
    for (HappensBefore.Edge e : hb.edges()) {
      before.add(new TimingProblem.Order(e.from().id(), e.to().id()));
    }
    List<TimingProblem.AtMostLate> cardinality = new ArrayList<>();
    Execution exec = hb.execution();
    if (exec.counters() == CounterMode.UNORDERED) {
      for (Execution.CountingWait w : exec.countingWaits()) {
        if (w.allowed() == 0 || w.candidates().size() <= w.allowed()) {
          continue;
        }
        List<Integer> late = new ArrayList<>();
        for (Instance op : w.candidates()) {
          late.add(hb.accessOf(op).orElseThrow().id());
        }
        cardinality.add(
            new TimingProblem.AtMostLate(hb.issueOf(w.waitOp()).id(), late, w.allowed()));
      }
    }
    return new TimingProblem(names, before, cardinality);
  }
}

package io.pipeverify.verifier.check;

import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Encodes a happens-before graph as a {@link TimingProblem}: one integer time per event, every edge
 * a strict order. In the unordered counter mode a wait with value N > 0 retires no specific op (the
 * graph has no edge for it); it becomes a cardinality constraint instead: at most N of the ops that
 * may be outstanding at it land at or after its release.
 */
public final class TimingEncoder {
  private TimingEncoder() {}

  /**
   * The certificates of {@code orders}, one per run of {@code batch} consecutive orders (the last
   * may be shorter): the constraints on the graph's paths that prove them, a run of consecutive
   * program-order steps of one wave as one order from its first event to its last. Each is a
   * constraint of {@link #encode} or follows from a chain of them (proofs/certificate.md), so an
   * order Z3 derives from them holds in every execution. Proving "verified" needs no more; finding
   * a model (a counterexample) needs all constraints.
   */
  public static List<TimingProblem> certificates(
      HappensBefore hb, List<TimingProblem.Order> orders, int batch) {
    CertificatePaths paths = new CertificatePaths(hb);
    List<TimingProblem> out = new ArrayList<>();
    for (int from = 0; from < orders.size(); from += batch) {
      Set<TimingProblem.Order> constraints = new LinkedHashSet<>();
      for (TimingProblem.Order o : orders.subList(from, Math.min(orders.size(), from + batch))) {
        paths.addPath(o.first(), o.second(), constraints);
      }
      out.add(new TimingProblem(names(hb), List.copyOf(constraints), List.of()));
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

package io.pipeverify.verifier.replay;

import io.pipeverify.model.interp.DataEvent;
import io.pipeverify.model.interp.Interpreter;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Event orders over the graph's events plus the mfma use events ({@link RegisterUses}), reduced to
 * the data events the interpreter runs.
 */
final class EventOrders {
  private final List<Event> events;
  private final TimingProblem problem;

  EventOrders(RegisterUses uses, TimingProblem extended) {
    this.events = uses.allEvents();
    this.problem = extended;
    if (extended.names().size() != events.size()) {
      throw new IllegalArgumentException("the problem does not match the events");
    }
  }

  /** The data events in the order of {@code time} (ties: event id; tied events are unordered). */
  List<DataEvent> byTime(long[] time) {
    List<Event> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong((Event e) -> time[e.id()]).thenComparingInt(Event::id));
    return dataEvents(sorted);
  }

  /**
   * A random linear extension of the problem: every order edge respected, and every unordered-mode
   * wait passed only when at most its allowed number of candidates is still to come.
   */
  List<DataEvent> random(SplittableRandom random) {
    int n = events.size();
    List<List<Integer>> succ = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      succ.add(new ArrayList<>());
    }
    int[] indegree = new int[n];
    for (TimingProblem.Order o : problem.before()) {
      succ.get(o.first()).add(o.second());
      indegree[o.second()]++;
    }
    List<List<TimingProblem.AtMostLate>> guards = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      guards.add(new ArrayList<>());
    }
    for (TimingProblem.AtMostLate c : problem.atMostLate()) {
      guards.get(c.release()).add(c);
    }
    boolean[] done = new boolean[n];
    List<Integer> ready = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (indegree[i] == 0) {
        ready.add(i);
      }
    }
    List<Event> order = new ArrayList<>(n);
    while (!ready.isEmpty()) {
      int start = random.nextInt(ready.size());
      int pick = -1;
      for (int x = 0; x < ready.size(); x++) {
        int idx = (start + x) % ready.size();
        if (passable(ready.get(idx), guards, done)) {
          pick = idx;
          break;
        }
      }
      if (pick < 0) {
        throw new IllegalStateException("no legal next event: the counter constraints deadlock");
      }
      int v = ready.get(pick);
      ready.set(pick, ready.get(ready.size() - 1));
      ready.remove(ready.size() - 1);
      done[v] = true;
      order.add(events.get(v));
      for (int s : succ.get(v)) {
        if (--indegree[s] == 0) {
          ready.add(s);
        }
      }
    }
    if (order.size() != n) {
      throw new IllegalStateException("the happens-before edges form a cycle");
    }
    return dataEvents(order);
  }

  private static boolean passable(
      int v, List<List<TimingProblem.AtMostLate>> guards, boolean[] done) {
    for (TimingProblem.AtMostLate c : guards.get(v)) {
      int late = 0;
      for (int e : c.events()) {
        if (!done[e]) {
          late++;
        }
      }
      if (late > c.allowed()) {
        return false;
      }
    }
    return true;
  }

  private static List<DataEvent> dataEvents(List<Event> ordered) {
    List<DataEvent> out = new ArrayList<>();
    for (Event e : ordered) {
      if (!(e instanceof Event.OpEvent o)) {
        continue;
      }
      Instance i = o.instance();
      Optional<DataEvent.Action> action = Interpreter.action(i.op());
      boolean data =
          (o.kind() == Event.Kind.ACCESS && action.orElse(null) == DataEvent.Action.ACCESS)
              || (o.kind() == Event.Kind.USE && action.orElse(null) == DataEvent.Action.USE);
      if (data) {
        out.add(new DataEvent(i.wave(), i.section(), i.iteration(), i.position(), action.get()));
      }
    }
    return out;
  }
}

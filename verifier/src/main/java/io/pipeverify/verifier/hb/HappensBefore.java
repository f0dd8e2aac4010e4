package io.pipeverify.verifier.hb;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jgrapht.Graph;
import org.jgrapht.graph.AbstractBaseGraph;
import org.jgrapht.graph.DefaultGraphSpecificsStrategy;
import org.jgrapht.graph.DefaultGraphType;

/**
 * The happens-before graph of one {@link Execution}. It owns a JGraphT graph of {@link Event}s and
 * never hands it out; callers ask {@link #before} and walk {@link #edges()}.
 *
 * <p>HB is the transitive closure of the edges. Reachability is precomputed as one bitset per event
 * over the access events only, which is all the checks query.
 */
public final class HappensBefore {

  /** A typed edge, as the checks and the SMT encoding see it. */
  public record Edge(Event from, Event to, EdgeKind kind) {}

  /**
   * JGraphT needs distinct edge objects, so the graph holds this identity-keyed wrapper; it keeps
   * its target so that walks need no lookup in the graph's edge maps.
   */
  private static final class GraphEdge {
    final EdgeKind kind;
    final Event target;

    GraphEdge(EdgeKind kind, Event target) {
      this.kind = kind;
      this.target = target;
    }
  }

  /**
   * A simple directed graph without JGraphT's default edge index (a hash map keyed by vertex
   * pairs): out-degrees here are a handful, so looking an edge up among a vertex's edges is as
   * fast, and building the index was a large share of the graph's construction.
   */
  private static final class EventGraph extends AbstractBaseGraph<Event, GraphEdge> {
    private static final long serialVersionUID = 1L;

    EventGraph() {
      super(
          null,
          null,
          DefaultGraphType.directedSimple(),
          new DefaultGraphSpecificsStrategy<Event, GraphEdge>());
    }
  }

  private final Execution execution;
  private final Graph<Event, GraphEdge> graph = new EventGraph();
  private final List<Event> events = new ArrayList<>();
  private final Map<Instance, Event> issue = new IdentityHashMap<>();
  private final Map<Instance, Event.OpEvent> access = new IdentityHashMap<>();
  private final Map<Integer, Event.BarrierEvent> barriers = new HashMap<>();
  private final List<Event.OpEvent> accessEvents = new ArrayList<>();
  private final Map<Instance, Instance> retiredBy = new IdentityHashMap<>();

  /** Event id -> index among the access events, -1 for the others (filled after build). */
  private int[] accessIndex;

  private BitSet[] reachesAccess;

  private HappensBefore(Execution execution) {
    this.execution = execution;
  }

  /** Builds the graph and its reachability; the execution must have matched barrier counts. */
  public static HappensBefore of(Execution execution) {
    HappensBefore hb = new HappensBefore(execution);
    hb.build();
    hb.computeReachability();
    return hb;
  }

  public Execution execution() {
    return execution;
  }

  public List<Event> events() {
    return Collections.unmodifiableList(events);
  }

  public int edgeCount() {
    return graph.edgeSet().size();
  }

  /** All edges, in a deterministic order (by source id, then target id). */
  public List<Edge> edges() {
    List<Edge> out = new ArrayList<>();
    for (Event from : events) {
      List<Edge> outgoing = new ArrayList<>();
      for (GraphEdge e : graph.outgoingEdgesOf(from)) {
        outgoing.add(new Edge(from, e.target, e.kind));
      }
      outgoing.sort((a, b) -> Integer.compare(a.to().id(), b.to().id()));
      out.addAll(outgoing);
    }
    return out;
  }

  /** The issue (or, for a wait, release) event of an instance; barriers map to their node. */
  public Event issueOf(Instance instance) {
    Event e = issue.get(instance);
    if (e != null) {
      return e;
    }
    throw new IllegalArgumentException("no issue event for " + instance.where());
  }

  /**
   * True when the instance has an issue (or release, or barrier) event: it is not mfma or a hint.
   */
  public boolean hasIssue(Instance instance) {
    return issue.containsKey(instance);
  }

  /** The first wait of its wave that retires {@code op}, if any (ordered mode, or a wait of 0). */
  public Optional<Instance> retiredBy(Instance op) {
    return Optional.ofNullable(retiredBy.get(op));
  }

  public Optional<Event.OpEvent> accessOf(Instance instance) {
    return Optional.ofNullable(access.get(instance));
  }

  public List<Event.OpEvent> accessEvents() {
    return Collections.unmodifiableList(accessEvents);
  }

  /** True when access event {@code a} happens strictly before access event {@code b}. */
  public boolean before(Event a, Event b) {
    int target = accessIndex(b);
    if (target < 0) {
      throw new IllegalArgumentException("reachability is kept for access events only");
    }
    return reachesAccess[a.id()].get(target);
  }

  private Event.OpEvent newOpEvent(Event.Kind kind, Instance inst) {
    Event.OpEvent e = new Event.OpEvent(events.size(), kind, inst);
    events.add(e);
    graph.addVertex(e);
    return e;
  }

  /** Adds the edge unless the two events already have one (the graph is simple: it says no). */
  private void edge(Event from, Event to, EdgeKind kind) {
    graph.addEdge(from, to, new GraphEdge(kind, to));
  }

  private void build() {
    for (List<Instance> wave : execution.waves()) {
      Event previous = null;
      int barrierCount = 0;
      for (Instance inst : wave) {
        Event current;
        if (inst.op() instanceof Op.Barrier) {
          int n = barrierCount++;
          current =
              barriers.computeIfAbsent(
                  n,
                  x -> {
                    Event.BarrierEvent b = new Event.BarrierEvent(events.size(), x);
                    events.add(b);
                    graph.addVertex(b);
                    return b;
                  });
          issue.put(inst, current);
        } else if (isEventful(inst.op())) {
          Event.Kind kind = inst.op() instanceof Op.Wait ? Event.Kind.RELEASE : Event.Kind.ISSUE;
          Event.OpEvent e = newOpEvent(kind, inst);
          issue.put(inst, e);
          current = e;
          if (inst.access().isPresent() || inst.op() instanceof Op.GLoad) {
            Event.OpEvent a = newOpEvent(Event.Kind.ACCESS, inst);
            access.put(inst, a);
            edge(e, a, EdgeKind.ISSUE_TO_ACCESS);
            if (inst.access().isPresent()) {
              accessEvents.add(a);
            }
          }
        } else {
          continue;
        }
        if (previous != null) {
          edge(
              previous,
              current,
              previous instanceof Event.BarrierEvent || current instanceof Event.BarrierEvent
                  ? EdgeKind.BARRIER
                  : EdgeKind.PROGRAM_ORDER);
        }
        previous = current;
      }
    }
    for (Execution.Retirement r : execution.retirements()) {
      edge(access.get(r.op()), issue.get(r.by()), EdgeKind.WAIT_RETIRES);
      retiredBy.putIfAbsent(r.op(), r.by());
    }
  }

  /**
   * Counted ops and waits get events; ops with no ordering effect (mfma, sched_barrier, setprio)
   * get none.
   */
  private static boolean isEventful(Op op) {
    return Counter.of(op).isPresent() || op instanceof Op.Wait;
  }

  private int accessIndex(Event e) {
    return e.id() < accessIndex.length && events.get(e.id()) == e ? accessIndex[e.id()] : -1;
  }

  private void computeReachability() {
    int n = events.size();
    accessIndex = new int[n];
    Arrays.fill(accessIndex, -1);
    for (int i = 0; i < accessEvents.size(); i++) {
      accessIndex[accessEvents.get(i).id()] = i;
    }
    // Kahn's algorithm over arrays of successor ids: the same order as a graph traversal, without
    // the graph's per-edge map lookups (this was most of the graph's construction time).
    int[][] successors = new int[n][];
    int[] indegree = new int[n];
    for (Event v : events) {
      int[] out = new int[graph.outDegreeOf(v)];
      int k = 0;
      for (GraphEdge e : graph.outgoingEdgesOf(v)) {
        out[k++] = e.target.id();
        indegree[e.target.id()]++;
      }
      successors[v.id()] = out;
    }
    int[] order = new int[n];
    int done = 0;
    for (int v = 0; v < n; v++) {
      if (indegree[v] == 0) {
        order[done++] = v;
      }
    }
    for (int head = 0; head < done; head++) {
      for (int t : successors[order[head]]) {
        if (--indegree[t] == 0) {
          order[done++] = t;
        }
      }
    }
    if (done != n) {
      throw new IllegalStateException("the happens-before graph has a cycle");
    }
    reachesAccess = new BitSet[n];
    for (int i = n - 1; i >= 0; i--) {
      int v = order[i];
      BitSet reach = new BitSet(accessEvents.size());
      for (int t : successors[v]) {
        reach.or(reachesAccess[t]);
        if (accessIndex[t] >= 0) {
          reach.set(accessIndex[t]);
        }
      }
      reachesAccess[v] = reach;
    }
  }
}

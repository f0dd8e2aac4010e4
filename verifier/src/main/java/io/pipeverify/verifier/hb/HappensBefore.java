package io.pipeverify.verifier.hb;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>HB is the transitive closure of the edges. Reachability is precomputed as vector clocks: a
 * wave's issue and release events form a chain (each reaches the next, directly or through a
 * barrier), so the events of one wave that reach a given event are a prefix of its chain, and one
 * number per (event, wave) says which: the position of the last of them. Memory and time are events
 * x waves; a bitset per event over the access events (the earlier representation) was events x
 * accesses, 6.8 GB for a million-event schedule (docs/PERFORMANCE.md).
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

  /** Event id -> its wave's chain, -1 for access and barrier events (filled after build). */
  private int[] chainOf;

  /** Event id -> its position in its wave's chain. */
  private int[] chainPosition;

  /**
   * {@code clock[v * waves + c]}: the position of the last event of chain c that happens strictly
   * before event v, or -1.
   */
  private int[] clock;

  private int waves;

  /** {@link #edges()}, once asked for. */
  private List<Edge> edgeList;

  /** Event id -> the ids of its successors (for events off the chains). */
  private int[][] successors;

  private HappensBefore(Execution execution) {
    this.execution = execution;
  }

  /**
   * Builds the graph and its reachability. Waves may execute different numbers of barriers: the
   * n-th barrier joins the waves that execute one, after the others have ended.
   */
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

  /**
   * All edges, in a deterministic order (by source id, then target id). Made once: the encoder and
   * the certificate paths both walk them.
   */
  public List<Edge> edges() {
    if (edgeList == null) {
      edgeList = Collections.unmodifiableList(sortedEdges());
    }
    return edgeList;
  }

  private List<Edge> sortedEdges() {
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

  /**
   * True when event {@code a} happens strictly before event {@code b} (the clocks cover every
   * event: certificates split their paths at barrier nodes).
   */
  public boolean before(Event a, Event b) {
    if (b.id() >= events.size() || events.get(b.id()) != b) {
      throw new IllegalArgumentException(b.name() + " is not an event of this graph");
    }
    return reaches(a.id(), b.id());
  }

  /**
   * An event on a chain reaches v iff it is in the prefix v's clock names; one off the chains (an
   * access or a barrier) iff one of its successors is v or reaches it. Successors of an access are
   * waits, of a barrier the waves' next events (or, for two barriers in a row, the next barrier):
   * the recursion reaches a chain within a step or two.
   */
  private boolean reaches(int a, int v) {
    int c = chainOf[a];
    if (c >= 0) {
      return chainPosition[a] <= clock[v * waves + c];
    }
    for (int s : successors[a]) {
      if (s == v || reaches(s, v)) {
        return true;
      }
    }
    return false;
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
    List<Event> lastOfWave = new ArrayList<>();
    List<Integer> barriersOfWave = new ArrayList<>();
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
      lastOfWave.add(previous);
      barriersOfWave.add(barrierCount);
    }
    survivorBarriers(lastOfWave, barriersOfWave);
    for (Execution.Retirement r : execution.retirements()) {
      edge(access.get(r.op()), issue.get(r.by()), EdgeKind.WAIT_RETIRES);
      retiredBy.putIfAbsent(r.op(), r.by());
    }
  }

  /**
   * A wave that executes c barriers and ends no longer counts for the later ones (semantics.md
   * section 2; AMD ISA reference, S_BARRIER): barrier c completes among the surviving waves, but
   * only once this wave has ended, so the wave's last event happens before it. Its outstanding
   * accesses are not ordered by the end (only a wait retires them), and barriers after c follow
   * barrier c in the survivors' program order.
   */
  private void survivorBarriers(List<Event> lastOfWave, List<Integer> barriersOfWave) {
    for (int w = 0; w < lastOfWave.size(); w++) {
      Event.BarrierEvent firstMissed = barriers.get(barriersOfWave.get(w));
      Event last = lastOfWave.get(w);
      if (firstMissed != null && last != null) {
        edge(last, firstMissed, EdgeKind.BARRIER);
      }
    }
  }

  /**
   * Counted ops and waits get events; ops with no ordering effect (mfma, sched_barrier, setprio)
   * get none.
   */
  private static boolean isEventful(Op op) {
    return Counter.of(op).isPresent() || op instanceof Op.Wait;
  }

  private void computeReachability() {
    int n = events.size();
    waves = execution.waves().size();
    chainOf = new int[n];
    chainPosition = new int[n];
    Arrays.fill(chainOf, -1);
    int[] length = new int[waves];
    // Ids follow each wave's program order (build adds a wave's events in order).
    for (Event e : events) {
      if (e instanceof Event.OpEvent o && o.kind() != Event.Kind.ACCESS) {
        int w = waveIndex(o.instance().wave());
        chainOf[e.id()] = w;
        chainPosition[e.id()] = length[w]++;
      }
    }
    // Kahn's algorithm over arrays of successor ids: the same order as a graph traversal, without
    // the graph's per-edge map lookups (this was most of the graph's construction time).
    successors = new int[n][];
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
    // In topological order every predecessor's clock is final before it is pushed on.
    clock = new int[n * waves];
    Arrays.fill(clock, -1);
    for (int i = 0; i < n; i++) {
      int v = order[i];
      int c = chainOf[v];
      for (int t : successors[v]) {
        for (int w = 0; w < waves; w++) {
          clock[t * waves + w] = Math.max(clock[t * waves + w], clock[v * waves + w]);
        }
        if (c >= 0) {
          clock[t * waves + c] = Math.max(clock[t * waves + c], chainPosition[v]);
        }
      }
    }
  }

  /** The index in the execution's list of waves of the wave numbered {@code wave}. */
  private int waveIndex(int wave) {
    if (wave >= 0
        && wave < waves
        && !execution.waves().get(wave).isEmpty()
        && execution.waves().get(wave).get(0).wave() == wave) {
      return wave;
    }
    for (int w = 0; w < waves; w++) {
      if (!execution.waves().get(w).isEmpty() && execution.waves().get(w).get(0).wave() == wave) {
        return w;
      }
    }
    throw new IllegalStateException("no wave " + wave + " in the execution");
  }
}

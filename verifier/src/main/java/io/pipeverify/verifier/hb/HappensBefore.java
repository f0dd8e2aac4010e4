package io.pipeverify.verifier.hb;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.InstanceMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The happens-before graph of one {@link Execution}: its events, typed edges and reachability.
 * Callers ask {@link #before} and walk {@link #edges()}.
 *
 * <p>HB is the transitive closure of the edges. Reachability is precomputed as vector clocks: a
 * wave's issue and release events form a chain (each reaches the next, directly or through a
 * barrier), so the events of one wave that reach a given event are a prefix of its chain, and one
 * number per (event, wave) says which: the position of the last of them. Memory and time are events
 * x waves; a bitset per event over the access events (the earlier representation) was events x
 * accesses, 6.8 GB for a million-event schedule (docs/PERFORMANCE.md).
 *
 * <p>A wave's DS accesses (ds_read, ds_write) form a chain of their own: the LDS executes one
 * wave's DS instructions in issue order ({@link EdgeKind#LDS_ORDER}). They get a clock column each
 * (chain {@code waves + w}), so an access reaches a later one of its wave, and whatever that one
 * reaches, in one comparison: walking the chain's successors per query was as long as the wave.
 *
 * <p>The edges are kept in arrays (a list per source while the graph is built, then one sorted
 * array of successors per event), the events of an instance in arrays indexed by its wave and
 * position in the wave's stream. This class held a JGraphT graph and identity maps until issue 13:
 * their per-vertex maps and per-edge objects were a fifth of the graph checks at real-kernel size
 * and most of their garbage (docs/PERFORMANCE.md, "Graph in arrays").
 */
public final class HappensBefore {

  /** A typed edge, as the checks and the SMT encoding see it. */
  public record Edge(Event from, Event to, EdgeKind kind) {}

  private static final EdgeKind[] KINDS = EdgeKind.values();

  private final Execution execution;
  private final List<Event> events = new ArrayList<>();
  private final Map<Integer, Event.BarrierEvent> barriers = new HashMap<>();
  private final List<Event.OpEvent> accessEvents = new ArrayList<>();

  /** Per instance: its issue (release, barrier) event, or null. */
  private final InstanceMap<Event> issue;

  /** Per instance: its access event, or null. */
  private final InstanceMap<Event.OpEvent> access;

  /** Per instance: the first wait of its wave that retires it, or null. */
  private final InstanceMap<Instance> retiredBy;

  // The edges while the graph is built: a list per source, newest first (head, next).
  private int[] edgeTo = new int[1024];
  private byte[] edgeKind = new byte[1024];
  private int[] edgeNext = new int[1024];
  private int[] head = new int[1024];
  private int edgeCount;

  /** Event id -> the ids of its successors, ascending (filled after build). */
  private int[][] successors;

  /** Event id -> the kinds of the edges to {@link #successors}, in the same order. */
  private byte[][] successorKinds;

  /**
   * Event id -> its chain: its wave's for issue and release events, {@code waves + w} for a DS
   * access of wave w, -1 for LDS-DMA and gload accesses and barrier events (filled after build).
   */
  private int[] chainOf;

  /** Event id -> its position in its wave's chain. */
  private int[] chainPosition;

  /**
   * {@code clock[v * chains + c]}: the position of the last event of chain c that happens strictly
   * before event v, or -1.
   */
  private int[] clock;

  private final int waves;

  /**
   * The chains: one per wave for its issue and release events, one per wave for its DS accesses.
   */
  private final int chains;

  /** Event id -> its position in one topological order of the graph (filled after build). */
  private int[] rank;

  /** {@link #edges()}, once asked for. */
  private List<Edge> edgeList;

  private HappensBefore(Execution execution) {
    this.execution = execution;
    waves = execution.waves().size();
    chains = 2 * waves;
    issue = new InstanceMap<>(execution);
    access = new InstanceMap<>(execution);
    retiredBy = new InstanceMap<>(execution);
    Arrays.fill(head, -1);
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
    return edgeCount;
  }

  /**
   * All edges, in a deterministic order (by source id, then target id). Made once: the encoder and
   * the certificate paths both walk them.
   */
  public List<Edge> edges() {
    if (edgeList == null) {
      List<Edge> out = new ArrayList<>(edgeCount);
      for (int v = 0; v < successors.length; v++) {
        for (int k = 0; k < successors[v].length; k++) {
          out.add(
              new Edge(events.get(v), events.get(successors[v][k]), KINDS[successorKinds[v][k]]));
        }
      }
      edgeList = Collections.unmodifiableList(out);
    }
    return edgeList;
  }

  /**
   * The position of {@code event} in one fixed topological order of the graph: an event that
   * happens before another has a smaller rank (the converse does not hold).
   */
  public int rank(Event event) {
    return rank[event.id()];
  }

  /** How many edges leave event {@code event}. */
  public int successorCount(int event) {
    return successors[event].length;
  }

  /** The target of the {@code k}-th edge leaving {@code event}, by ascending target id. */
  public int successor(int event, int k) {
    return successors[event][k];
  }

  /** The kind of that edge. */
  public EdgeKind successorKind(int event, int k) {
    return KINDS[successorKinds[event][k]];
  }

  /** The issue (or, for a wait, release) event of an instance; barriers map to their node. */
  public Event issueOf(Instance instance) {
    Event e = issueOrNull(instance);
    if (e != null) {
      return e;
    }
    throw new IllegalArgumentException("no issue event for " + instance.where());
  }

  /**
   * True when the instance has an issue (or release, or barrier) event: it is not mfma or a hint.
   */
  public boolean hasIssue(Instance instance) {
    return issueOrNull(instance) != null;
  }

  /** {@link #issueOf}, or null for an instance that has no issue event. */
  Event issueOrNull(Instance instance) {
    return issue.get(instance);
  }

  /**
   * The first wait of its wave that retires {@code op}, if any (ordered mode, a wait of 0, or an
   * unordered-mode lgkmcnt wait for all but its newest DS ops).
   */
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
   * LDS-DMA or gload access, or a barrier) iff one of its successors is v or reaches it. Successors
   * of such an access are waits, of a barrier the waves' next events (or, for two barriers in a
   * row, the next barrier): the recursion reaches a chain within a step or two.
   */
  private boolean reaches(int a, int v) {
    int c = chainOf[a];
    if (c >= 0) {
      return chainPosition[a] <= clock[v * chains + c];
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
    added(e);
    return e;
  }

  private void added(Event e) {
    events.add(e);
    if (events.size() > head.length) {
      int old = head.length;
      head = Arrays.copyOf(head, 2 * old);
      Arrays.fill(head, old, head.length, -1);
    }
  }

  /**
   * Adds the edge unless the two events already have one: the graph is simple, and the first edge
   * between two events keeps its kind.
   */
  private void edge(Event from, Event to, EdgeKind kind) {
    int f = from.id();
    int t = to.id();
    for (int e = head[f]; e >= 0; e = edgeNext[e]) {
      if (edgeTo[e] == t) {
        return;
      }
    }
    if (edgeCount == edgeTo.length) {
      edgeTo = Arrays.copyOf(edgeTo, 2 * edgeCount);
      edgeKind = Arrays.copyOf(edgeKind, 2 * edgeCount);
      edgeNext = Arrays.copyOf(edgeNext, 2 * edgeCount);
    }
    edgeTo[edgeCount] = t;
    edgeKind[edgeCount] = (byte) kind.ordinal();
    edgeNext[edgeCount] = head[f];
    head[f] = edgeCount++;
  }

  private void build() {
    List<Event> lastOfWave = new ArrayList<>();
    List<Integer> barriersOfWave = new ArrayList<>();
    for (int w = 0; w < waves; w++) {
      WaveEvents wave = new WaveEvents();
      for (Instance inst : execution.waves().get(w)) {
        wave.add(inst);
      }
      lastOfWave.add(wave.previous);
      barriersOfWave.add(wave.barrierCount);
    }
    survivorBarriers(lastOfWave, barriersOfWave);
    for (Execution.Retirement r : execution.retirements()) {
      retire(r);
    }
    for (Execution.CountingWait w : execution.countingWaits()) {
      dsInOrder(w);
    }
  }

  /**
   * An lgkmcnt wait of the unordered mode lets at most N of its candidates land late, which ones
   * unknown; but the candidates are DS ops, which access LDS in issue order, so a late one makes
   * every later one late too: the late ones are the newest, and the others are retired by the wait
   * as in the ordered mode. Without these edges the graph would report races that the timing
   * problem's cardinality constraint and the DS chain together refute.
   */
  private void dsInOrder(Execution.CountingWait w) {
    if (w.counter() != Counter.LGKMCNT) {
      return;
    }
    List<Instance> candidates = w.candidates();
    for (int i = 0; i < candidates.size() - w.allowed(); i++) {
      retire(new Execution.Retirement(candidates.get(i), w.waitOp()));
    }
  }

  /**
   * One wave's events, added in program order. The work per op (and per retirement, per event in
   * the passes below) is a method of its own: a loop in a method that runs once per graph is
   * interpreted to its end in a cold start, while a method called for every op is compiled after a
   * few hundred (docs/PERFORMANCE.md, "Cold start").
   */
  private final class WaveEvents {
    Event previous;
    int barrierCount;

    /** The access of the wave's latest DS instruction (ds_read, ds_write), or null. */
    Event.OpEvent lastDs;

    void add(Instance inst) {
      Event current;
      if (inst.op() instanceof Op.Barrier) {
        current = barrier(barrierCount++);
        issue.put(inst, current);
      } else if (isEventful(inst.op())) {
        Event.Kind kind = inst.op() instanceof Op.Wait ? Event.Kind.RELEASE : Event.Kind.ISSUE;
        Event.OpEvent e = newOpEvent(kind, inst);
        issue.put(inst, e);
        current = e;
        if (inst.access().isPresent()
            || inst.op() instanceof Op.GLoad
            || inst.op() instanceof Op.SLoad
            || inst.op() instanceof Op.DsPermute) {
          Event.OpEvent a = newOpEvent(Event.Kind.ACCESS, inst);
          access.put(inst, a);
          edge(e, a, EdgeKind.ISSUE_TO_ACCESS);
          if (inst.access().isPresent()) {
            accessEvents.add(a);
          }
          if (isDs(inst.op())) {
            if (lastDs != null) {
              edge(lastDs, a, EdgeKind.LDS_ORDER);
            }
            lastDs = a;
          }
        }
      } else {
        return;
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

  /** The node of the n-th barrier instance, shared by all waves: added at its first arrival. */
  private Event.BarrierEvent barrier(int n) {
    Event.BarrierEvent b = barriers.get(n);
    if (b == null) {
      b = new Event.BarrierEvent(events.size(), n);
      added(b);
      barriers.put(n, b);
    }
    return b;
  }

  private void retire(Execution.Retirement r) {
    edge(access.get(r.op()), issue.get(r.by()), EdgeKind.WAIT_RETIRES);
    Instance known = retiredBy.get(r.op());
    if (known == null || r.by().seq() < known.seq()) {
      retiredBy.put(r.op(), r.by());
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
   * A DS instruction: its LDS access is ordered with the wave's other DS accesses (a lane permute
   * goes through the LDS unit's queue too, touching no byte).
   */
  private static boolean isDs(Op op) {
    return op instanceof Op.DsRead || op instanceof Op.DsWrite || op instanceof Op.DsPermute;
  }

  /**
   * Counted ops and waits get events; ops with no ordering effect (mfma, sched_barrier, setprio)
   * get none.
   */
  private static boolean isEventful(Op op) {
    return Counter.of(op).isPresent() || op instanceof Op.Wait;
  }

  /** Each event's successors in one ascending array, with their kinds; the build lists go. */
  private void sortSuccessors() {
    int n = events.size();
    successors = new int[n][];
    successorKinds = new byte[n][];
    for (int v = 0; v < n; v++) {
      sortSuccessors(v);
    }
    edgeTo = null;
    edgeKind = null;
    edgeNext = null;
    head = null;
  }

  private void sortSuccessors(int v) {
    int degree = 0;
    for (int e = head[v]; e >= 0; e = edgeNext[e]) {
      degree++;
    }
    long[] packed = new long[degree];
    int k = 0;
    for (int e = head[v]; e >= 0; e = edgeNext[e]) {
      packed[k++] = ((long) edgeTo[e] << 8) | edgeKind[e];
    }
    Arrays.sort(packed);
    successors[v] = new int[degree];
    successorKinds[v] = new byte[degree];
    for (k = 0; k < degree; k++) {
      successors[v][k] = (int) (packed[k] >>> 8);
      successorKinds[v][k] = (byte) (packed[k] & 0xff);
    }
  }

  private void computeReachability() {
    sortSuccessors();
    int n = events.size();
    chainOf = new int[n];
    chainPosition = new int[n];
    Arrays.fill(chainOf, -1);
    int[] length = new int[chains];
    // Ids follow each wave's program order (build adds a wave's events in order).
    for (Event e : events) {
      if (e instanceof Event.OpEvent o) {
        int w = issue.position(o.instance().wave());
        int c = o.kind() != Event.Kind.ACCESS ? w : isDs(o.instance().op()) ? waves + w : -1;
        if (c >= 0) {
          chainOf[e.id()] = c;
          chainPosition[e.id()] = length[c]++;
        }
      }
    }
    // Kahn's algorithm over the successor arrays.
    int[] indegree = new int[n];
    for (int[] out : successors) {
      for (int t : out) {
        indegree[t]++;
      }
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
    rank = new int[n];
    for (int i = 0; i < n; i++) {
      rank[order[i]] = i;
    }
    // In topological order every predecessor's clock is final before it is pushed on.
    clock = new int[n * chains];
    Arrays.fill(clock, -1);
    for (int i = 0; i < n; i++) {
      pushClock(order[i]);
    }
  }

  /** Joins event v's clock (and its own chain position) into its successors' clocks. */
  private void pushClock(int v) {
    int c = chainOf[v];
    for (int t : successors[v]) {
      for (int w = 0; w < chains; w++) {
        clock[t * chains + w] = Math.max(clock[t * chains + w], clock[v * chains + w]);
      }
      if (c >= 0) {
        clock[t * chains + c] = Math.max(clock[t * chains + c], chainPosition[v]);
      }
    }
  }
}

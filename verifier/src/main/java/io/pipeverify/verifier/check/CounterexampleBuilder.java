package io.pipeverify.verifier.check;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Access;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a confirmed {@link RaceFinding} and its Z3 model into a {@link Violation}: the ops, the
 * missing happens-before edge in words, and the interleaving.
 *
 * <p>The interleaving is canonical rather than Z3's raw model: it takes the model's choices that
 * matter (which ops each unordered-mode wait retired), adds the violating order, and gives every
 * event its earliest time (longest path from the start). That execution satisfies every constraint
 * the model did, and it is the same whatever model Z3 returned.
 */
public final class CounterexampleBuilder {
  private static final int MAX_STEPS = 48;

  private final HappensBefore hb;
  private final TimingProblem problem;
  private final InstanceText text;
  private final List<Event> events;

  /** Whether violations get their trace (VerifyOptions.traces). */
  private final boolean traces;

  public CounterexampleBuilder(HappensBefore hb, TimingProblem problem) {
    this(hb, problem, null, true);
  }

  public CounterexampleBuilder(HappensBefore hb, TimingProblem problem, RegisterUses uses) {
    this(hb, problem, uses, true);
  }

  /**
   * For data-flow findings: {@code problem} is {@code uses.extend(graph problem)}, so the mfma use
   * events have times and can appear in the trace.
   */
  public CounterexampleBuilder(
      HappensBefore hb, TimingProblem problem, RegisterUses uses, boolean traces) {
    this.hb = hb;
    this.traces = traces;
    this.problem = problem;
    this.events = uses == null ? hb.events() : uses.allEvents();
    if (problem.names().size() != events.size()) {
      throw new IllegalArgumentException("the problem does not match the events");
    }
    this.text = new InstanceText(hb.execution().schedule(), hb.execution().tripCount());
  }

  public Violation build(RaceFinding f, long[] model) {
    return violation(
        f.property(),
        f.kind(),
        f.first(),
        f.second(),
        f.badOrder(),
        List.of(),
        summary(f),
        missingEdge(f),
        model,
        f.raceClass());
  }

  /** A P3/P4/P5 violation; {@code model} is any model of the problem with the bad order. */
  public Violation build(DataflowFinding f, long[] model) {
    return violation(
        f.property(),
        f.kind(),
        f.first(),
        f.second(),
        f.badOrder(),
        f.marked(),
        f.summary().get(),
        f.detail().get(),
        model,
        Optional.empty());
  }

  /**
   * The violation of ops {@code first} (and {@code second}) whose trace is the canonical execution
   * with {@code badOrder}; the bad order's events and the {@code marked} ones are starred.
   */
  private Violation violation(
      Property property,
      ViolationKind kind,
      Instance first,
      Optional<Instance> second,
      List<TimingProblem.Order> badOrder,
      List<Integer> marked,
      String summary,
      String missingEdge,
      long[] model,
      Optional<RaceClass> raceClass) {
    List<OpRef> ops = new ArrayList<>();
    ops.add(text.ref(first));
    second.ifPresent(s -> ops.add(text.ref(s)));
    Set<Integer> waves = new TreeSet<>();
    waves.add(first.wave());
    second.ifPresent(s -> waves.add(s.wave()));
    Set<Event> starred = new HashSet<>();
    for (TimingProblem.Order o : badOrder) {
      starred.add(events.get(o.first()));
      starred.add(events.get(o.second()));
    }
    for (int id : marked) {
      starred.add(events.get(id));
    }
    return new Violation(
        property,
        kind,
        hb.execution().tripCount(),
        ops,
        summary,
        missingEdge,
        List.copyOf(waves),
        traces ? trace(canonicalTimes(badOrder, model), waves, starred) : List.of(),
        raceClass);
  }

  /**
   * The canonical execution of a counterexample (earliest times, the model's unordered-mode
   * choices, the bad order): one time per event of the problem, for replays.
   */
  public long[] times(List<TimingProblem.Order> badOrder, long[] model) {
    return canonicalTimes(badOrder, model);
  }

  private String summary(RaceFinding f) {
    String a = text.ref(f.first()).brief();
    if (f.kind() == ViolationKind.UNINITIALIZED) {
      return "P2 UNINITIALIZED: " + a + " may read bytes that no write happens before";
    }
    Instance second = f.second().orElseThrow();
    String b = text.ref(second).brief();
    String race =
        switch (f.kind()) {
          case RAW -> "P1 RAW: " + b + " may read before " + a + " lands";
          case WAR -> "P1 WAR: " + b + " may land before " + a + " reads";
          default -> "P1 WAW: " + b + " may land before " + a;
        };
    return race
        + InstanceText.common(f.first().access().orElseThrow(), second.access().orElseThrow());
  }

  /** The happens-before edge that would have prevented the violation, in words. */
  private String missingEdge(RaceFinding f) {
    Instance x = f.first();
    String xs = describe(x);
    if (f.second().isEmpty()) {
      return "no write of these bytes happens before the ds_read in wave "
          + x.wave()
          + ": no wait in a writing wave retires its write before an s_barrier that wave "
          + x.wave()
          + " passes before the read";
    }
    Instance y = f.second().get();
    String ys = describe(y);
    String counter = Counter.of(x.op()).map(Counter::id).orElse("counter");
    Instance retire = hb.retiredBy(x).orElse(null);
    if (x.wave() == y.wave()) {
      return "no s_waitcnt "
          + counter
          + " in wave "
          + x.wave()
          + " between "
          + xs
          + " and "
          + ys
          + " retires the "
          + x.op().kind()
          + (retire == null ? "" : "; the first wait that does is " + waitText(retire));
    }
    long barrier = seqOfLastBarrierOf(x.wave(), y);
    String sentence =
        "no s_waitcnt "
            + counter
            + " in wave "
            + x.wave()
            + " retires "
            + xs
            + (barrier < 0
                ? " before any s_barrier: wave " + y.wave() + " passes none before " + ys
                : " before the s_barrier that wave " + y.wave() + " passes before " + ys);
    return retire == null
        ? sentence + "; no wait of wave " + x.wave() + " retires it at all"
        : sentence + "; wave " + x.wave() + " retires it only at " + waitText(retire);
  }

  private String waitText(Instance wait) {
    String stage = InstanceText.stage(wait);
    String at =
        wait.iteration() >= 0
            ? wait.section().id() + " k=" + wait.iteration()
            : wait.section().id();
    return "its " + text.text(wait) + " (" + at + (stage.isEmpty() ? "" : ", " + stage) + ")";
  }

  /**
   * The seq, in wave w, of the barrier matched with the last barrier wave y.wave() passes before y;
   * -1 if there is none. A wait of w before that seq would order x before y.
   */
  private long seqOfLastBarrierOf(int w, Instance y) {
    int count = 0;
    for (Instance i : hb.execution().waves().get(y.wave())) {
      if (i.seq() >= y.seq()) {
        break;
      }
      if (i.op() instanceof Op.Barrier) {
        count++;
      }
    }
    if (count == 0) {
      return -1;
    }
    int seen = 0;
    for (Instance i : hb.execution().waves().get(w)) {
      if (i.op() instanceof Op.Barrier && ++seen == count) {
        return i.seq();
      }
    }
    return -1;
  }

  private String describe(Instance i) {
    String at = i.iteration() >= 0 ? i.section().id() + " k=" + i.iteration() : i.section().id();
    String stage = InstanceText.stage(i);
    return "its "
        + text.text(i).replaceFirst(" tile .*", "")
        + " ("
        + at
        + (stage.isEmpty() ? " #" + i.position() : ", " + stage)
        + ")";
  }

  /** Earliest times in the graph plus the model's retirement choices plus the violating order. */
  private long[] canonicalTimes(List<TimingProblem.Order> bad, long[] model) {
    int n = problem.names().size();
    List<TimingProblem.Order> all = new ArrayList<>(problem.before());
    all.addAll(bad);
    for (TimingProblem.AtMostLate c : problem.atMostLate()) {
      for (int e : c.events()) {
        if (model[e] < model[c.release()]) {
          all.add(new TimingProblem.Order(e, c.release()));
        }
      }
    }
    // Arrays, not boxed lists: one pass over every event per counterexample.
    int[] indegree = new int[n];
    int[] outdegree = new int[n];
    for (TimingProblem.Order o : all) {
      outdegree[o.first()]++;
      indegree[o.second()]++;
    }
    int[][] succ = new int[n][];
    for (int i = 0; i < n; i++) {
      succ[i] = new int[outdegree[i]];
      outdegree[i] = 0;
    }
    for (TimingProblem.Order o : all) {
      succ[o.first()][outdegree[o.first()]++] = o.second();
    }
    long[] time = new long[n];
    int[] ready = new int[n];
    int tail = 0;
    for (int i = 0; i < n; i++) {
      if (indegree[i] == 0) {
        ready[tail++] = i;
      }
    }
    int done = 0;
    while (done < tail) {
      int v = ready[done++];
      for (int s : succ[v]) {
        time[s] = Math.max(time[s], time[v] + 1);
        if (--indegree[s] == 0) {
          ready[tail++] = s;
        }
      }
    }
    if (done != n) {
      throw new IllegalStateException("the counterexample's orders form a cycle: Z3 model invalid");
    }
    return time;
  }

  private List<TraceStep> trace(long[] time, Set<Integer> waves, Set<Event> racing) {
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    Set<String> buffers = new HashSet<>();
    for (Event e : racing) {
      from = Math.min(from, time[e.id()]);
      to = Math.max(to, time[e.id()]);
      if (e instanceof Event.OpEvent o) {
        o.instance().access().ifPresent(a -> buffers.add(a.buffer() + "#" + a.slot()));
        if (o.kind() != Event.Kind.USE) {
          from = Math.min(from, time[hb.issueOf(o.instance()).id()]);
        }
      }
    }
    List<Event> shown = new ArrayList<>();
    for (Event e : events) {
      long t = time[e.id()];
      if (t < from || t > to) {
        continue;
      }
      if (racing.contains(e) || matters(e, waves, buffers)) {
        shown.add(e);
      }
    }
    // By time, wave, then id; written out (see RaceChecker.PROGRAM_POSITION).
    shown.sort(
        (a, b) -> {
          int c = Long.compare(time[a.id()], time[b.id()]);
          if (c == 0) {
            c = Integer.compare(waveOf(a), waveOf(b));
          }
          return c != 0 ? c : Integer.compare(a.id(), b.id());
        });
    if (shown.size() > MAX_STEPS) {
      shown.removeIf(e -> !racing.contains(e) && !isSync(e));
    }
    List<TraceStep> steps = new ArrayList<>();
    for (int i = 0; i < shown.size(); i++) {
      if (shown.size() > MAX_STEPS && i == MAX_STEPS / 2) {
        int skipped = shown.size() - MAX_STEPS;
        steps.add(new TraceStep(-1, -1, "...", skipped + " events not shown", false));
        i += skipped;
      }
      Event e = shown.get(i);
      steps.add(step(e, time[e.id()], racing.contains(e)));
    }
    return steps;
  }

  private boolean matters(Event e, Set<Integer> waves, Set<String> buffers) {
    if (e instanceof Event.BarrierEvent) {
      return true;
    }
    Event.OpEvent o = (Event.OpEvent) e;
    if (!waves.contains(o.instance().wave()) || o.kind() == Event.Kind.USE) {
      return false;
    }
    if (o.instance().op() instanceof Op.Wait) {
      return true;
    }
    return o.instance()
        .access()
        .map((Access a) -> buffers.contains(a.buffer() + "#" + a.slot()))
        .orElse(false);
  }

  private static boolean isSync(Event e) {
    return e instanceof Event.BarrierEvent
        || ((Event.OpEvent) e).instance().op() instanceof Op.Wait;
  }

  private int waveOf(Event e) {
    return e instanceof Event.OpEvent o ? o.instance().wave() : -1;
  }

  private TraceStep step(Event e, long t, boolean isRacing) {
    if (e instanceof Event.BarrierEvent b) {
      return new TraceStep(t, -1, "barrier", "s_barrier #" + b.n() + " (all waves)", false);
    }
    Event.OpEvent o = (Event.OpEvent) e;
    Instance i = o.instance();
    String event =
        switch (o.kind()) {
          case ISSUE -> "issue";
          case ACCESS -> i.access().map(a -> a.write() ? "write" : "read").orElse("land");
          case RELEASE -> "pass";
          case USE -> "use";
        };
    String stage = InstanceText.stage(i);
    String at = i.iteration() >= 0 ? "k=" + i.iteration() : i.section().id();
    return new TraceStep(
        t,
        i.wave(),
        event,
        text.text(i) + " [" + at + (stage.isEmpty() ? " #" + i.position() : ", " + stage) + "]",
        isRacing);
  }
}

package io.pipeverify.verifier.replay;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.interp.DataEvent;
import io.pipeverify.model.interp.Interpreter;
import io.pipeverify.model.interp.Outcome;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifierBugException;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.check.CounterexampleBuilder;
import io.pipeverify.verifier.check.DataflowFinding;
import io.pipeverify.verifier.check.InstanceText;
import io.pipeverify.verifier.check.RaceFinding;
import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.check.TripAnalysis;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Replays the counterexamples of a report, or random legal executions of its schedule, on real
 * data. It rebuilds the execution of the counterexample's trip count with the verifier's own
 * classes, finds the violation again (same property, kind and ops), asks Z3 for a model of its bad
 * order and replays the canonical execution the report's trace shows (earliest times). Owns a
 * {@link Z3Session}: close it.
 */
public final class Replayer implements AutoCloseable {
  /** The properties a replay can show on data (P6 is about barrier counts, P7 about encodings). */
  public static final Set<Property> REPLAYABLE =
      EnumSet.of(Property.P1, Property.P2, Property.P3, Property.P4, Property.P5);

  private final VerificationReport report;
  private final Schedule schedule;
  private final Z3Session z3;
  private final Map<Integer, Context> contexts = new HashMap<>();

  /** Everything the verifier derived at one trip count. */
  private record Context(
      HappensBefore hb,
      RegisterUses uses,
      TimingProblem extended,
      List<RaceFinding> findings,
      List<DataflowFinding> dataflow,
      InstanceText text) {}

  public Replayer(VerificationReport report) {
    this.report = report;
    this.schedule = report.schedule();
    this.z3 = new Z3Session(report.options().solverTimeout());
  }

  private Context context(int t) {
    return contexts.computeIfAbsent(
        t,
        x -> {
          TripAnalysis a =
              TripAnalysis.of(
                  schedule,
                  t,
                  report.options().counters(),
                  report.options().proof() == VerifyOptions.ProofMode.FULL);
          TimingProblem extended = a.uses().extend(TimingEncoder.encode(a.hb()));
          return new Context(
              a.hb(),
              a.uses(),
              extended,
              a.findings(),
              a.dataflow(),
              new InstanceText(schedule, t));
        });
  }

  /**
   * Replays counterexample {@code v} of the report at its trip count with data seed {@code seed}.
   */
  public ViolationReplay replay(Violation v, long seed) {
    if (!REPLAYABLE.contains(v.property())) {
      throw new IllegalArgumentException(v.property() + " violations have no data to replay");
    }
    Context c = context(v.tripCount());
    List<List<TimingProblem.Order>> realisations = null;
    for (RaceFinding f : c.findings()) {
      if (f.property() == v.property()
          && f.kind() == v.kind()
          && refs(c, f.first(), f.second()).equals(v.ops())) {
        realisations = f.badOrders();
        break;
      }
    }
    for (DataflowFinding f : c.dataflow()) {
      if (realisations == null
          && f.property() == v.property()
          && f.kind() == v.kind()
          && refs(c, f.first(), f.second()).equals(v.ops())) {
        realisations = List.of(f.badOrder());
      }
    }
    if (realisations == null) {
      throw new VerifierBugException(
          "the counterexample '" + v.summary() + "' is not found again at T=" + v.tripCount());
    }
    z3.load(c.extended());
    // The first realisation Z3 has a model for, as the verifier chose it.
    List<TimingProblem.Order> bad = realisations.get(0);
    SolverOutcome witness = z3.findWith(bad);
    for (int i = 1; i < realisations.size() && witness instanceof SolverOutcome.Unsat; i++) {
      bad = realisations.get(i);
      witness = z3.findWith(bad);
    }
    if (!(witness instanceof SolverOutcome.Sat sat)) {
      throw new VerifierBugException(
          "Z3 has no model for the counterexample '" + v.summary() + "' (" + witness + ")");
    }
    long[] times =
        new CounterexampleBuilder(c.hb(), c.extended(), c.uses()).times(bad, sat.times());
    List<DataEvent> order = new EventOrders(c.uses(), c.extended()).byTime(times);
    Outcome outcome = new Interpreter(schedule, v.tripCount(), seed).run(order);
    return new ViolationReplay(v, seed, outcome);
  }

  private static List<OpRef> refs(Context c, Instance first, Optional<Instance> second) {
    List<OpRef> out = new ArrayList<>();
    out.add(c.text().ref(first));
    second.ifPresent(s -> out.add(c.text().ref(s)));
    return out;
  }

  /**
   * Replays {@code orders} random legal executions at trip count {@code tripCount}: order n is a
   * random linear extension of happens-before (and of the unordered-mode counter constraints) drawn
   * with seed {@code seed + n}; the data seed is {@code seed}.
   */
  public RandomReplay random(int tripCount, int orders, long seed) {
    Context c = context(tripCount);
    EventOrders eo = new EventOrders(c.uses(), c.extended());
    Interpreter interp = new Interpreter(schedule, tripCount, seed);
    int wrong = 0;
    Outcome first = null;
    int firstIndex = -1;
    for (int n = 0; n < orders; n++) {
      Outcome o = interp.run(eo.random(new SplittableRandom(seed + n)));
      if (!o.matches()) {
        wrong++;
        if (first == null) {
          first = o;
          firstIndex = n;
        }
      }
    }
    return new RandomReplay(tripCount, seed, orders, wrong, Optional.ofNullable(first), firstIndex);
  }

  @Override
  public void close() {
    z3.close();
  }
}

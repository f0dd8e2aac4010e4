package io.pipeverify.verifier;

import io.pipeverify.model.GroupLowering;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.verifier.check.CounterexampleBuilder;
import io.pipeverify.verifier.check.DataflowFinding;
import io.pipeverify.verifier.check.DefectInstance;
import io.pipeverify.verifier.check.InstanceText;
import io.pipeverify.verifier.check.RaceChecker;
import io.pipeverify.verifier.check.RaceFinding;
import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.check.TripAnalysis;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.Unroller;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Decides P1-P7 for every trip count T >= 1 (semantics.md sections 4 and 6).
 *
 * <p>P6 is decided symbolically in T by Z3; P7 does not depend on T. P1 and P2 by unrolling T =
 * 1..3P-1 (P the schedule's period), P3-P5 on the same unrolls (proofs/dataflow.md):
 * proofs/cutoff.md shows that a violation at any larger T implies one at a T in that range. For
 * each T the happens-before graph finds the candidates; Z3, given the same constraints, must then
 * prove every ordered conflicting pair ordered (one unsat query) and find a model for every
 * reported violation. A disagreement between graph and solver is a bug and throws {@link
 * VerifierBugException}.
 */
public final class Verifier {
  private Verifier() {}

  /**
   * The largest trip count unrolled (proofs/cutoff.md): {@code 3P - 1} for period P, plus the
   * barrier offset between roles in iterations, {@code ceil(D / c)} for D the difference of the
   * roles' prologue barrier counts and c the barriers per iteration. Barriers match by count, so
   * with an offset, iteration k of one role meets iteration k + D/c of another, and a removed block
   * must be cut at the same barrier in every wave.
   */
  public static int cutoff(Schedule schedule) {
    long offset = 0;
    long perIteration = 0;
    long minPrologue = Long.MAX_VALUE;
    long maxPrologue = 0;
    for (WaveProgram p : schedule.programs()) {
      long prologue = Run.barriers(p.prologue());
      minPrologue = Math.min(minPrologue, prologue);
      maxPrologue = Math.max(maxPrologue, prologue);
      perIteration = Run.barriers(p.loop());
    }
    long spread = maxPrologue - minPrologue;
    if (perIteration > 0 && spread > 0) {
      offset = (spread + 2 + perIteration - 1) / perIteration;
    }
    return (int) Math.max(1, 3 * schedule.period() - 1 + offset);
  }

  /**
   * The verdict for every trip count T >= 1: unrolls T = 1..{@link #cutoff}. Programs that say what
   * they do per wave ({@code when}, k-chunk expressions) are specialized to one role per distinct
   * wave first ({@link WaveSpecialization}); schedules that still have {@code commit_group}/{@code
   * wait_group} are lowered by counting the ops per group (seed note 003), so the lowering itself
   * is what gets checked.
   */
  public static VerificationReport verify(Schedule schedule, VerifyOptions options) {
    Schedule lowered = lower(schedule);
    return verifyLowered(lowered, options, range(cutoff(lowered)));
  }

  /** The schedule as the verifier checks it: one role per distinct wave, groups lowered. */
  static Schedule lower(Schedule schedule) {
    return lowerGroups(WaveSpecialization.specialize(schedule));
  }

  /** The trip counts {@link #verify} unrolls for a lowered schedule: 1..{@link #cutoff}. */
  static List<Integer> tripCounts(Schedule lowered) {
    return range(cutoff(lowered));
  }

  /**
   * Checks exactly the given trip counts (the deep-unroll comparison of the cutoff tests uses
   * this); the report then covers only those, which {@code tripCountsChecked} says.
   */
  public static VerificationReport verifyTripCounts(
      Schedule schedule, VerifyOptions options, List<Integer> tripCounts) {
    return verifyLowered(lowerGroups(WaveSpecialization.specialize(schedule)), options, tripCounts);
  }

  private static VerificationReport verifyLowered(
      Schedule lowered, VerifyOptions options, List<Integer> tripCounts) {
    long started = System.nanoTime();
    Run run = new Run(lowered, options);
    Verdict verdict;
    try (Z3Session z3 = new Z3Session(options.solverTimeout(), options.crossCheck());
        ProofThread proofs = new ProofThread(z3, options.solverTimeout(), options.crossCheck())) {
      verdict = run.decide(z3, proofs, tripCounts);
      run.queries += proofs.queries();
      run.encodingNanos += proofs.loadNanos();
      run.solverTime = z3.solverTime().plusNanos(proofs.solverNanos());
    }
    Stats stats =
        new Stats(
            run.events,
            run.edges,
            run.pairs,
            run.proved,
            run.queries,
            Duration.ofNanos(run.graphNanos),
            Duration.ofNanos(run.encodingNanos),
            run.solverTime,
            Duration.ofNanos(System.nanoTime() - started));
    List<Integer> covered =
        run.stoppedAt < 0 ? tripCounts : tripCounts.subList(0, run.stoppedAt + 1);
    return new VerificationReport(
        lowered,
        options,
        lowered.period(),
        covered,
        verdict,
        run.omitted(),
        stats,
        Optional.empty(),
        run.excused(),
        run.benign());
  }

  private static List<Integer> range(int last) {
    List<Integer> trips = new ArrayList<>();
    for (int t = 1; t <= last; t++) {
      trips.add(t);
    }
    return trips;
  }

  private static Schedule lowerGroups(Schedule schedule) {
    for (WaveProgram p : schedule.programs()) {
      for (Section s : Section.values()) {
        for (Op op : p.section(s)) {
          if (op instanceof Op.CommitGroup || op instanceof Op.WaitGroup) {
            return GroupLowering.lower(schedule, OptionalInt.empty());
          }
        }
      }
    }
    return schedule;
  }

  /** Verifies and, when the verdict is "verified", hands out the schedule as verified. */
  public static Optional<VerifiedSchedule> certify(VerificationReport report) {
    return report.verdict() instanceof Verdict.Verified
        ? Optional.of(new VerifiedSchedule(report.schedule(), report))
        : Optional.empty();
  }

  /** The state of one verification. */
  private static final class Run {
    final Schedule schedule;
    final VerifyOptions options;

    /** The findings confirmed so far by their defect key, in the order found. */
    final Map<String, FindingTally> found = new LinkedHashMap<>();

    /** Defects the graph found once the root causes had reached the cap (maxFindings). */
    final Set<String> omitted = new HashSet<>();

    /**
     * The candidate root causes of the defects confirmed or being confirmed, and how many of those
     * defects shared none with an earlier one: at most the causes they will be grouped into, which
     * is what the cap counts (a defect of a cause already found is always confirmed, so a cause
     * reports all its instances).
     */
    final Set<String> causeKeys = new HashSet<>();

    int causes;

    /**
     * The defects a stated assumption excused, by defect key, in the order found (notes of the
     * report, not findings).
     */
    final Map<String, NoteTally<Excused>> excused = new LinkedHashMap<>();

    /** The defects of dead reads, by defect key and read, in the order found (notes too). */
    final Map<String, NoteTally<Benign>> benign = new LinkedHashMap<>();

    /**
     * A note's defect: its first instance as the note names it, and every instance by the places of
     * its ops, counted as {@link FindingTally} counts a finding's (the same pair at several trip
     * counts is one instance).
     */
    private static final class NoteTally<T extends CountedNote<T>> {
      final T first;
      final Set<List<FindingTally.Place>> places = new HashSet<>();

      NoteTally(T first) {
        this.first = first;
      }

      void add(DefectInstance d) {
        places.add(
            d.second().isPresent()
                ? List.of(FindingTally.Place.of(d.first()), FindingTally.Place.of(d.second().get()))
                : List.of(FindingTally.Place.of(d.first())));
      }

      T note() {
        return first.withInstances(places.size());
      }
    }

    /** The excused defects as the report lists them. */
    List<Excused> excused() {
      return excused.values().stream().map(NoteTally::note).toList();
    }

    /** The benign defects as the report lists them. */
    List<Benign> benign() {
      return benign.values().stream().map(NoteTally::note).toList();
    }

    /** The candidates of the defects listed for confirmation, by defect key. */
    final Map<String, List<CauseCandidates.Candidate>> pendingCauses = new HashMap<>();

    /** The index of the trip count after which {@code stopAtCap} stopped, or -1. */
    int stoppedAt = -1;

    /** Shapes of ordered pairs Z3 has proved (VerifyOptions.ProofMode.SHAPES). */
    final Set<RaceChecker.Shape> shapes = new HashSet<>();

    /** Shapes of the lemmas Z3 has proved them by (TimingEncoder.proofs). */
    final Set<String> lemmaShapes = new HashSet<>();

    long events;
    long edges;
    long pairs;
    long proved;
    long graphNanos;
    long encodingNanos;
    int queries;
    Duration solverTime = Duration.ZERO;

    Run(Schedule schedule, VerifyOptions options) {
      this.schedule = schedule;
      this.options = options;
    }

    Verdict decide(Z3Session z3, ProofThread proofs, List<Integer> tripCounts) {
      Optional<String> unknown = barrierMatching(z3);
      if (unknown.isPresent()) {
        return new Verdict.Inconclusive(unknown.get(), findings());
      }
      // Unequal barrier counts do not deadlock: a wave's extra barriers complete among the waves
      // that have not ended (semantics.md section 2), which HappensBefore models, so P1-P5 are
      // checked as well. With equal counts per iteration the cutoff argument still holds
      // (proofs/cutoff.md section 3); with unequal ones the P6 finding already fails the verdict.
      encodability();
      for (int i = 0; i < tripCounts.size(); i++) {
        if (Thread.currentThread().isInterrupted()) {
          // A batch's time limit cancelled this verification: nobody reads its report.
          throw new java.util.concurrent.CancellationException("verification interrupted");
        }
        unknown = races(z3, proofs, tripCounts.get(i));
        if (unknown.isPresent()) {
          break;
        }
        if (options.stopAtCap() && options.findingsCapped(causes)) {
          stoppedAt = i;
          break;
        }
      }
      // The orders of the last trip counts may still be being proved.
      Optional<String> unproved = proofs.await();
      if (unknown.isEmpty()) {
        unknown = unproved;
      }
      if (unknown.isPresent()) {
        // A violation Z3 already confirmed stands, whatever a later query could not decide.
        return found.isEmpty()
            ? new Verdict.Inconclusive(unknown.get(), findings())
            : new Verdict.Violated(findings());
      }
      return found.isEmpty() ? new Verdict.Verified() : new Verdict.Violated(findings());
    }

    /** Defects in the root causes the cap left out of the findings. */
    int dropped;

    /**
     * The confirmed defects grouped by root cause, at most maxFindings of them: a defect that
     * shares a candidate cause with a confirmed one is confirmed whatever the cap, so the grouping
     * can give a few more causes than the cap; the later ones are left out and counted.
     */
    private List<Finding> findings() {
      List<Finding> all = RootCauses.group(schedule, List.copyOf(found.values()));
      if (options.maxFindings() == 0 || all.size() <= options.maxFindings()) {
        return all;
      }
      List<Finding> kept = all.subList(0, options.maxFindings());
      dropped =
          all.subList(kept.size(), all.size()).stream().mapToInt(f -> f.violations().size()).sum();
      return List.copyOf(kept);
    }

    /** The omitted defects not confirmed later (a refuted candidate may free a place). */
    int omitted() {
      return dropped + (int) omitted.stream().filter(k -> !found.containsKey(k)).count();
    }

    /** Counts a violation of the whole schedule (P6, P7): one finding of one instance. */
    private void confirmed(String key, Violation v) {
      found.put(
          key,
          new FindingTally(
              v,
              List.of(
                  CauseCandidates.Candidate.of(
                      RootCause.defect(v.property(), v.kind(), v.summary())))));
      causes++;
    }

    /** P6, symbolically in T. */
    private Optional<String> barrierMatching(Z3Session z3) {
      List<WaveProgram> programs = schedule.programs();
      long[] fixed = new long[programs.size()];
      long[] perIteration = new long[programs.size()];
      for (int p = 0; p < programs.size(); p++) {
        fixed[p] = barriers(programs.get(p).prologue()) + barriers(programs.get(p).epilogue());
        perIteration[p] = barriers(programs.get(p).loop());
      }
      queries++;
      z3.label("barrier matching (P6)");
      SolverOutcome outcome = z3.findUnequalBarrierCount(fixed, perIteration);
      if (outcome instanceof SolverOutcome.Unknown u) {
        return Optional.of("Z3 could not decide barrier matching: " + u.reason());
      }
      if (outcome instanceof SolverOutcome.Sat) {
        // The smallest witness: counts are affine in T, so T = 1 or T = 2 differs if any does.
        int trip = 1;
        if (allEqual(fixed, perIteration, 1)) {
          trip = 2;
        }
        confirmed("P6", BarrierMismatch.violation(schedule, trip, fixed, perIteration));
      }
      return Optional.empty();
    }

    private static boolean allEqual(long[] fixed, long[] perIteration, long trip) {
      for (int p = 1; p < fixed.length; p++) {
        if (fixed[p] + trip * perIteration[p] != fixed[0] + trip * perIteration[0]) {
          return false;
        }
      }
      return true;
    }

    static long barriers(List<Op> ops) {
      return ops.stream().filter(o -> o instanceof Op.Barrier).count();
    }

    /**
     * P7 encodability. The hardware stalls issue while a counter is full, so outstanding counts
     * never exceed its bits; what a schedule can get wrong is a wait value the bits cannot encode
     * (LLVM clamps its own implicit waits, which only makes them stronger) and LDS beyond the
     * target's capacity. Schedules read from files are rejected for both before verification; this
     * check guards schedules built in code.
     */
    private void encodability() {
      if (waitBeyondCounter()) {
        counterOverflows();
      }
      if (schedule.ldsBytes() > schedule.target().ldsBytes()) {
        confirmed(
            "P7|LDS",
            new Violation(
                Property.P7,
                ViolationKind.LDS_OVERFLOW,
                1,
                List.of(),
                "P7 LDS_OVERFLOW: the buffers need "
                    + schedule.ldsBytes()
                    + " bytes of LDS, the "
                    + schedule.target().id()
                    + " workgroup has "
                    + schedule.target().ldsBytes(),
                "no edge is missing: the schedule cannot be allocated on " + schedule.target().id(),
                List.of(),
                List.of()));
      }
    }

    /**
     * Whether an explicit wait of the schedule has a value its counter cannot encode: only then is
     * T = 1 unrolled to name each such wait by its instances (every op of the loop body occurs at T
     * = 1), instead of for every verification.
     */
    private boolean waitBeyondCounter() {
      for (WaveProgram p : schedule.programs()) {
        for (Section s : Section.values()) {
          for (Op op : p.section(s)) {
            if (op instanceof Op.Wait w) {
              for (Counter c : Counter.values()) {
                if (c.of(w).orElse(0) > c.max()) {
                  return true;
                }
              }
            }
          }
        }
      }
      return false;
    }

    /** P7 for each explicit wait whose value its counter cannot encode, once per program. */
    private void counterOverflows() {
      Execution exec = Unroller.unroll(schedule, 1, options.counters());
      InstanceText text = new InstanceText(schedule);
      for (List<Instance> wave : exec.waves()) {
        for (Instance i : wave) {
          if (!(i.op() instanceof Op.Wait w) || i.implicit()) {
            continue;
          }
          for (Counter c : Counter.values()) {
            int value = c.of(w).orElse(0);
            // One report per wait of the schedule: per program (role), not per wave running it.
            int program = schedule.programIndexOf(i.wave());
            String key = "P7|" + program + "|" + i.section() + "#" + i.position();
            if (value > c.max() && !found.containsKey(key)) {
              OpRef ref = text.ref(i);
              confirmed(
                  key,
                  new Violation(
                      Property.P7,
                      ViolationKind.COUNTER_OVERFLOW,
                      1,
                      List.of(ref),
                      "P7 COUNTER_OVERFLOW: " + ref.brief() + " cannot be encoded",
                      c.id()
                          + "("
                          + value
                          + ") exceeds the "
                          + c.bits()
                          + "-bit counter (max "
                          + c.max()
                          + ")",
                      List.of(i.wave()),
                      List.of()));
            }
          }
        }
      }
    }

    /**
     * P1-P5 at trip count t. The orders the graph proves are handed to {@code proofs}; violations
     * are confirmed here, once every order before them is proved.
     */
    private Optional<String> races(Z3Session z3, ProofThread proofs, int t) {
      long start = System.nanoTime();
      TripAnalysis analysis =
          TripAnalysis.of(
              schedule, t, options.counters(), options.proof() == VerifyOptions.ProofMode.FULL);
      HappensBefore hb = analysis.hb();
      events += hb.events().size();
      edges += hb.edgeCount();
      RaceChecker.Result result = analysis.races();
      pairs += result.pairs();
      // Shapes already proved at a smaller T are not proved again.
      List<TimingProblem.Order> toProve = new ArrayList<>();
      if (options.proof() == VerifyOptions.ProofMode.FULL) {
        toProve.addAll(result.ordered());
      } else {
        for (RaceChecker.Obligation o : result.firstOfShapes()) {
          if (shapes.add(o.shape())) {
            toProve.add(o.order());
          }
        }
      }
      CauseCandidates candidates = new CauseCandidates(hb);
      Map<String, List<RaceFinding>> races = new LinkedHashMap<>();
      InstanceText text = null;
      Set<String> excusedHere = new HashSet<>();
      for (TripAnalysis.BenignInstance b : analysis.benign()) {
        if (text == null) {
          text = new InstanceText(schedule, t);
        }
        benign(b, text);
      }
      for (RaceFinding f : analysis.findings()) {
        Optional<Assumption> assumed = excusing(f);
        if (assumed.isPresent()) {
          if (text == null) {
            text = new InstanceText(schedule, t);
          }
          excuse(assumed.get(), f, text);
          if (assumed.get().restsOnIssueOrder() && excusedHere.add(f.key())) {
            // The excuse rests on the issue order through the barrier: Z3 proves it too.
            toProve.add(
                new TimingProblem.Order(
                    hb.issueOf(f.first()).id(), hb.issueOf(f.second().orElseThrow()).id()));
          }
          continue;
        }
        if (races.containsKey(f.key())) {
          races.get(f.key()).add(f);
        } else if (found.containsKey(f.key())) {
          found.get(f.key()).add(f.first(), f.second(), candidates.of(f));
        } else if (fresh(f.key(), candidates.of(f))) {
          races.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f);
        }
      }
      RegisterUses uses = analysis.uses();
      Map<String, List<DataflowFinding>> flows = new LinkedHashMap<>();
      for (DataflowFinding f : analysis.dataflow()) {
        if (flows.containsKey(f.key())) {
          flows.get(f.key()).add(f);
        } else if (found.containsKey(f.key())) {
          found.get(f.key()).add(f.first(), f.second(), candidates.of(f));
        } else if (fresh(f.key(), candidates.of(f))) {
          flows.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f);
        }
      }
      long graphDone = System.nanoTime();
      graphNanos += graphDone - start;
      if (toProve.isEmpty() && races.isEmpty() && flows.isEmpty()) {
        // The graph has decided every pair, and every shape of them is proved at a smaller T.
        return Optional.empty();
      }
      // Proving orders needs only the constraints on the graph's paths (a certificate: far fewer
      // constraints, so Z3 refutes the disjunction much faster); a counterexample needs a model of
      // all of them, or its trace would be an execution the schedule cannot have.
      boolean full = options.proof() == VerifyOptions.ProofMode.FULL;
      TimingProblem whole =
          full || !races.isEmpty() || !flows.isEmpty() ? TimingEncoder.encode(hb) : null;
      // A certificate per batch of lemmas, each batch refuted as one disjunction: one disjunction
      // of every order cost Z3 more than linearly in their number, and so did batches refuted
      // against one certificate of every order (docs/PERFORMANCE.md, "Linear growth"). Every
      // order is still proved, by the lemmas its path is cut into at barrier nodes.
      List<TimingEncoder.Proof> batches =
          toProve.isEmpty()
              ? List.of()
              : full
                  ? TimingEncoder.batches(toProve, whole, ProofThread.BATCH)
                  : TimingEncoder.proofs(hb, toProve, ProofThread.BATCH, lemmaShapes);
      encodingNanos += System.nanoTime() - graphDone;
      proved += toProve.size();
      proofs.submit(t, batches);
      if (races.isEmpty() && flows.isEmpty()) {
        return Optional.empty();
      }
      // Violations are confirmed once every order before them is proved, as one thread would:
      // what is reported must not depend on timing.
      Optional<String> unproved = proofs.await();
      if (unproved.isPresent()) {
        return unproved;
      }
      CounterexampleBuilder builder = new CounterexampleBuilder(hb, whole, null, options.traces());
      for (List<RaceFinding> instances : races.values()) {
        RaceFinding f = instances.get(0);
        SolverOutcome witness = null;
        for (List<TimingProblem.Order> bad : f.badOrders()) {
          queries++;
          z3.label("the witness of " + f.key() + " at T=" + t);
          witness = witness(z3, whole, bad);
          if (witness instanceof SolverOutcome.Sat) {
            f = f.realisedBy(bad);
            break;
          }
          if (witness instanceof SolverOutcome.Unknown u) {
            return Optional.of("Z3 could not confirm a violation at T=" + t + ": " + u.reason());
          }
        }
        if (witness instanceof SolverOutcome.Unsat
            && (f.property() == Property.P2 || f.badOrder().size() > 1)
            && options.counters() == CounterMode.UNORDERED) {
          // Unordered counters: the graph has no edge for a wait with N > 0, so it cannot see
          // that of several ops outstanding at it at least one must have landed: that one of
          // several writes of a byte landed before a read (P2), or that a stale write and the
          // read after it cannot both land after the write the read needs (a clobbering P1).
          // Z3 decides; the defect stays a candidate at the next trip count.
          continue;
        }
        if (witness instanceof SolverOutcome.Unsat) {
          throw new VerifierBugException(
              "graph and solver disagree at T=" + t + ": Z3 refutes the violation " + f.key());
        }
        found.put(
            f.key(),
            tally(
                builder.build(f, ((SolverOutcome.Sat) witness).times()),
                f.key(),
                instances,
                candidates::of));
      }
      return flows.isEmpty()
          ? Optional.empty()
          : dataflow(z3, t, hb, uses, whole, flows, candidates);
    }

    /** The first stated assumption that excuses race {@code f}, if any (P2 has no race class). */
    private Optional<Assumption> excusing(RaceFinding f) {
      if (f.raceClass().isEmpty()) {
        return Optional.empty();
      }
      Instance second = f.second().orElseThrow();
      return options.assumptions().stream()
          .filter(a -> a.excuses(f.raceClass().get(), f.first(), second))
          .findFirst();
    }

    /** Counts an instance of an excused defect; its first instance names it in the note. */
    private void excuse(Assumption a, RaceFinding f, InstanceText text) {
      Instance second = f.second().orElseThrow();
      excused
          .computeIfAbsent(
              f.key(),
              k ->
                  new NoteTally<>(
                      new Excused(
                          a,
                          f.property() + " " + f.kind(),
                          text.ref(f.first()),
                          text.ref(second),
                          1)))
          .add(f);
    }

    /**
     * Counts an instance of a dead read's defect, one note per defect key and read op (the other
     * op, where there is one, as its first instance names it).
     */
    private void benign(TripAnalysis.BenignInstance b, InstanceText text) {
      DefectInstance d = b.defect();
      Optional<Instance> other =
          d.second().isEmpty()
              ? Optional.empty()
              : Optional.of(d.first() == b.read() ? d.second().get() : d.first());
      // By the ops' origins, not their rendered refs: made only for the first instance of a note.
      String key =
          b.rule()
              + "|"
              + b.read().op().origin()
              + "|"
              + other.map(o -> o.op().origin().toString()).orElse("");
      benign
          .computeIfAbsent(
              key,
              k ->
                  new NoteTally<>(
                      new Benign(b.rule(), text.ref(b.read()), other.map(text::ref), b.why(), 1)))
          .add(d);
    }

    /**
     * Z3's model of {@code problem} with {@code bad}, found on the slice of the problem that can
     * contradict it ({@link TimingProblem#slice}: equisatisfiable, and a fraction of the size). The
     * trace is then the canonical execution of the whole problem ({@link CounterexampleBuilder}).
     */
    private SolverOutcome witness(
        Z3Session z3, TimingProblem problem, List<TimingProblem.Order> bad) {
      long start = System.nanoTime();
      z3.load(problem.slice(bad));
      encodingNanos += System.nanoTime() - start;
      return z3.findWith(bad);
    }

    /**
     * Whether a new defect {@code key} (neither confirmed at a smaller trip count nor listed at
     * this one) is to be confirmed: when it shares a candidate root cause with a defect confirmed
     * or listed, or while fewer than maxFindings root causes are. A defect beyond the cap is
     * counted as omitted. Reads in a P1/P2 finding are left to that finding by the data-flow check
     * itself (proofs/dataflow.md).
     */
    private boolean fresh(String key, List<CauseCandidates.Candidate> candidates) {
      boolean known = candidates.stream().anyMatch(c -> causeKeys.contains(c.key()));
      if (!known && options.findingsCapped(causes)) {
        omitted.add(key);
        return false;
      }
      if (!known) {
        causes++;
      }
      candidates.forEach(c -> causeKeys.add(c.key()));
      pendingCauses.put(key, candidates);
      return true;
    }

    /**
     * The tally of a confirmed defect: its violation, then every instance with its candidate causes
     * (the first instance's came with the defect, fresh).
     */
    private <F extends DefectInstance> FindingTally tally(
        Violation violation,
        String key,
        List<F> instances,
        java.util.function.Function<F, List<CauseCandidates.Candidate>> causes) {
      FindingTally tally = new FindingTally(violation, pendingCauses.remove(key));
      for (int i = 0; i < instances.size(); i++) {
        F x = instances.get(i);
        tally.add(x.first(), x.second(), i == 0 ? List.of() : causes.apply(x));
      }
      return tally;
    }

    /**
     * Confirms the data-flow findings with Z3. Their witnesses need the mfma use events, so Z3 gets
     * the full problem extended with them.
     */
    private Optional<String> dataflow(
        Z3Session z3,
        int t,
        HappensBefore hb,
        RegisterUses uses,
        TimingProblem problem,
        Map<String, List<DataflowFinding>> fresh,
        CauseCandidates candidates) {
      TimingProblem extended = uses.extend(problem);
      CounterexampleBuilder builder =
          new CounterexampleBuilder(hb, extended, uses, options.traces());
      for (List<DataflowFinding> instances : fresh.values()) {
        DataflowFinding f = instances.get(0);
        queries++;
        z3.label("the witness of " + f.key() + " at T=" + t);
        SolverOutcome witness = witness(z3, extended, f.badOrder());
        if (witness instanceof SolverOutcome.Unknown u) {
          return Optional.of("Z3 could not confirm a violation at T=" + t + ": " + u.reason());
        }
        if (witness instanceof SolverOutcome.Unsat) {
          throw new VerifierBugException(
              "graph and solver disagree at T=" + t + ": Z3 refutes the violation " + f.key());
        }
        found.put(
            f.key(),
            tally(
                builder.build(f, ((SolverOutcome.Sat) witness).times()),
                f.key(),
                instances,
                candidates::of));
      }
      return Optional.empty();
    }
  }
}

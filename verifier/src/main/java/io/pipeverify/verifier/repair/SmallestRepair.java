package io.pipeverify.verifier.repair;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.smt.SmallestSubsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The smallest repair of a violated schedule (issue 21; docs/debugging.md, "The smallest repair"):
 * the fewest changes of the kernel, among the candidates of its root causes ({@link
 * RepairCandidates} of each violation of a finding: one per defect), after which it verifies for
 * every trip count; among the repairs of that size, the one that keeps the most overlap.
 *
 * <p>The search is exact over the candidates. Z3's optimiser proposes the lightest subset (in
 * changes) that the clauses learned so far allow; it is applied and verified. A subset that
 * verifies is the smallest: every repair satisfies every learned clause. A subset that fails learns
 * a clause. When it fails by an ordering (P1, P2, a P4 register hazard), its waits and barriers
 * grow, its moves fixed, to a maximal set M of waits and barriers, each added only if the schedule
 * still fails by an ordering at the trip count where it failed. Adding waits and barriers only adds
 * happens-before edges, which only removes orderings' violations, so every subset with the same
 * moves and its waits and barriers in M fails too: every repair adds a candidate outside M or makes
 * other moves. Any other failure (a barrier mismatch or an encoding a new barrier or wait brings)
 * excludes that subset alone. Learned clauses only exclude subsets that fail, so the optimiser's
 * first subset that verifies is a smallest repair; none within {@code maxEdits} changes means none
 * exists among the candidates.
 *
 * <p>The weakest among equals: every other subset of the least size is found the same way (at most
 * {@link #EQUALS_COMPARED}); in each, every wait is raised to the largest counter value with which
 * the subset still verifies (one wait after the other, a binary search: a weaker wait only removes
 * edges). The one kept adds the fewest barriers (a barrier stalls every wave, as {@code relax}
 * weighs them), then moves the fewest ops, then changes the fewest sites (a change made at every
 * copy of an unrolled body counts as one change, but touches more code), then leaves the most ops
 * in flight (the largest sum of the waits' values), then the weakest kinds, then the candidates'
 * order.
 */
public final class SmallestRepair {
  /** The repair size searched by default (changes of the kernel; {@code --max-edits}). */
  public static final int DEFAULT_MAX_EDITS = 4;

  /** How many repairs of the least size are compared for the weakest. */
  static final int EQUALS_COMPARED = 32;

  private final VerifyOptions options;
  private final VerifyOptions probe;
  private final int maxEdits;
  private final boolean moves;
  private int verifications;

  public SmallestRepair(VerifyOptions options, int maxEdits) {
    this(options, maxEdits, true);
  }

  private SmallestRepair(VerifyOptions options, int maxEdits, boolean moves) {
    if (maxEdits < 1) {
      throw new IllegalArgumentException("maxEdits must be >= 1, got " + maxEdits);
    }
    this.options = options;
    // A probe only asks whether a subset verifies and how it fails: no trace, and no trip count
    // after the cap of findings.
    this.probe = options.withTraces(false).withStopAtCap(true);
    this.maxEdits = maxEdits;
    this.moves = moves;
  }

  /**
   * The same search among waits and barriers only: a repair written into assembly text ({@code
   * explain --apply}) cannot move an instruction without the ones that compute its operands.
   */
  public SmallestRepair withoutMoves() {
    return new SmallestRepair(options, maxEdits, false);
  }

  /** How many verifications (probes and full ones) this search has run. */
  public int verifications() {
    return verifications;
  }

  /** The smallest repair of {@code report}'s schedule, or why there is none. */
  public RepairPlan plan(VerificationReport report) {
    if (!(report.verdict() instanceof Verdict.Violated violated)) {
      return new RepairPlan(report, List.of(), RepairSearch.notSearched(maxEdits));
    }
    return new Run(report, violated).plan();
  }

  /**
   * The candidates the search of {@code report} (violated) chooses among, in its order: those of
   * each finding's first violation and of its later ones in other wave programs, each once.
   */
  List<RepairChoice> candidates(VerificationReport report) {
    return new Run(report, (Verdict.Violated) report.verdict()).universe;
  }

  /** {@code s} with the {@code chosen} candidates made, each at its strongest (N = 0). */
  static Schedule withChoices(Schedule s, List<RepairChoice> chosen) {
    return Edit.applyAll(
        s, flatten(Placed.edits(chosen.stream().map(RepairChoice::strongest).toList())));
  }

  /** How a subset of candidates fared: verified, or failing by an ordering (at a trip count). */
  private record Outcome(VerificationReport report, Optional<Integer> orderingAt) {
    boolean verified() {
      return report.verdict() instanceof Verdict.Verified;
    }

    static Outcome of(VerificationReport r) {
      Optional<Integer> at =
          r.verdict().violations().stream()
              .filter(SmallestRepair::ordering)
              .map(Violation::tripCount)
              .findFirst();
      return new Outcome(r, r.verdict() instanceof Verdict.Violated ? at : Optional.empty());
    }
  }

  /** A subset with a counter value per wait, as the repair would make it. */
  private record Levels(TreeMap<Integer, Integer> n) {
    static Levels strongest(Set<Integer> items) {
      TreeMap<Integer, Integer> n = new TreeMap<>();
      items.forEach(i -> n.put(i, 0));
      return new Levels(n);
    }

    Levels with(int item, int value) {
      TreeMap<Integer, Integer> m = new TreeMap<>(n);
      m.put(item, value);
      return new Levels(m);
    }
  }

  private static boolean ordering(Violation v) {
    return v.property() == Property.P1
        || v.property() == Property.P2
        || (v.property() == Property.P4 && v.kind() == ViolationKind.REGISTER_HAZARD);
  }

  /** The search for one report. */
  private final class Run {
    final VerificationReport report;
    final Schedule schedule;
    final List<RepairChoice> universe = new ArrayList<>();
    final List<Integer> trips;

    Run(VerificationReport report, Verdict.Violated violated) {
      this.report = report;
      this.schedule = report.schedule();
      RepairCandidates candidates = new RepairCandidates(schedule);
      java.util.Map<List<Placed.Key>, Integer> seen = new java.util.HashMap<>();
      // The first defect of a root cause, and each later one in wave programs none before it is
      // in: one cause can be a missing wait at a place of each of two roles' programs (aiter's
      // paged attention, waves 0-1 and 2-3), whose candidates the first defect does not make.
      for (Finding f : violated.findings()) {
        Set<Integer> own = new TreeSet<>();
        byFinding.add(own);
        Set<WaveProgram> programs = new HashSet<>();
        for (Violation v : f.violations()) {
          Set<WaveProgram> in = new HashSet<>();
          v.ops().forEach(o -> in.add(schedule.programOf(o.wave())));
          if (!programs.isEmpty() && programs.containsAll(in)) {
            continue;
          }
          programs.addAll(in);
          for (RepairChoice c : candidates.of(v)) {
            if (moves || c.addsOnly()) {
              List<Placed.Key> key = c.strongest().stream().map(Placed::key).toList();
              own.add(seen.computeIfAbsent(key, k -> add(c)));
            }
          }
        }
      }
      this.trips =
          new ArrayList<>(
              new TreeSet<>(violated.violations().stream().map(Violation::tripCount).toList()));
    }

    /** The candidates of each finding, by index in {@link #universe}. */
    final List<Set<Integer>> byFinding = new ArrayList<>();

    int add(RepairChoice c) {
      universe.add(c);
      return universe.size() - 1;
    }

    RepairPlan plan() {
      int[] weights = universe.stream().mapToInt(RepairChoice::cost).toArray();
      try (SmallestSubsets subsets =
          new SmallestSubsets(weights, options.solverTimeout(), options.crossCheck())) {
        for (int i = 0; i < universe.size(); i++) {
          for (int j = i + 1; j < universe.size(); j++) {
            if (conflict(universe.get(i), universe.get(j))) {
              subsets.excludeTogether(i, j);
            }
          }
        }
        learn(subsets, Set.of(), Outcome.of(report));
        Optional<Set<Integer>> first = Optional.empty();
        while (first.isEmpty()) {
          SmallestSubsets.Answer a = subsets.lightest(maxEdits);
          if (a instanceof SmallestSubsets.Answer.Found found) {
            Outcome o = check(Levels.strongest(found.items()));
            if (o.verified()) {
              first = Optional.of(found.items());
            } else {
              learn(subsets, found.items(), o);
            }
          } else {
            return unrepaired(a);
          }
        }
        int size = weight(first.get());
        List<Set<Integer>> equals = new ArrayList<>(List.of(first.get()));
        subsets.exclude(first.get());
        while (equals.size() < EQUALS_COMPARED
            && subsets.ofWeight(size) instanceof SmallestSubsets.Answer.Found found) {
          Outcome o = check(Levels.strongest(found.items()));
          if (o.verified()) {
            equals.add(found.items());
            subsets.exclude(found.items());
          } else {
            learn(subsets, found.items(), o);
          }
        }
        Levels best = equals.stream().map(this::weakest).min(weakness()).orElseThrow();
        return repaired(best, size, equals.size());
      }
    }

    RepairPlan unrepaired(SmallestSubsets.Answer a) {
      Optional<String> unknown =
          a instanceof SmallestSubsets.Answer.Unknown u
              ? Optional.of("the optimiser gave no answer: " + u.reason())
              : Optional.empty();
      List<String> stays = unknown.isPresent() ? List.of() : stays();
      return new RepairPlan(
          report,
          List.of(),
          new RepairSearch(universe.size(), maxEdits, 0, 0, verifications, unknown, stays));
    }

    /**
     * Why each root cause stays, tried with all of its waits and barriers made at once (the
     * strongest counts; of two that cannot both be made, the first): it is still found (no
     * candidate of it helps), or it goes but they bring a violation the schedule did not have, or
     * it goes (then the bound or the other causes keep the repair out of reach).
     */
    List<String> stays() {
      List<Finding> findings = ((Verdict.Violated) report.verdict()).findings();
      List<String> out = new ArrayList<>();
      for (int k = 0; k < findings.size(); k++) {
        Finding f = findings.get(k);
        Set<Integer> all = new TreeSet<>();
        for (int i : byFinding.get(k)) {
          if (universe.get(i).addsOnly() && !conflictsWith(i, all)) {
            all.add(i);
          }
        }
        String cause = "[" + (k + 1) + "] ";
        if (all.isEmpty()) {
          out.add(cause + "has no candidate wait or barrier (" + noCandidate(f) + ")");
          continue;
        }
        VerificationReport after = verify(Levels.strongest(all), probe, Optional.empty());
        Set<String> own = keys(f.violations());
        Set<String> before = keys(report.verdict().violations());
        List<Violation> found = after.verdict().violations();
        Optional<Violation> left =
            found.stream().filter(v -> own.contains(ViolationIdentity.key(v))).findFirst();
        Optional<Violation> fresh =
            found.stream().filter(v -> !before.contains(ViolationIdentity.key(v))).findFirst();
        String made = "with all " + all.size() + " of its candidate waits and barriers made";
        if (left.isPresent()) {
          out.add(
              cause
                  + "stays "
                  + made
                  + " at once (the strongest counts): still "
                  + left.get().summary());
        } else if (fresh.isPresent()) {
          out.add(cause + "goes " + made + ", but they bring " + fresh.get().summary());
        } else {
          out.add(
              cause
                  + "goes "
                  + made
                  + " ("
                  + weight(all)
                  + " edits)"
                  + (after.verdict() instanceof Verdict.Verified
                      ? ", and then the kernel verifies: its smallest repair is larger than the"
                          + " bound"
                      : ""));
        }
      }
      return out;
    }

    Set<String> keys(List<Violation> violations) {
      Set<String> keys = new HashSet<>();
      violations.forEach(v -> keys.add(ViolationIdentity.key(v)));
      return keys;
    }

    /** Why a finding got no wait or barrier to try. */
    String noCandidate(Finding f) {
      Violation v = f.representative();
      if (v.property() == Property.P6) {
        return "the barrier counts differ per iteration: no barrier at a fixed place balances them";
      }
      return "its changes would put a barrier in some wave roles only, or move ops, which this"
          + " search does not make";
    }

    /**
     * What a failing subset teaches. Failing by an ordering, its waits and barriers grow, with its
     * moves fixed, to a maximal set M that still fails by an ordering: every repair adds a wait or
     * barrier outside M, or makes other moves. Any other failure excludes that subset alone.
     */
    void learn(SmallestSubsets subsets, Set<Integer> failed, Outcome o) {
      if (o.orderingAt().isEmpty()) {
        subsets.exclude(failed);
        return;
      }
      Set<Integer> grown = grow(failed, List.of(o.orderingAt().get()));
      List<Integer> added = new ArrayList<>();
      List<Integer> dropped = new ArrayList<>();
      for (int i = 0; i < universe.size(); i++) {
        boolean move = !universe.get(i).addsOnly();
        if (move && failed.contains(i)) {
          dropped.add(i);
        } else if (!grown.contains(i)) {
          added.add(i);
        }
      }
      subsets.require(added, dropped);
    }

    /**
     * The failing subset with every wait and barrier added that leaves it failing by an ordering at
     * {@code trip}: all of them at once when that fails (one probe), else one after the other.
     */
    Set<Integer> grow(Set<Integer> failed, List<Integer> trip) {
      List<Integer> more = new ArrayList<>();
      Set<Integer> grown = new TreeSet<>(failed);
      for (int i = 0; i < universe.size(); i++) {
        if (!grown.contains(i) && universe.get(i).addsOnly() && !conflictsWith(i, grown)) {
          more.add(i);
          grown.add(i);
        }
      }
      if (more.isEmpty() || failsByOrdering(grown, trip)) {
        return grown;
      }
      grown = new TreeSet<>(failed);
      for (int i : more) {
        Set<Integer> with = new TreeSet<>(grown);
        with.add(i);
        if (!conflictsWith(i, grown) && failsByOrdering(with, trip)) {
          grown = with;
        }
      }
      return grown;
    }

    boolean failsByOrdering(Set<Integer> items, List<Integer> trip) {
      return Outcome.of(verify(Levels.strongest(items), probe, Optional.of(trip)))
          .orderingAt()
          .isPresent();
    }

    boolean conflictsWith(int i, Set<Integer> set) {
      return set.stream().anyMatch(j -> conflict(universe.get(i), universe.get(j)));
    }

    /** Whether the subset verifies: a probe at the report's trip counts, then every trip count. */
    Outcome check(Levels levels) {
      Outcome quick = Outcome.of(verify(levels, probe, Optional.of(trips)));
      if (!quick.verified()) {
        return quick;
      }
      return Outcome.of(verify(levels, probe, Optional.empty()));
    }

    VerificationReport verify(Levels levels, VerifyOptions with, Optional<List<Integer>> at) {
      verifications++;
      Schedule edited = Edit.applyAll(schedule, flatten(edits(levels)));
      return at.isPresent()
          ? Verifier.verifyTripCounts(edited, with, at.get())
          : Verifier.verify(edited, with);
    }

    /** The edits of each chosen candidate, in the candidates' order. */
    List<List<Edit>> edits(Levels levels) {
      List<List<Placed>> groups = new ArrayList<>();
      levels.n().forEach((i, n) -> groups.add(universe.get(i).placed().apply(n)));
      return Placed.edits(groups);
    }

    /** Every wait of the subset as weak as the subset still verifying allows. */
    Levels weakest(Set<Integer> items) {
      Levels levels = Levels.strongest(items);
      for (int i : items) {
        int lo = 0;
        int hi = universe.get(i).hi();
        while (lo < hi) {
          int mid = (lo + hi + 1) / 2;
          if (check(levels.with(i, mid)).verified()) {
            lo = mid;
          } else {
            hi = mid - 1;
          }
        }
        levels = levels.with(i, lo);
      }
      return levels;
    }

    Comparator<Levels> weakness() {
      return Comparator.comparingInt((Levels l) -> sum(l, c -> c.barriers()))
          .thenComparingInt(l -> sum(l, c -> c.moves()))
          .thenComparingInt(l -> sum(l, c -> c.strongest().size()))
          .thenComparingInt(l -> -l.n().values().stream().mapToInt(Integer::intValue).sum())
          .thenComparingInt(l -> sum(l, c -> c.rank()))
          .thenComparing(l -> l.n().keySet().toString());
    }

    int sum(Levels l, java.util.function.ToIntFunction<RepairChoice> f) {
      return l.n().keySet().stream().mapToInt(i -> f.applyAsInt(universe.get(i))).sum();
    }

    int weight(Set<Integer> items) {
      return items.stream().mapToInt(i -> universe.get(i).cost()).sum();
    }

    /**
     * The plan: one step per chosen candidate in the candidates' order (the findings' order), each
     * verified after the steps before it; a step's target is the first violation it removes.
     */
    RepairPlan repaired(Levels best, int size, int equals) {
      List<List<Edit>> edits = edits(best);
      List<Integer> items = new ArrayList<>(best.n().keySet());
      List<RepairStep> steps = new ArrayList<>();
      VerificationReport before = report;
      List<Edit> applied = new ArrayList<>();
      for (int k = 0; k < items.size(); k++) {
        applied.addAll(edits.get(k));
        verifications++;
        VerificationReport after = Verifier.verify(Edit.applyAll(schedule, applied), options);
        Set<String> left = new HashSet<>();
        after.verdict().violations().forEach(v -> left.add(ViolationIdentity.key(v)));
        Violation target =
            before.verdict().violations().stream()
                .filter(v -> !left.contains(ViolationIdentity.key(v)))
                .findFirst()
                .orElse(before.verdict().violations().get(0));
        int n = best.n().get(items.get(k));
        steps.add(
            new RepairStep(
                target,
                new Repair(edits.get(k), universe.get(items.get(k)).said().apply(n), after)));
        before = after;
      }
      return new RepairPlan(
          report,
          steps,
          new RepairSearch(
              universe.size(), maxEdits, size, equals, verifications, Optional.empty(), List.of()));
    }
  }

  private static List<Edit> flatten(List<List<Edit>> groups) {
    return groups.stream().flatMap(List::stream).toList();
  }

  /**
   * Two candidates that replace or take out the same op (other than two strengthened waits, which
   * merge) cannot both be made.
   */
  static boolean conflict(RepairChoice a, RepairChoice b) {
    for (Placed p : a.strongest()) {
      for (Placed q : b.strongest()) {
        if (p.touches()
            && q.touches()
            && p.target().equals(q.target())
            && !(p.kind() == Edit.Kind.STRENGTHEN_WAIT && q.kind() == Edit.Kind.STRENGTHEN_WAIT)) {
          return true;
        }
      }
    }
    return false;
  }
}

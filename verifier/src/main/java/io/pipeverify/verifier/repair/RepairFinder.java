package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Finds the weakest verified repair of a violation among a bounded set of candidate edits near the
 * violating ops (issue 6): strengthen or insert an {@code s_waitcnt} on the counter of the op that
 * should come first, before the next barriers after it (N as large as still removes the violation:
 * the smallest change), insert one before the second op when both ops are in one wave, add an
 * {@code s_barrier} after the first wait that can retire the op or before the second op, and, when
 * none of these single edits works, a barrier with a counter drain right before it.
 *
 * <p>Each candidate is first checked at the violation's trip count only (a fraction of a full
 * verification); the chosen one is then verified for every trip count, which also says what
 * remains. A candidate counts only if the violation (matched by {@link ViolationIdentity#key}) is
 * gone and no violation appears that the schedule did not have, so an edit that trades a race for a
 * barrier mismatch (P6) is rejected.
 */
public final class RepairFinder {
  /** How many violations a plan repairs one after another at most. */
  public static final int DEFAULT_STEPS = 4;

  /** How many barriers after the first op get a wait candidate. */
  private static final int BARRIERS_AHEAD = 2;

  private final VerifyOptions options;
  private int verifications;

  public RepairFinder(VerifyOptions options) {
    this.options = options;
  }

  /** How many verifications (quick and full) this finder has run. */
  public int verifications() {
    return verifications;
  }

  /** Repairs the first violation, then the first one left, ..., at most {@code maxSteps} times. */
  public RepairPlan plan(VerificationReport report, int maxSteps) {
    List<RepairStep> steps = new ArrayList<>();
    VerificationReport current = report;
    Set<String> known = keys(report);
    for (int i = 0; i < maxSteps && current.verdict() instanceof Verdict.Violated v; i++) {
      RepairStep step = repair(current, v.violations().get(0), known);
      steps.add(step);
      if (step.repair().isEmpty()) {
        break;
      }
      current = step.repair().get().after();
    }
    return new RepairPlan(report, steps);
  }

  /** The weakest verified repair of {@code target}, a violation of {@code report}. */
  public RepairStep repair(VerificationReport report, Violation target) {
    return repair(report, target, keys(report));
  }

  private RepairStep repair(VerificationReport report, Violation target, Set<String> known) {
    Search search = new Search(report.schedule(), target, known);
    return new RepairStep(target, search.run(), search.tried);
  }

  private static Set<String> keys(VerificationReport r) {
    Set<String> keys = new HashSet<>();
    for (Violation v : r.verdict().violations()) {
      keys.add(ViolationIdentity.key(v));
    }
    return keys;
  }

  /** A point of a wave program: op {@code index} of {@code section} of program {@code program}. */
  private record At(int program, Section section, int index) {}

  /** A candidate edit family, parameterised by the counter value N in [0, hi]. */
  private record Candidate(int rank, int hi, IntFunction<List<Edit>> make) {
    String label(int n) {
      List<Edit> edits = make.apply(n);
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < edits.size(); i++) {
        s.append(i == 0 ? "" : " and ").append(edits.get(i).description());
      }
      return s.toString();
    }
  }

  /** The search for one violation. */
  private final class Search {
    final Schedule schedule;
    final Violation target;
    final String key;
    final Set<String> known;
    final List<String> tried = new ArrayList<>();

    /**
     * Verifications at the target's trip count by the edits tried: the search asks for the same
     * edits more than once (N = 0 of a candidate, then its family's N), and each is a full unroll,
     * graph and Z3 pass. Edits are records, so equal edits find their report.
     */
    final Map<List<Edit>, VerificationReport> atTargetTrip = new HashMap<>();

    Search(Schedule schedule, Violation target, Set<String> known) {
      this.schedule = schedule;
      this.target = target;
      this.key = ViolationIdentity.key(target);
      this.known = known;
    }

    Optional<Repair> run() {
      if (target.property() == Property.P6) {
        tried.add(
            "none: the waves execute different numbers of barriers, which a wait cannot change and"
                + " one added barrier in a single role cannot balance for every trip count");
        return Optional.empty();
      }
      if (target.property() == Property.P7) {
        return clampWait();
      }
      List<Candidate> waits = new ArrayList<>();
      List<Candidate> barriers = new ArrayList<>();
      List<Candidate> pairs = new ArrayList<>();
      candidates(waits, barriers, pairs);
      Optional<Repair> r = weakestWait(waits);
      if (r.isEmpty()) {
        r = firstWorking(barriers);
      }
      if (r.isEmpty()) {
        r = firstWorking(pairs);
      }
      return r;
    }

    // ---- candidates ----

    void candidates(List<Candidate> waits, List<Candidate> barriers, List<Candidate> pairs) {
      OpRef firstRef = target.ops().get(0);
      At first = at(firstRef);
      Optional<At> second =
          target.ops().size() > 1 ? Optional.of(at(target.ops().get(1))) : Optional.empty();
      boolean single = schedule.programs().size() == 1;
      Optional<Counter> counter = Counter.of(op(first));
      if (target.ops().size() == 1 || counter.isEmpty()) {
        // P2: the read has no write before it; the writes are other waves' copies.
        if (single) {
          barriers.add(barrierAt(first, "before"));
          pairs.add(drainedBarrierAt(first, Counter.VMCNT));
        }
        return;
      }
      Counter c = counter.get();
      List<At> walk = after(first);
      int inflight = 1;
      Optional<At> lastWait = Optional.empty();
      Optional<At> firstWait = Optional.empty();
      int barriersSeen = 0;
      for (At a : walk) {
        if (second.isPresent()
            && a.equals(second.get())
            && firstRef.wave() == target.ops().get(1).wave()) {
          // One wave: its own in-flight op; a wait before the second op orders them.
          lastWait
              .filter(w -> c.of((Op.Wait) op(w)).getAsInt() > 0)
              .ifPresent(w -> waits.add(strengthen(w, c)));
          waits.add(insertWait(a, c, inflight - 1));
        }
        Op op = op(a);
        if (Counter.of(op).equals(Optional.of(c))) {
          inflight++;
        } else if (op instanceof Op.Wait w && c.of(w).isPresent()) {
          lastWait = Optional.of(a);
          if (firstWait.isEmpty()) {
            firstWait = Optional.of(a);
          }
        } else if (op instanceof Op.Barrier && barriersSeen < BARRIERS_AHEAD) {
          barriersSeen++;
          if (lastWait.isPresent() && c.of((Op.Wait) op(lastWait.get())).getAsInt() > 0) {
            waits.add(strengthen(lastWait.get(), c));
          }
          waits.add(insertWait(a, c, Math.min(inflight - 1, c.max())));
        }
      }
      if (single) {
        firstWait.ifPresent(w -> barriers.add(barrierAt(w, "after")));
        second.ifPresent(s -> barriers.add(barrierAt(s, "before")));
        firstWait.ifPresent(w -> pairs.add(drainedBarrierAt(w, c)));
        second.ifPresent(s -> pairs.add(drainedBarrierAt(s, c)));
      }
    }

    Candidate strengthen(At w, Counter c) {
      Op.Wait wait = (Op.Wait) op(w);
      int old = c.of(wait).getAsInt();
      return new Candidate(
          0,
          old - 1,
          n -> {
            Op.Wait stronger =
                new Op.Wait(
                    c == Counter.VMCNT ? OptionalInt.of(n) : wait.vmcnt(),
                    c == Counter.LGKMCNT ? OptionalInt.of(n) : wait.lgkmcnt(),
                    wait.origin());
            return List.of(
                new Edit(
                    Edit.Kind.STRENGTHEN_WAIT,
                    w.program(),
                    w.section(),
                    w.index(),
                    stronger,
                    place(w)
                        + ", strengthen "
                        + name(wait)
                        + " to s_waitcnt "
                        + stronger.counters()));
          });
    }

    Candidate insertWait(At before, Counter c, int hi) {
      boolean barrier = op(before) instanceof Op.Barrier;
      return new Candidate(
          1,
          Math.max(0, hi),
          n -> {
            Op.Wait w =
                c == Counter.VMCNT
                    ? Op.Wait.vmcnt(n, inserted(before))
                    : Op.Wait.lgkmcnt(n, inserted(before));
            return List.of(
                new Edit(
                    n == 0 && barrier ? Edit.Kind.DRAIN_BEFORE_BARRIER : Edit.Kind.INSERT_WAIT,
                    before.program(),
                    before.section(),
                    before.index(),
                    w,
                    place(before)
                        + ", before "
                        + name(op(before))
                        + ", insert s_waitcnt "
                        + w.counters()));
          });
    }

    /** An s_barrier before or after the op at {@code a}. */
    Candidate barrierAt(At a, String side) {
      return new Candidate(2, 0, n -> List.of(barrierEdit(a, side)));
    }

    /** An s_waitcnt c(0) and an s_barrier right after it, before or after the op at {@code a}. */
    Candidate drainedBarrierAt(At a, Counter c) {
      return new Candidate(
          3,
          0,
          n -> {
            int index = a.index() + (op(a) instanceof Op.Wait ? 1 : 0);
            At point = new At(a.program(), a.section(), index);
            String side = op(a) instanceof Op.Wait ? "after" : "before";
            Op.Wait drain =
                c == Counter.VMCNT
                    ? Op.Wait.vmcnt(0, inserted(a))
                    : Op.Wait.lgkmcnt(0, inserted(a));
            Edit wait =
                new Edit(
                    Edit.Kind.INSERT_WAIT,
                    point.program(),
                    point.section(),
                    point.index(),
                    drain,
                    place(a)
                        + ", "
                        + side
                        + " "
                        + name(op(a))
                        + ", insert s_waitcnt "
                        + drain.counters());
            Edit barrier =
                new Edit(
                    Edit.Kind.INSERT_BARRIER,
                    point.program(),
                    point.section(),
                    point.index() + 1,
                    new Op.Barrier(inserted(a)),
                    "right after that s_waitcnt, add an s_barrier");
            return List.of(wait, barrier);
          });
    }

    Edit barrierEdit(At a, String side) {
      int index = side.equals("after") ? a.index() + 1 : a.index();
      return new Edit(
          Edit.Kind.INSERT_BARRIER,
          a.program(),
          a.section(),
          index,
          new Op.Barrier(inserted(a)),
          place(a) + ", " + side + " " + name(op(a)) + ", add an s_barrier");
    }

    Optional<Repair> clampWait() {
      At w = at(target.ops().get(0));
      Op.Wait wait = (Op.Wait) op(w);
      OptionalInt vm = wait.vmcnt();
      OptionalInt lgkm = wait.lgkmcnt();
      if (vm.isPresent() && vm.getAsInt() > Counter.VMCNT.max()) {
        vm = OptionalInt.of(Counter.VMCNT.max());
      }
      if (lgkm.isPresent() && lgkm.getAsInt() > Counter.LGKMCNT.max()) {
        lgkm = OptionalInt.of(Counter.LGKMCNT.max());
      }
      Op.Wait clamped = new Op.Wait(vm, lgkm, wait.origin());
      Edit e =
          new Edit(
              Edit.Kind.STRENGTHEN_WAIT,
              w.program(),
              w.section(),
              w.index(),
              clamped,
              place(w)
                  + ", change "
                  + name(wait)
                  + " to s_waitcnt "
                  + clamped.counters()
                  + " (the largest value the counter encodes)");
      return confirm(List.of(e));
    }

    // ---- choosing ----

    /** Wait candidates: those that work at N = 0, each at its largest working N; weakest wins. */
    Optional<Repair> weakestWait(List<Candidate> candidates) {
      record Working(Candidate c, int n, int order) {}
      List<Working> working = new ArrayList<>();
      int best = -1;
      for (int i = 0; i < candidates.size(); i++) {
        Candidate c = candidates.get(i);
        String outcome = check(c.make.apply(0));
        if (!outcome.isEmpty()) {
          tried.add(c.label(0) + " (" + outcome + ")");
          continue;
        }
        // Only a larger N than the best so far can make this candidate the weakest: test that
        // first, and binary-search above it only if it works.
        int n = 0;
        if (best < 0 || (c.hi() > best && check(c.make.apply(best + 1)).isEmpty())) {
          n = largestN(c, Math.max(0, best + 1));
        }
        best = Math.max(best, n);
        working.add(new Working(c, n, i));
      }
      working.sort(
          Comparator.comparingInt((Working w) -> -w.n())
              .thenComparingInt(w -> w.c().rank())
              .thenComparingInt(Working::order));
      for (Working w : working) {
        Optional<Repair> r = confirm(w.c().make.apply(family(w.c(), w.n())));
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /**
     * The violation's siblings (the same ops at other rows or k-packs) usually need the same wait a
     * little stronger: when N = 0 at this place leaves fewer violations than N, the largest N that
     * leaves as few, so one edit repairs the family instead of one step per sibling.
     */
    int family(Candidate c, int n) {
      if (n == 0) {
        return 0;
      }
      int atZero = remaining(c.make.apply(0));
      if (remaining(c.make.apply(n)) <= atZero) {
        return n;
      }
      int lo = 0;
      int hi = n - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (remaining(c.make.apply(mid)) <= atZero) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    int remaining(List<Edit> edits) {
      return atTargetTrip(edits).verdict().violations().size();
    }

    VerificationReport atTargetTrip(List<Edit> edits) {
      return atTargetTrip.computeIfAbsent(
          List.copyOf(edits),
          e -> {
            verifications++;
            return Verifier.verifyTripCounts(
                Edit.applyAll(schedule, e), options, List.of(target.tripCount()));
          });
    }

    /** The largest N in [from, hi] for which the candidate works, given that it works at from. */
    int largestN(Candidate c, int from) {
      int lo = from;
      int hi = c.hi();
      while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (check(c.make.apply(mid)).isEmpty()) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    Optional<Repair> firstWorking(List<Candidate> candidates) {
      for (Candidate c : candidates) {
        String outcome = check(c.make.apply(0));
        if (!outcome.isEmpty()) {
          tried.add(c.label(0) + " (" + outcome + ")");
          continue;
        }
        Optional<Repair> r = confirm(c.make.apply(0));
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** "" when the edits remove the target at its trip count and add nothing; else why not. */
    String check(List<Edit> edits) {
      return judge(atTargetTrip(edits), "at T=" + target.tripCount());
    }

    Optional<Repair> confirm(List<Edit> edits) {
      verifications++;
      VerificationReport r = Verifier.verify(Edit.applyAll(schedule, edits), options);
      String outcome = judge(r, "at some T");
      if (outcome.isEmpty()) {
        return Optional.of(new Repair(edits, r));
      }
      tried.add(new Candidate(0, 0, n -> edits).label(0) + " (" + outcome + ")");
      return Optional.empty();
    }

    String judge(VerificationReport r, String when) {
      if (r.verdict() instanceof Verdict.Inconclusive) {
        return "inconclusive " + when;
      }
      for (Violation v : r.verdict().violations()) {
        String k = ViolationIdentity.key(v);
        if (k.equals(key)) {
          return "the violation remains " + when;
        }
        // Waits and barriers only add happens-before edges, so they cannot create a race; a P1
        // or P2 not reported before was hidden by the report's cap on violations. What an edit
        // can break is barrier matching (P6) and encodability (P7).
        boolean caused = v.property() == Property.P6 || v.property() == Property.P7;
        if (caused && !known.contains(k)) {
          return "introduces " + v.property() + " " + v.kind() + " " + when;
        }
      }
      return "";
    }

    // ---- positions and words ----

    At at(OpRef ref) {
      WaveProgram p = schedule.programOf(ref.wave());
      return new At(
          schedule.programs().indexOf(p),
          Section.valueOf(ref.section().toUpperCase(Locale.ROOT)),
          ref.position());
    }

    Op op(At a) {
      return schedule.programs().get(a.program()).section(a.section()).get(a.index());
    }

    /** The points after {@code from} in program order, through the next loop iteration. */
    List<At> after(At from) {
      WaveProgram p = schedule.programs().get(from.program());
      List<At> out = new ArrayList<>();
      int prog = from.program();
      switch (from.section()) {
        case PROLOGUE -> {
          range(out, prog, Section.PROLOGUE, from.index() + 1, p.prologue().size());
          range(out, prog, Section.LOOP, 0, p.loop().size());
          range(out, prog, Section.EPILOGUE, 0, p.epilogue().size());
        }
        case LOOP -> {
          range(out, prog, Section.LOOP, from.index() + 1, p.loop().size());
          range(out, prog, Section.LOOP, 0, from.index() + 1);
          range(out, prog, Section.EPILOGUE, 0, p.epilogue().size());
        }
        case EPILOGUE -> range(out, prog, Section.EPILOGUE, from.index() + 1, p.epilogue().size());
      }
      return out;
    }

    void range(List<At> out, int prog, Section s, int from, int to) {
      for (int i = from; i < to; i++) {
        out.add(new At(prog, s, i));
      }
    }

    /** "in loop stage 3" (the stage of the op there), with the role when there are several. */
    String place(At a) {
      StringBuilder s = new StringBuilder("in ");
      if (schedule.programs().size() > 1) {
        s.append("role '").append(schedule.programs().get(a.program()).role()).append("', ");
      }
      List<Op> ops = schedule.programs().get(a.program()).section(a.section());
      Origin origin = ops.get(Math.min(a.index(), ops.size() - 1)).origin();
      if (origin instanceof Origin.FromTransform t && t.stage().startsWith(a.section().id())) {
        s.append(t.stage());
      } else if (origin instanceof Origin.FromTransform t) {
        s.append("the ").append(a.section().id()).append(" (").append(t.stage()).append(')');
      } else {
        s.append("the ")
            .append(a.section().id())
            .append(" at /programs/")
            .append(a.program())
            .append('/')
            .append(a.section().id())
            .append('/')
            .append(a.index());
      }
      return s.toString();
    }

    Origin inserted(At a) {
      Op near = op(a);
      String stage = near.origin() instanceof Origin.FromTransform t ? t.stage() : a.section().id();
      return new Origin.FromTransform("pipeverify repair", stage);
    }
  }

  static String name(Op op) {
    if (op instanceof Op.Barrier) {
      return "the s_barrier";
    }
    if (op instanceof Op.Wait w) {
      return "the s_waitcnt " + w.counters();
    }
    if (op instanceof Op.LdsAccess a) {
      return "the " + op.kind() + " of " + a.buffer();
    }
    return "the " + op.kind();
  }
}

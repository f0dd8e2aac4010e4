package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.ProgramSites;
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
 * Finds the weakest verified repair of a violation among a bounded set of candidate changes near
 * the violating ops (issues 6 and 12): strengthen or insert an {@code s_waitcnt} on the counter of
 * the op that should come first, before the next barriers after it (N as large as still removes the
 * violation: the smallest change), insert one before the second op when both ops are in one wave;
 * then move an op across the nearest barrier or wait (the second op down past them, the first op
 * up, the wait that retires the first op up before the barrier); then add an {@code s_barrier}
 * after the first wait that can retire the op or before the second op, and, when none of these
 * works, a barrier with a counter drain right before it. Unequal barrier counts (P6) get the
 * missing trailing barriers.
 *
 * <p>A change is made to the kernel, not to one role: it applies at the same place ({@link
 * ProgramSites}) in every wave role that has it, and a barrier only where every role has the place.
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

  /**
   * One change of the kernel, at a point of the violating role's program as the schedule has it
   * (before any change): insert {@code op} before it, replace it, or take it out.
   */
  private record Change(Edit.Kind kind, At at, Op op, String description) {}

  /**
   * A candidate family, parameterised by the counter value N in [0, hi]. {@code addsOnly}: its
   * changes only add waits and barriers or strengthen waits, which add happens-before edges and
   * cannot create a race; a move can, so any new violation rejects it.
   */
  private record Candidate(int rank, int hi, boolean addsOnly, IntFunction<List<Change>> make) {
    String label(int n) {
      List<Change> changes = make.apply(n);
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < changes.size(); i++) {
        s.append(i == 0 ? "" : " and ").append(changes.get(i).description());
      }
      return s.toString();
    }
  }

  /** Changes made in every role that has their places, as IR edits. */
  private record Expanded(List<Edit> edits, List<Integer> programs) {}

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

    final ProgramSites sites;

    Search(Schedule schedule, Violation target, Set<String> known) {
      this.schedule = schedule;
      this.sites = new ProgramSites(schedule);
      this.target = target;
      this.key = ViolationIdentity.key(target);
      this.known = known;
    }

    Optional<Repair> run() {
      if (target.property() == Property.P6) {
        return balanceBarriers();
      }
      if (target.property() == Property.P7) {
        return clampWait();
      }
      List<Candidate> waits = new ArrayList<>();
      List<Candidate> moves = new ArrayList<>();
      List<Candidate> barriers = new ArrayList<>();
      List<Candidate> pairs = new ArrayList<>();
      candidates(waits, barriers, pairs);
      moves(moves);
      Optional<Repair> r = weakestWait(waits);
      if (r.isEmpty()) {
        r = firstWorking(moves);
      }
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
      Optional<Counter> counter = Counter.of(op(first));
      if (target.ops().size() == 1 || counter.isEmpty()) {
        // P2: the read has no write before it; the writes are other waves' copies.
        barriers.add(barrierAt(first, "before"));
        pairs.add(drainedBarrierAt(first, Counter.VMCNT));
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
      // The first op must be retired before the barrier the second op's wave passes last before
      // it (its root cause, docs/debugging.md): a wait right before that barrier, which may be
      // many barriers after the first op (a loop's last one, for reads that open the next
      // iteration).
      second
          .flatMap(s -> deadline(first, s))
          .filter(walk::contains)
          .ifPresent(
              d -> {
                int outstanding = 1;
                for (At a : walk.subList(0, walk.indexOf(d))) {
                  if (Counter.of(op(a)).equals(Optional.of(c))) {
                    outstanding++;
                  }
                }
                waits.add(insertWait(d, c, Math.min(outstanding - 1, c.max())));
              });
      // A barrier in one role only would unbalance the counts: expand() keeps barrier changes to
      // places every role has.
      firstWait.ifPresent(w -> barriers.add(barrierAt(w, "after")));
      second.ifPresent(s -> barriers.add(barrierAt(s, "before")));
      firstWait.ifPresent(w -> pairs.add(drainedBarrierAt(w, c)));
      second.ifPresent(s -> pairs.add(drainedBarrierAt(s, c)));
    }

    /**
     * Moves across the nearest barrier or wait, within the op's section: what a kernel author does
     * with a ds_read issued too early (issue 12). The second op goes down past the next wait or
     * barrier, the first op up before the previous barrier, and the first wait after the first op
     * on its counter up before the barrier right above it.
     */
    void moves(List<Candidate> moves) {
      At first = at(target.ops().get(0));
      Optional<Counter> counter = Counter.of(op(first));
      if (target.ops().size() > 1 && counter.isPresent()) {
        At second = at(target.ops().get(1));
        if (op(second) instanceof Op.LdsAccess) {
          nextInSection(second, o -> o instanceof Op.Wait w && counter.get().of(w).isPresent())
              .ifPresent(w -> moves.add(move(second, w.index() + 1, "after " + name(op(w)))));
          nextInSection(second, o -> o instanceof Op.Barrier)
              .ifPresent(b -> moves.add(move(second, b.index() + 1, "after the s_barrier")));
        }
        Optional<At> wait =
            nextInSection(first, o -> o instanceof Op.Wait w && counter.get().of(w).isPresent());
        wait.flatMap(w -> previousBarrier(w).filter(b -> b.index() > first.index()))
            .ifPresent(b -> moves.add(move(wait.get(), b.index(), "before the s_barrier")));
      }
      if (op(first) instanceof Op.LdsAccess) {
        previousBarrier(first)
            .ifPresent(b -> moves.add(move(first, b.index(), "before the s_barrier")));
      }
    }

    /**
     * The last barrier before {@code second} in its program (the loop's last one for an op before
     * every barrier of the loop: the previous iteration ends there), at the same site in the first
     * op's program.
     */
    Optional<At> deadline(At first, At second) {
      Optional<At> barrier = previousBarrier(second);
      if (barrier.isEmpty() && second.section() == Section.LOOP) {
        List<Op> loop = schedule.programs().get(second.program()).loop();
        for (int i = loop.size() - 1; i >= 0 && barrier.isEmpty(); i--) {
          if (loop.get(i) instanceof Op.Barrier) {
            barrier = Optional.of(new At(second.program(), Section.LOOP, i));
          }
        }
      }
      return barrier.flatMap(
          b -> {
            OptionalInt i =
                sites.indexOf(first.program(), sites.siteOf(b.program(), b.section(), b.index()));
            return i.isPresent()
                ? Optional.of(new At(first.program(), b.section(), i.getAsInt()))
                : Optional.<At>empty();
          });
    }

    Optional<At> nextInSection(At from, java.util.function.Predicate<Op> what) {
      List<Op> ops = schedule.programs().get(from.program()).section(from.section());
      for (int i = from.index() + 1; i < ops.size(); i++) {
        if (what.test(ops.get(i))) {
          return Optional.of(new At(from.program(), from.section(), i));
        }
      }
      return Optional.empty();
    }

    Optional<At> previousBarrier(At from) {
      List<Op> ops = schedule.programs().get(from.program()).section(from.section());
      for (int i = from.index() - 1; i >= 0; i--) {
        if (ops.get(i) instanceof Op.Barrier) {
          return Optional.of(new At(from.program(), from.section(), i));
        }
      }
      return Optional.empty();
    }

    /** Take the op at {@code from} out and put it back before op {@code to} of its section. */
    Candidate move(At from, int to, String where) {
      Op moved = op(from);
      String text = place(from) + ", move " + name(moved) + " " + where;
      return new Candidate(
          2,
          0,
          false,
          n ->
              List.of(
                  new Change(Edit.Kind.MOVE_FROM, from, moved, text),
                  new Change(
                      Edit.Kind.MOVE_TO,
                      new At(from.program(), from.section(), to),
                      moved,
                      "(put back " + where + ")")));
    }

    /**
     * P6: with equal barriers per iteration, the roles with fewer barriers get the missing ones at
     * the end of their epilogue, so every barrier has a partner (the trailing barrier of ping-pong
     * kernels); counts that differ per iteration have no such repair.
     */
    Optional<Repair> balanceBarriers() {
      List<WaveProgram> programs = schedule.programs();
      long most = 0;
      for (WaveProgram p : programs) {
        if (count(p.loop()) != count(programs.get(0).loop())) {
          tried.add(
              "none: the roles execute different numbers of barriers per iteration, which no"
                  + " barrier at a fixed place balances for every trip count");
          return Optional.empty();
        }
        most = Math.max(most, count(p.prologue()) + count(p.epilogue()));
      }
      List<Edit> edits = new ArrayList<>();
      List<String> changes = new ArrayList<>();
      for (int i = 0; i < programs.size(); i++) {
        WaveProgram p = programs.get(i);
        long missing = most - count(p.prologue()) - count(p.epilogue());
        for (long m = 0; m < missing; m++) {
          String text = "at the end of the epilogue of role '" + p.role() + "', add an s_barrier";
          edits.add(
              new Edit(
                  Edit.Kind.INSERT_BARRIER,
                  i,
                  Section.EPILOGUE,
                  p.epilogue().size() + (int) m,
                  new Op.Barrier(new Origin.FromTransform("pipeverify repair", "epilogue")),
                  text));
          changes.add(text);
        }
      }
      return confirm(new Expanded(edits, List.of()), changes, "", true);
    }

    long count(List<Op> ops) {
      return ops.stream().filter(o -> o instanceof Op.Barrier).count();
    }

    Candidate strengthen(At w, Counter c) {
      Op.Wait wait = (Op.Wait) op(w);
      int old = c.of(wait).getAsInt();
      return new Candidate(
          0,
          old - 1,
          true,
          n -> {
            Op.Wait stronger = withCounter(wait, c, n);
            return List.of(
                new Change(
                    Edit.Kind.STRENGTHEN_WAIT,
                    w,
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
          true,
          n -> {
            Op.Wait w =
                c == Counter.VMCNT
                    ? Op.Wait.vmcnt(n, inserted(before))
                    : Op.Wait.lgkmcnt(n, inserted(before));
            return List.of(
                new Change(
                    n == 0 && barrier ? Edit.Kind.DRAIN_BEFORE_BARRIER : Edit.Kind.INSERT_WAIT,
                    before,
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
      int index = side.equals("after") ? a.index() + 1 : a.index();
      Change barrier =
          new Change(
              Edit.Kind.INSERT_BARRIER,
              new At(a.program(), a.section(), index),
              new Op.Barrier(inserted(a)),
              place(a) + ", " + side + " " + name(op(a)) + ", add an s_barrier");
      return new Candidate(3, 0, true, n -> List.of(barrier));
    }

    /** An s_waitcnt c(0) and an s_barrier right after it, before or after the op at {@code a}. */
    Candidate drainedBarrierAt(At a, Counter c) {
      At point = new At(a.program(), a.section(), a.index() + (op(a) instanceof Op.Wait ? 1 : 0));
      String side = op(a) instanceof Op.Wait ? "after" : "before";
      Op.Wait drain =
          c == Counter.VMCNT ? Op.Wait.vmcnt(0, inserted(a)) : Op.Wait.lgkmcnt(0, inserted(a));
      List<Change> changes =
          List.of(
              new Change(
                  Edit.Kind.INSERT_WAIT,
                  point,
                  drain,
                  place(a)
                      + ", "
                      + side
                      + " "
                      + name(op(a))
                      + ", insert s_waitcnt "
                      + drain.counters()),
              new Change(
                  Edit.Kind.INSERT_BARRIER,
                  point,
                  new Op.Barrier(inserted(a)),
                  "right after that s_waitcnt, add an s_barrier"));
      return new Candidate(4, 0, true, n -> changes);
    }

    Optional<Repair> clampWait() {
      At w = at(target.ops().get(0));
      Op.Wait wait = (Op.Wait) op(w);
      Op.Wait clamped = wait;
      for (Counter c : Counter.values()) {
        OptionalInt n = c.of(clamped);
        if (n.isPresent() && n.getAsInt() > c.max()) {
          clamped = withCounter(clamped, c, c.max());
        }
      }
      Change e =
          new Change(
              Edit.Kind.STRENGTHEN_WAIT,
              w,
              clamped,
              place(w)
                  + ", change "
                  + name(wait)
                  + " to s_waitcnt "
                  + clamped.counters()
                  + " (the largest value the counter encodes)");
      return confirm(List.of(e), true);
    }

    // ---- making the changes in every role ----

    /**
     * The changes made in every role that has all their places; empty when a barrier would land in
     * some roles only (it would unbalance the barrier counts: P6).
     */
    Optional<Expanded> expand(List<Change> changes) {
      int anchor = changes.get(0).at().program();
      List<ProgramSites.Site> at = new ArrayList<>();
      boolean barrier = false;
      for (Change c : changes) {
        at.add(sites.siteOf(anchor, c.at().section(), c.at().index()));
        barrier |= c.kind() == Edit.Kind.INSERT_BARRIER;
      }
      List<Edit> edits = new ArrayList<>();
      List<Integer> programs = new ArrayList<>();
      for (int q = 0; q < schedule.programs().size(); q++) {
        // Each place in the role: every copy of an assembly line (ProgramSites.occurrencesOf), as
        // many of each change's place; else the one place, and the anchor's own index.
        List<List<Integer>> places = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
          places.add(sites.occurrencesOf(q, at.get(i)));
        }
        int copies = places.get(0).size();
        boolean has = copies > 0 && places.stream().allMatch(l -> l.size() == copies);
        if (!has && barrier) {
          return Optional.empty();
        }
        if (!has) {
          continue;
        }
        List<Change> all = new ArrayList<>();
        int[] index = new int[changes.size() * copies];
        for (int j = 0; j < copies; j++) {
          for (int i = 0; i < changes.size(); i++) {
            all.add(changes.get(i));
            index[j * changes.size() + i] =
                q == anchor && copies == 1 ? changes.get(i).at().index() : places.get(i).get(j);
          }
        }
        programs.add(q);
        edits.addAll(editsIn(q, all, index));
      }
      return Optional.of(new Expanded(edits, programs));
    }

    /**
     * The edits of program {@code q}: change i at op {@code index[i]} of the unchanged program.
     * Applied in the order of those indices, each index shifted by the ops inserted and removed
     * before it; a moved op and a strengthened wait are the role's own (its constants, its origin).
     */
    List<Edit> editsIn(int q, List<Change> changes, int[] index) {
      Op[] ops = new Op[changes.size()];
      for (int i = 0; i < changes.size(); i++) {
        Change c = changes.get(i);
        Section section = c.at().section();
        ops[i] =
            switch (c.kind()) {
              case STRENGTHEN_WAIT -> {
                Op.Wait own = (Op.Wait) op(new At(q, section, index[i]));
                Op.Wait want = (Op.Wait) c.op();
                yield new Op.Wait(want.vmcnt(), want.lgkmcnt(), own.origin());
              }
              case MOVE_FROM -> op(new At(q, section, index[i]));
              case MOVE_TO -> ops[i - 1];
              default -> c.op();
            };
      }
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < changes.size(); i++) {
        order.add(i);
      }
      order.sort(Comparator.comparingInt((Integer i) -> index[i]).thenComparingInt(i -> i));
      List<Edit> edits = new ArrayList<>();
      int shift = 0;
      for (int i : order) {
        Change c = changes.get(i);
        edits.add(
            new Edit(c.kind(), q, c.at().section(), index[i] + shift, ops[i], c.description()));
        if (c.kind().removes()) {
          shift--;
        } else if (!c.kind().replaces()) {
          shift++;
        }
      }
      return edits;
    }

    /** "" for one program; else the roles a change is made in. */
    String scope(List<Integer> programs) {
      List<WaveProgram> all = schedule.programs();
      if (all.size() == 1 || programs.isEmpty()) {
        return "";
      }
      if (programs.size() == all.size()) {
        return "in every role, ";
      }
      List<String> names = new ArrayList<>();
      for (int q : programs) {
        names.add("'" + all.get(q).role() + "'");
      }
      return (names.size() == 1 ? "in role " : "in roles ") + String.join(", ", names) + ", ";
    }

    // ---- choosing ----

    /** Wait candidates: those that work at N = 0, each at its largest working N; weakest wins. */
    Optional<Repair> weakestWait(List<Candidate> candidates) {
      record Working(Candidate c, int n, int order) {}
      List<Working> working = new ArrayList<>();
      int best = -1;
      for (int i = 0; i < candidates.size(); i++) {
        Candidate c = candidates.get(i);
        String outcome = check(c, 0);
        if (!outcome.isEmpty()) {
          tried.add(c.label(0) + " (" + outcome + ")");
          continue;
        }
        // Only a larger N than the best so far can make this candidate the weakest: test that
        // first, and binary-search above it only if it works.
        int n = 0;
        if (best < 0 || (c.hi() > best && check(c, best + 1).isEmpty())) {
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
        Optional<Repair> r = confirm(w.c().make.apply(family(w.c(), w.n())), w.c().addsOnly());
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
      int atZero = remaining(c, 0);
      if (remaining(c, n) <= atZero) {
        return n;
      }
      int lo = 0;
      int hi = n - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (remaining(c, mid) <= atZero) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    int remaining(Candidate c, int n) {
      return atTargetTrip(expand(c.make.apply(n)).orElseThrow().edits())
          .verdict()
          .violations()
          .size();
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
        if (check(c, mid).isEmpty()) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    Optional<Repair> firstWorking(List<Candidate> candidates) {
      for (Candidate c : candidates) {
        String outcome = check(c, 0);
        if (!outcome.isEmpty()) {
          tried.add(c.label(0) + " (" + outcome + ")");
          continue;
        }
        Optional<Repair> r = confirm(c.make.apply(0), c.addsOnly());
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** "" when the changes remove the target at its trip count and add nothing; else why not. */
    String check(Candidate c, int n) {
      Optional<Expanded> e = expand(c.make.apply(n));
      if (e.isEmpty()) {
        return "not every role has this place, and a barrier in some roles only unbalances them";
      }
      return judge(atTargetTrip(e.get().edits()), "at T=" + target.tripCount(), c.addsOnly());
    }

    Optional<Repair> confirm(List<Change> changes, boolean addsOnly) {
      Expanded e = expand(changes).orElseThrow();
      List<String> texts = changes.stream().map(Change::description).toList();
      // A move is one change said in two parts.
      List<String> said = new ArrayList<>();
      for (int i = 0; i < changes.size(); i++) {
        if (changes.get(i).kind() == Edit.Kind.MOVE_TO) {
          continue;
        }
        said.add(texts.get(i));
      }
      return confirm(e, said, scope(e.programs()), addsOnly);
    }

    Optional<Repair> confirm(
        Expanded expanded, List<String> changes, String scope, boolean addsOnly) {
      verifications++;
      VerificationReport r = Verifier.verify(Edit.applyAll(schedule, expanded.edits()), options);
      String outcome = judge(r, "at some T", addsOnly);
      if (outcome.isEmpty()) {
        return Optional.of(new Repair(expanded.edits(), changes, scope, r));
      }
      tried.add(scope + String.join(" and ", changes) + " (" + outcome + ")");
      return Optional.empty();
    }

    String judge(VerificationReport r, String when, boolean addsOnly) {
      if (r.verdict() instanceof Verdict.Inconclusive) {
        return "inconclusive " + when;
      }
      for (Violation v : r.verdict().violations()) {
        String k = ViolationIdentity.key(v);
        if (k.equals(key)) {
          return "the violation remains " + when;
        }
        // Waits and barriers only add happens-before edges, so they cannot create a race; a P1
        // or P2 not reported before was hidden by the report's cap on violations. What such an
        // edit can break is barrier matching (P6) and encodability (P7). A move can break
        // anything.
        boolean caused = !addsOnly || v.property() == Property.P6 || v.property() == Property.P7;
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

    /** "in loop stage 3" (the stage of the op there); the roles are the repair's scope. */
    String place(At a) {
      StringBuilder s = new StringBuilder("in ");
      List<Op> ops = schedule.programs().get(a.program()).section(a.section());
      Origin origin = ops.get(Math.min(a.index(), ops.size() - 1)).origin();
      if (origin instanceof Origin.FromTransform t && t.stage().startsWith(a.section().id())) {
        s.append(t.stage());
      } else if (origin instanceof Origin.FromTransform t) {
        s.append("the ").append(a.section().id()).append(" (").append(t.stage()).append(')');
      } else if (origin instanceof Origin.InAssembly) {
        // The op named next carries its assembly line, which is the place a reader looks for.
        s.append("the ").append(a.section().id());
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

  private static Op.Wait withCounter(Op.Wait wait, Counter c, int n) {
    return new Op.Wait(
        c == Counter.VMCNT ? OptionalInt.of(n) : wait.vmcnt(),
        c == Counter.LGKMCNT ? OptionalInt.of(n) : wait.lgkmcnt(),
        wait.origin());
  }

  static String name(Op op) {
    return op.origin() instanceof Origin.InAssembly a ? kind(op) + " at " + a.describe() : kind(op);
  }

  private static String kind(Op op) {
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

package io.pipeverify.verifier.repair;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.ProgramSites;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.unroll.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * The candidate changes that may repair one violation (issues 6, 12 and 21), for {@link
 * SmallestRepair} to choose among: strengthen or insert an {@code s_waitcnt} on the counter of the
 * op that should come first, before the next barriers after it, before the barrier the second op's
 * wave passes last before it (the root cause's deadline), and before the second op when both ops
 * are in one wave; move an op across the nearest barrier or wait (the second op down past them, the
 * first op up, the wait that retires the first op up before the barrier); add an {@code s_barrier}
 * after the first wait that can retire the op or before the second op; and a barrier with a counter
 * drain right before it. Unequal barrier counts (P6) get the missing trailing barriers; a wait
 * beyond its counter (P7) is clamped.
 *
 * <p>A change is made to the kernel, not to one role: it applies at the same place ({@link
 * ProgramSites}) in every wave role that has it, and a barrier only where every role has the place.
 * A wait's candidate is a family over its counter value N; the search takes N = 0 (the strongest,
 * which only adds happens-before edges) and raises N afterwards.
 */
final class RepairCandidates {
  /** How many barriers after the first op get a wait candidate. */
  private static final int BARRIERS_AHEAD = 2;

  private final Schedule schedule;
  private final ProgramSites sites;

  RepairCandidates(Schedule schedule) {
    this.schedule = schedule;
    this.sites = new ProgramSites(schedule);
  }

  /**
   * The candidates of {@code target}, a violation of the schedule: waits, then moves, barriers and
   * drained barriers, each once and only where every role it needs has its place.
   */
  List<RepairChoice> of(Violation target) {
    return new ForViolation(target).choices();
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
   * cannot create a race; a move can.
   */
  private record Candidate(int rank, int hi, boolean addsOnly, IntFunction<List<Change>> make) {}

  /** Changes made in every role that has their places, at the places of the unchanged schedule. */
  private record Expanded(List<Placed> placed, List<Integer> programs) {}

  /**
   * Where a copy of an unrolled body puts a change: in program {@code program}, {@code shift} ops
   * after the change's place in its own program (the anchor's copy: its program, shift 0).
   */
  private record Copy(int program, int shift) {
    At of(At a) {
      return new At(program, a.section(), a.index() + shift);
    }

    List<Change> of(List<Change> changes) {
      return changes.stream()
          .map(c -> new Change(c.kind(), of(c.at()), c.op(), c.description()))
          .toList();
    }
  }

  /** The candidates of one violation. */
  private final class ForViolation {
    final Violation target;

    ForViolation(Violation target) {
      this.target = target;
    }

    List<RepairChoice> choices() {
      List<Candidate> all = new ArrayList<>();
      if (target.property() == Property.P6) {
        return balanceBarriers().stream().toList();
      }
      if (target.property() == Property.P7) {
        all.add(clampWait());
      } else {
        List<Candidate> waits = new ArrayList<>();
        List<Candidate> moves = new ArrayList<>();
        List<Candidate> barriers = new ArrayList<>();
        List<Candidate> pairs = new ArrayList<>();
        candidates(waits, barriers, pairs);
        moves(moves);
        all.addAll(waits);
        all.addAll(moves);
        all.addAll(barriers);
        all.addAll(pairs);
      }
      List<RepairChoice> out = new ArrayList<>();
      for (Candidate c : all) {
        At anchor = c.make().apply(0).get(0).at();
        choice(c, List.of(new Copy(anchor.program(), 0))).ifPresent(out::add);
        if (c.addsOnly()) {
          // The same change at the same place of every copy of an unrolled body: one edit of the
          // kernel at several sites (issue 38), which a hand-unrolled loop needs in each copy.
          List<Copy> copies = new UnrolledCopies(anchor).of();
          if (copies.size() > 1) {
            choice(c, copies).ifPresent(out::add);
          }
        }
      }
      return out;
    }

    /**
     * The candidate made at each of {@code copies} (a program and a shift of every index), each in
     * every role that has its places; empty when a barrier would land in some roles only (it would
     * unbalance the barrier counts: P6). Several copies are one change of the kernel at several
     * sites, said once with the sites' lines.
     */
    Optional<RepairChoice> choice(Candidate c, List<Copy> copies) {
      List<Change> strongest = c.make().apply(0);
      List<Expanded> each = new ArrayList<>();
      for (Copy copy : copies) {
        Optional<Expanded> e = expand(copy.of(strongest));
        if (e.isEmpty()) {
          return Optional.empty();
        }
        each.add(e.get());
      }
      java.util.TreeSet<Integer> programs = new java.util.TreeSet<>();
      each.forEach(e -> programs.addAll(e.programs()));
      String scope = scope(List.copyOf(programs));
      String sites = copies.size() == 1 ? "" : sites(strongest.get(0).at(), copies);
      IntFunction<List<Placed>> placed =
          n -> {
            java.util.LinkedHashSet<Placed> all = new java.util.LinkedHashSet<>();
            List<Change> changes = c.make().apply(n);
            copies.forEach(copy -> all.addAll(expand(copy.of(changes)).orElseThrow().placed()));
            // In place order (a stable sort keeps a drain's wait before its barrier): the same
            // group found from another copy's violation is then the same candidate.
            List<Placed> ordered = new ArrayList<>(all);
            ordered.sort(
                java.util.Comparator.comparingInt(Placed::program)
                    .thenComparing(Placed::section)
                    .thenComparingInt(Placed::index));
            return List.copyOf(ordered);
          };
      return Optional.of(
          new RepairChoice(
              c.rank(),
              c.hi(),
              c.addsOnly(),
              copies.size()
                  * (int)
                      strongest.stream().filter(x -> x.kind() == Edit.Kind.INSERT_BARRIER).count(),
              (int) strongest.stream().filter(x -> x.kind() == Edit.Kind.MOVE_FROM).count(),
              placed,
              n -> withSites(said(c.make().apply(n), scope), sites)));
    }

    /** ", at 4 sites: lines 650, 836, 1025, 1211" (or the places, for ops of no assembly line). */
    String sites(At anchor, List<Copy> copies) {
      java.util.TreeSet<Integer> lines = new java.util.TreeSet<>();
      java.util.LinkedHashSet<String> places = new java.util.LinkedHashSet<>();
      for (Copy copy : copies) {
        At at = copy.of(anchor);
        List<Op> ops = schedule.programs().get(at.program()).section(at.section());
        Op near = ops.get(Math.min(at.index(), ops.size() - 1));
        if (near.origin() instanceof Origin.InAssembly a) {
          lines.add(a.shownLine());
        } else {
          places.add(place(at) + " op " + at.index());
        }
      }
      if (!lines.isEmpty() && places.isEmpty()) {
        return ", at "
            + lines.size()
            + " sites: lines "
            + String.join(", ", lines.stream().map(String::valueOf).toList());
      }
      return ", at " + copies.size() + " sites: " + String.join(", ", places);
    }

    List<String> withSites(List<String> said, String sites) {
      List<String> out = new ArrayList<>(said);
      out.set(0, out.get(0) + sites);
      return out;
    }

    // ---- candidates ----

    void candidates(List<Candidate> waits, List<Candidate> barriers, List<Candidate> pairs) {
      // A register hazard names its consumer first and the load second: the load is the op a wait
      // must retire.
      int f = loadSecond() ? 1 : 0;
      OpRef firstRef = target.ops().get(f);
      At first = at(firstRef);
      Optional<At> second =
          target.ops().size() > 1 ? Optional.of(at(target.ops().get(1 - f))) : Optional.empty();
      Optional<Counter> counter = Counter.of(op(first));
      if (target.ops().size() == 1 || counter.isEmpty()) {
        // P2: the read has no write before it; the writes are other waves' copies.
        barriers.add(barrierAt(first, "before"));
        pairs.add(drainedBarrierAt(first, Counter.VMCNT));
        return;
      }
      Counter c = counter.get();
      // The count a wait retires the first op by, with n of its counter's ops issued after it: a
      // scalar load returns out of order, so only a wait for 0 retires it.
      boolean outOfOrder = !Counter.inOrder(op(first));
      IntUnaryOperator retiring = n -> outOfOrder ? 0 : Math.min(n, c.max());
      List<At> walk = after(first);
      int inflight = 1;
      Optional<At> lastWait = Optional.empty();
      Optional<At> firstWait = Optional.empty();
      int barriersSeen = 0;
      for (At a : walk) {
        if (second.isPresent()
            && a.equals(second.get())
            && firstRef.wave() == target.ops().get(1 - f).wave()) {
          // One wave: its own in-flight op; a wait before the second op orders them.
          lastWait
              .filter(w -> c.of((Op.Wait) op(w)).getAsInt() > 0)
              .ifPresent(w -> waits.add(strengthen(w, c)));
          waits.add(insertWait(a, c, retiring.applyAsInt(inflight - 1)));
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
          waits.add(insertWait(a, c, retiring.applyAsInt(inflight - 1)));
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
                waits.add(insertWait(d, c, retiring.applyAsInt(outstanding - 1)));
              });
      // A copy of the loop still in flight when the epilogue's op needs it: a wait at the loop's
      // exit, the start of the epilogue (the drain kernels put after their K loop).
      if (second.isPresent()
          && first.section() == Section.LOOP
          && second.get().section() == Section.EPILOGUE) {
        At exit = new At(first.program(), Section.EPILOGUE, 0);
        if (walk.contains(exit)) {
          int outstanding = 1;
          for (At a : walk.subList(0, walk.indexOf(exit))) {
            if (Counter.of(op(a)).equals(Optional.of(c))) {
              outstanding++;
            }
          }
          waits.add(insertWait(exit, c, retiring.applyAsInt(outstanding - 1)));
        }
      }
      // A barrier in one role only would unbalance the counts: expand() keeps barrier changes to
      // places every role has.
      firstWait.ifPresent(w -> barriers.add(barrierAt(w, "after")));
      second.ifPresent(s -> barriers.add(barrierAt(s, "before")));
      firstWait.ifPresent(w -> pairs.add(drainedBarrierAt(w, c)));
      second.ifPresent(s -> pairs.add(drainedBarrierAt(s, c)));
    }

    /** Whether the violation names an uncounted op (a register's consumer) before a counted one. */
    boolean loadSecond() {
      return target.ops().size() > 1
          && Counter.of(op(at(target.ops().get(0)))).isEmpty()
          && Counter.of(op(at(target.ops().get(1)))).isPresent();
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
    Optional<RepairChoice> balanceBarriers() {
      List<WaveProgram> programs = schedule.programs();
      long most = 0;
      for (WaveProgram p : programs) {
        if (count(p.loop()) != count(programs.get(0).loop())) {
          // No barrier at a fixed place balances counts that differ per iteration.
          return Optional.empty();
        }
        most = Math.max(most, count(p.prologue()) + count(p.epilogue()));
      }
      List<Placed> placed = new ArrayList<>();
      List<String> changes = new ArrayList<>();
      for (int i = 0; i < programs.size(); i++) {
        WaveProgram p = programs.get(i);
        long missing = most - count(p.prologue()) - count(p.epilogue());
        for (long m = 0; m < missing; m++) {
          String text = "at the end of the epilogue of role '" + p.role() + "', add an s_barrier";
          placed.add(
              new Placed(
                  i,
                  Section.EPILOGUE,
                  p.epilogue().size(),
                  Edit.Kind.INSERT_BARRIER,
                  new Op.Barrier(new Origin.FromTransform("pipeverify repair", "epilogue")),
                  text));
          changes.add(text);
        }
      }
      if (placed.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new RepairChoice(0, 0, true, placed.size(), 0, n -> placed, n -> changes));
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

    Candidate clampWait() {
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
      return new Candidate(0, 0, true, n -> List.of(e));
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
      List<Placed> placed = new ArrayList<>();
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
        placed.addAll(placedIn(q, all, index));
      }
      return Optional.of(new Expanded(placed, programs));
    }

    /**
     * The changes of program {@code q}: change i at op {@code index[i]} of the unchanged program; a
     * moved op and a strengthened wait are the role's own (its constants, its origin).
     */
    List<Placed> placedIn(int q, List<Change> changes, int[] index) {
      List<Placed> out = new ArrayList<>();
      Op moved = null;
      for (int i = 0; i < changes.size(); i++) {
        Change c = changes.get(i);
        Section section = c.at().section();
        Op op =
            switch (c.kind()) {
              case STRENGTHEN_WAIT -> {
                Op.Wait own = (Op.Wait) op(new At(q, section, index[i]));
                Op.Wait want = (Op.Wait) c.op();
                yield new Op.Wait(want.vmcnt(), want.lgkmcnt(), own.origin());
              }
              case MOVE_FROM -> op(new At(q, section, index[i]));
              case MOVE_TO -> moved;
              default -> c.op();
            };
        moved = op;
        out.add(new Placed(q, section, index[i], c.kind(), op, c.description()));
      }
      return out;
    }

    /**
     * The changes in words, one per change (a move's two halves are one), the first with the scope.
     */
    List<String> said(List<Change> changes, String scope) {
      List<String> out = new ArrayList<>();
      for (Change c : changes) {
        if (c.kind() != Edit.Kind.MOVE_TO) {
          out.add((out.isEmpty() ? scope : "") + c.description());
        }
      }
      return out;
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

  /**
   * The copies of the barrier-to-barrier stretch holding a place, in every program's same section:
   * the stretches (the ops after a barrier up to and with the next one; the last without) that do
   * the same things (as many ops of each kind, and waits of each count), the place in each being
   * the op of the anchor's kind and rank among its kind there. A loop body unrolled by hand or by a
   * compiler repeats its stages with other offsets and registers, interleaved differently, and a
   * wave-specialised kernel repeats them per wave group; the same fix belongs in every copy.
   */
  private final class UnrolledCopies {
    final At anchor;

    UnrolledCopies(At anchor) {
      this.anchor = anchor;
    }

    /** The copies, the anchor's first, then in program and index order. */
    List<Copy> of() {
      List<Op> own = schedule.programs().get(anchor.program()).section(anchor.section());
      if (own.isEmpty() || anchor.index() == own.size()) {
        return List.of(new Copy(anchor.program(), 0));
      }
      int[] stretch = stretchOf(own, anchor.index());
      java.util.Map<String, Integer> kinds = kinds(own.subList(stretch[0], stretch[1]));
      String shape = shape(own.get(anchor.index()));
      int rank = rank(own, stretch[0], anchor.index(), shape);
      List<Copy> out = new ArrayList<>(List.of(new Copy(anchor.program(), 0)));
      for (int q = 0; q < schedule.programs().size(); q++) {
        List<Op> ops = schedule.programs().get(q).section(anchor.section());
        int start = 0;
        while (start < ops.size()) {
          int end = stretchOf(ops, start)[1];
          boolean self = q == anchor.program() && start == stretch[0];
          if (!self && kinds(ops.subList(start, end)).equals(kinds)) {
            for (int i = start; i < end; i++) {
              if (shape(ops.get(i)).equals(shape) && rank(ops, start, i, shape) == rank) {
                out.add(new Copy(q, i - anchor.index()));
              }
            }
          }
          start = end;
        }
      }
      return out;
    }

    /** [start, end) of the stretch holding index {@code i}. */
    int[] stretchOf(List<Op> ops, int i) {
      int start = i;
      while (start > 0 && !(ops.get(start - 1) instanceof Op.Barrier)) {
        start--;
      }
      int end = i;
      while (end < ops.size() && !(ops.get(end) instanceof Op.Barrier)) {
        end++;
      }
      return new int[] {start, Math.min(end + 1, ops.size())};
    }

    /** How many ops of each shape. */
    java.util.Map<String, Integer> kinds(List<Op> ops) {
      java.util.Map<String, Integer> n = new java.util.TreeMap<>();
      ops.forEach(o -> n.merge(shape(o), 1, Integer::sum));
      return n;
    }

    /** How many ops of {@code shape} come before op {@code i} in the stretch from {@code start}. */
    int rank(List<Op> ops, int start, int i, String shape) {
      int r = 0;
      for (int j = start; j < i; j++) {
        if (shape(ops.get(j)).equals(shape)) {
          r++;
        }
      }
      return r;
    }

    String shape(Op o) {
      return o instanceof Op.Wait w ? "s_waitcnt " + w.counters() : o.kind();
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

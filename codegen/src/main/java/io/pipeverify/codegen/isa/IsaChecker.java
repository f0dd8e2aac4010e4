package io.pipeverify.codegen.isa;

import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.isa.AsmInstruction.Kind;
import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.model.Expr;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Compares the loop clang compiled with the schedule it came from, and verifies the schedule the
 * compiler actually produced (docs/codegen.md, "ISA check").
 *
 * <p>The emitted loop body is the schedule's loop body unrolled by its period P, so the expected
 * sequence is that body P times. Both sides are cut at sched_barriers (clang keeps them as {@code ;
 * sched_barrier} comments and never moves an instruction across one) and compared region by region:
 * counts of g2s, ds_read, v_mfma, s_barrier; waits matched by counter, value and position (the
 * number of g2s / ds_read / s_barrier before them in the region). Ops of one kind are matched in
 * order within a region.
 *
 * <p>The as-compiled schedule keeps the prologue and epilogue of the schedule and takes the loop
 * from the assembly: the schedule's ops in the compiler's order, with the compiler's waits. Its
 * loop covers P iterations (k replaced by P*k + phase); for each residue r of T modulo P it is
 * followed by the r remaining iterations and the epilogue, with T replaced by P*T + r. The schedule
 * keeps the {@code llvm} implicit-wait model: LLVM must wait before every register use, so the
 * implicit waits the model adds are implied by the real ones.
 *
 * <p>Independently of that mapping, the kernel is also lifted from the assembly ({@link
 * ScheduleLift}) and verified: the ISA layer's own reading of what clang produced, with every
 * address evaluated. A lifted violation makes the check fail even where the mapping conforms.
 */
public final class IsaChecker {
  /** What a wait's position in its region counts: the g2s, ds_read and s_barrier before it. */
  private static final Set<Kind> ANCHORS = EnumSet.of(Kind.G2S, Kind.DS_READ, Kind.BARRIER);

  private IsaChecker() {}

  /**
   * Checks {@code asm} (the text of {@code asmName}) against the schedule it was emitted from; a
   * listing the ISA decoder cannot read is a located {@link AsmSyntaxException}.
   */
  public static IsaReport check(VerifiedSchedule verified, String asm, String asmName)
      throws AsmSyntaxException {
    AsmListing listing = AsmParser.parse(asm, asmName);
    Run run = new Run(verified, asmName);
    run.lift(listing);
    return run.check(AsmLoopParser.findLoop(listing, asm));
  }

  /** One schedule op of the unrolled loop with the phase (k mod P) it belongs to. */
  private record Placed(Op op, int phase) {}

  private static final class Run {
    final Schedule s;
    final VerificationReport original;
    final String asmName;
    final int unroll;
    final int mfmaPerOp;
    final List<IsaFinding> findings = new ArrayList<>();
    final List<IsaReport.RegionSummary> summaries = new ArrayList<>();
    final List<IsaReport.AsCompiled> lifted = new ArrayList<>();
    Optional<String> unliftable = Optional.empty();

    Run(VerifiedSchedule verified, String asmName) {
      this.s = verified.schedule();
      this.original = verified.report();
      this.asmName = asmName;
      this.unroll = HipEmitter.loopUnroll(s);
      this.mfmaPerOp = HipEmitter.mfmaInstructionsPerOp(s.target());
    }

    IsaReport check(Optional<AsmLoop> loop) {
      if (loop.isEmpty()) {
        findings.add(
            new IsaFinding(
                IsaFinding.Kind.NO_LOOP,
                -1,
                0,
                "no loop (a branch back to a label) in " + asmName));
        return report(loop, List.of(), IsaReport.Status.UNMAPPED);
      }
      WaveProgram program = s.programs().get(0);
      List<List<Placed>> expected = new ArrayList<>();
      List<Placed> separators = new ArrayList<>();
      expected.add(new ArrayList<>());
      for (int ph = 0; ph < unroll; ph++) {
        for (Op op : program.loop()) {
          if (op instanceof Op.SchedBarrier) {
            separators.add(new Placed(op, ph));
            expected.add(new ArrayList<>());
          } else {
            expected.get(expected.size() - 1).add(new Placed(op, ph));
          }
        }
      }
      List<List<AsmInstruction>> actual = new ArrayList<>();
      actual.add(new ArrayList<>());
      for (AsmInstruction i : loop.get().instructions()) {
        if (i.kind() == Kind.SCHED_BARRIER) {
          actual.add(new ArrayList<>());
        } else {
          actual.get(actual.size() - 1).add(i);
        }
      }
      if (expected.size() != actual.size()) {
        findings.add(
            new IsaFinding(
                IsaFinding.Kind.REGION_MISMATCH,
                -1,
                loop.get().firstLine(),
                "the loop has "
                    + (actual.size() - 1)
                    + " sched_barriers, the schedule's loop unrolled x"
                    + unroll
                    + " has "
                    + (expected.size() - 1)));
        return report(loop, List.of(), IsaReport.Status.UNMAPPED);
      }
      boolean mapped = true;
      List<Placed> compiled = new ArrayList<>();
      for (int r = 0; r < expected.size(); r++) {
        mapped &= region(r, expected.get(r), actual.get(r), compiled);
        if (r < separators.size()) {
          compiled.add(separators.get(r));
        }
      }
      if (!mapped) {
        return report(loop, List.of(), IsaReport.Status.UNMAPPED);
      }
      List<IsaReport.AsCompiled> results = new ArrayList<>();
      for (int residue = 0; residue < unroll; residue++) {
        Schedule asCompiled = asCompiled(program, compiled, residue);
        results.add(
            new IsaReport.AsCompiled(residue, Verifier.verify(asCompiled, original.options())));
      }
      IsaReport.Status status = IsaReport.Status.CONFORMS;
      for (IsaReport.AsCompiled a : results) {
        if (a.report().verdict() instanceof Verdict.Violated) {
          status = IsaReport.Status.VIOLATED;
        } else if (a.report().verdict() instanceof Verdict.Inconclusive
            && status != IsaReport.Status.VIOLATED) {
          status = IsaReport.Status.INCONCLUSIVE;
        }
      }
      if (status == IsaReport.Status.CONFORMS && findings.stream().anyMatch(this::deviation)) {
        status = IsaReport.Status.DEVIATES_SAFE;
      }
      return report(loop, results, status);
    }

    /**
     * The kernel as the assembly lift reads it (docs/isa.md), verified once per residue of the trip
     * count modulo the unroll factor: the kernel's remainder code after the loop depends on it.
     * This second reading evaluates every address instead of matching the loop with the schedule.
     */
    void lift(AsmListing listing) {
      Optional<Kernel> kernel = listing.kernel(HipEmitter.KERNEL);
      if (kernel.isEmpty()) {
        unliftable = Optional.of("no kernel " + HipEmitter.KERNEL + " in " + asmName);
        return;
      }
      for (int residue = 0; residue < unroll; residue++) {
        long tripCount = (long) (ScheduleLift.ITERATIONS + 1) * unroll + residue;
        try {
          Schedule asLifted =
              ScheduleLift.lift(
                  listing, kernel.get(), s.waves(), HipEmitter.arguments(s, tripCount));
          lifted.add(
              new IsaReport.AsCompiled(residue, Verifier.verify(asLifted, original.options())));
        } catch (AsmSyntaxException e) {
          lifted.clear();
          unliftable = Optional.of(e.getMessage());
          return;
        }
      }
    }

    /**
     * The status once the kernel is lifted: the lifted verdicts decide. The lift evaluates every
     * address and follows registers exactly, while the loop mapping matches ops of one kind in
     * program order, which misplaces MFMAs clang reorders among themselves (tilelang-pipelined).
     * The lift does not check P3 or P5, but those are properties of the verified schedule's data,
     * which compilation preserves; what compilation can break is timing: P1, P2, P4, P6, P7. The
     * mapping's findings still say what changed (deviates-safe). Without a lift, the mapping
     * decides.
     */
    private IsaReport.Status withLifted(IsaReport.Status mapped) {
      if (lifted.isEmpty()) {
        return mapped;
      }
      boolean inconclusive = false;
      for (IsaReport.AsCompiled a : lifted) {
        if (a.report().verdict() instanceof Verdict.Violated) {
          return IsaReport.Status.VIOLATED;
        }
        inconclusive |= a.report().verdict() instanceof Verdict.Inconclusive;
      }
      if (inconclusive) {
        return IsaReport.Status.INCONCLUSIVE;
      }
      return mapped == IsaReport.Status.CONFORMS
          ? IsaReport.Status.CONFORMS
          : IsaReport.Status.DEVIATES_SAFE;
    }

    private boolean deviation(IsaFinding f) {
      return f.kind().deviation()
          || (f.kind() == IsaFinding.Kind.INSERTED_LGKMCNT
              && s.implicitWaits() == ImplicitWaits.NONE);
    }

    private IsaReport report(
        Optional<AsmLoop> loop, List<IsaReport.AsCompiled> results, IsaReport.Status status) {
      return new IsaReport(
          s.name(),
          s.target().id(),
          asmName,
          unroll,
          loop,
          summaries,
          findings,
          results,
          lifted,
          unliftable,
          withLifted(status));
    }

    /** Compares one region and appends its as-compiled ops; false when it cannot be mapped. */
    private boolean region(
        int r, List<Placed> exp, List<AsmInstruction> act, List<Placed> compiled) {
      String stage = stageOf(exp);
      IsaReport.Counts want = countsOf(exp);
      IsaReport.Counts got = countsOfAsm(act);
      String scheduleOrder = orderOf(exp);
      String compiledOrder = asmOrder(act);
      summaries.add(new IsaReport.RegionSummary(r, stage, want, got, scheduleOrder, compiledOrder));
      String where = "region " + r + (stage.isEmpty() ? "" : " (" + stage + ")");
      boolean mapped = true;
      for (AsmInstruction i : act) {
        if (i.kind() == Kind.OTHER_VMEM || i.kind() == Kind.OTHER_LGKM) {
          findings.add(
              new IsaFinding(
                  IsaFinding.Kind.UNTRACKED_INSTRUCTION,
                  r,
                  i.line(),
                  where
                      + ": '"
                      + i.text()
                      + "' counts on "
                      + (i.kind() == Kind.OTHER_VMEM ? "vmcnt" : "lgkmcnt")
                      + " but has no op in the schedule, so the waits cannot be mapped"));
          mapped = false;
        }
      }
      if (want.g2s() != got.g2s()
          || want.dsRead() != got.dsRead()
          || want.mfma() != got.mfma()
          || want.barriers() != got.barriers()
          || count(exp, Op.SetPrio.class) != countAsm(act, Kind.SETPRIO)) {
        findings.add(
            new IsaFinding(
                IsaFinding.Kind.COUNT_MISMATCH,
                r,
                act.isEmpty() ? 0 : act.get(0).line(),
                where
                    + ": the schedule has "
                    + describe(want)
                    + ", the compiled loop "
                    + describe(got)));
        return false;
      }
      if (!mapped) {
        return false;
      }
      if (!scheduleOrder.equals(compiledOrder)) {
        findings.add(
            new IsaFinding(
                IsaFinding.Kind.ORDER_CHANGE,
                r,
                act.isEmpty() ? 0 : act.get(0).line(),
                where + ": schedule order " + scheduleOrder + ", compiled order " + compiledOrder));
      }
      waits(r, where, exp, act);
      rebuild(exp, act, compiled);
      return true;
    }

    /** A wait of one counter with its anchor: g2s / ds_read / s_barrier before it in the region. */
    private record WaitAt(int anchor, int value, int line, int index, String text) {}

    private void waits(int r, String where, List<Placed> exp, List<AsmInstruction> act) {
      for (String counter : List.of("vmcnt", "lgkmcnt")) {
        boolean vm = counter.equals("vmcnt");
        List<WaitAt> want = new ArrayList<>();
        int anchor = 0;
        for (Placed p : exp) {
          if (p.op() instanceof Op.Wait w) {
            OptionalInt v = vm ? w.vmcnt() : w.lgkmcnt();
            if (v.isPresent()) {
              want.add(new WaitAt(anchor, v.getAsInt(), 0, want.size(), w.counters()));
            }
          } else if (anchors(p.op())) {
            anchor++;
          }
        }
        List<WaitAt> got = new ArrayList<>();
        anchor = 0;
        for (int idx = 0; idx < act.size(); idx++) {
          AsmInstruction i = act.get(idx);
          if (i.kind() == Kind.WAIT) {
            OptionalInt v = vm ? i.vmcnt() : i.lgkmcnt();
            if (v.isPresent()) {
              got.add(new WaitAt(anchor, v.getAsInt(), i.line(), idx, i.text()));
            }
          } else if (ANCHORS.contains(i.kind())) {
            anchor++;
          }
        }
        boolean[] used = new boolean[got.size()];
        List<WaitAt> unmatched = new ArrayList<>();
        for (WaitAt w : want) {
          int hit = -1;
          for (int g = 0; g < got.size() && hit < 0; g++) {
            if (!used[g] && got.get(g).anchor() == w.anchor() && got.get(g).value() <= w.value()) {
              hit = g;
            }
          }
          if (hit >= 0) {
            used[hit] = true;
          } else {
            unmatched.add(w);
          }
        }
        for (WaitAt w : unmatched) {
          int hit = -1;
          for (int g = 0; g < got.size() && hit < 0; g++) {
            if (!used[g] && got.get(g).value() == w.value()) {
              hit = g;
            }
          }
          if (hit >= 0) {
            used[hit] = true;
            WaitAt g = got.get(hit);
            findings.add(
                new IsaFinding(
                    IsaFinding.Kind.MOVED_WAIT,
                    r,
                    g.line(),
                    where
                        + ": the schedule's "
                        + counter
                        + "("
                        + w.value()
                        + ") comes after "
                        + w.anchor()
                        + " g2s/ds_read/s_barrier of the region, the compiled '"
                        + g.text()
                        + "' after "
                        + g.anchor()));
          } else {
            findings.add(
                new IsaFinding(
                    IsaFinding.Kind.MISSING_WAIT,
                    r,
                    0,
                    where
                        + ": the schedule's "
                        + counter
                        + "("
                        + w.value()
                        + ") (after "
                        + w.anchor()
                        + " g2s/ds_read/s_barrier of the region) is not in the compiled loop"));
          }
        }
        for (int g = 0; g < got.size(); g++) {
          if (used[g]) {
            continue;
          }
          WaitAt w = got.get(g);
          String next = nextMemory(act, w.index());
          findings.add(
              new IsaFinding(
                  vm ? IsaFinding.Kind.INSERTED_VMCNT : IsaFinding.Kind.INSERTED_LGKMCNT,
                  r,
                  w.line(),
                  where
                      + ": compiler-inserted '"
                      + w.text()
                      + "' before "
                      + next
                      + (vm
                          ? "; the schedule has no vmcnt wait here: it drains the g2s in flight"
                              + " before the read (seed note 003) and the copies no longer overlap"
                          : " (a register use; the llvm implicit-wait model assumes it)"),
                  OptionalInt.of(w.value())));
        }
      }
    }

    private String nextMemory(List<AsmInstruction> act, int from) {
      for (int i = from + 1; i < act.size(); i++) {
        AsmInstruction n = act.get(i);
        if (n.kind() != Kind.WAIT) {
          return "'" + n.text() + "' (" + asmName + ":" + n.line() + ")";
        }
      }
      return "the end of the region";
    }

    private static boolean anchors(Op op) {
      Kind k = kindOf(op);
      return k != null && ANCHORS.contains(k);
    }

    /** The region in the compiler's order: schedule ops matched by kind, the compiler's waits. */
    private void rebuild(List<Placed> exp, List<AsmInstruction> act, List<Placed> compiled) {
      Map<Kind, Deque<Placed>> queues = new EnumMap<>(Kind.class);
      for (Kind k : Kind.values()) {
        queues.put(k, new ArrayDeque<>());
      }
      int phase = exp.isEmpty() ? 0 : exp.get(0).phase();
      for (Placed p : exp) {
        Kind k = kindOf(p.op());
        if (k != null) {
          queues.get(k).add(p);
        }
      }
      int mfmas = 0;
      for (AsmInstruction i : act) {
        if (i.kind() == Kind.WAIT) {
          compiled.add(
              new Placed(
                  new Op.Wait(
                      i.vmcnt(),
                      i.lgkmcnt(),
                      new Origin.FromTransform("as-compiled", asmName + ":" + i.line())),
                  phase));
        } else if (i.kind() == Kind.MFMA) {
          if (mfmas++ % mfmaPerOp == 0) {
            compiled.add(queues.get(Kind.MFMA).poll());
          }
        } else {
          Placed p = queues.get(i.kind()).poll();
          compiled.add(p);
          phase = p.phase();
        }
      }
    }

    private static Kind kindOf(Op op) {
      if (op instanceof Op.G2s) {
        return Kind.G2S;
      }
      if (op instanceof Op.DsRead) {
        return Kind.DS_READ;
      }
      if (op instanceof Op.Mfma) {
        return Kind.MFMA;
      }
      if (op instanceof Op.Barrier) {
        return Kind.BARRIER;
      }
      if (op instanceof Op.SetPrio) {
        return Kind.SETPRIO;
      }
      return null;
    }

    /** The as-compiled schedule for trip counts T = unroll * T' + residue, T' >= 1. */
    private Schedule asCompiled(WaveProgram program, List<Placed> compiled, int residue) {
      List<Op> loop = new ArrayList<>();
      for (Placed p : compiled) {
        loop.add(
            unroll == 1
                ? p.op()
                : OpSubstitution.apply(p.op(), Map.of(Schedule.K, affine(Schedule.K, p.phase()))));
      }
      Map<String, Expr> trip = Map.of(Schedule.TRIP_COUNT, affine(Schedule.TRIP_COUNT, residue));
      List<Op> prologue = new ArrayList<>();
      for (Op op : program.prologue()) {
        prologue.add(unroll == 1 ? op : OpSubstitution.apply(op, trip));
      }
      List<Op> epilogue = new ArrayList<>();
      for (int ph = 0; ph < residue; ph++) {
        Map<String, Expr> k = Map.of(Schedule.K, affine(Schedule.TRIP_COUNT, ph));
        for (Op op : program.loop()) {
          epilogue.add(OpSubstitution.apply(op, k));
        }
      }
      for (Op op : program.epilogue()) {
        epilogue.add(unroll == 1 ? op : OpSubstitution.apply(op, trip));
      }
      String name =
          s.name()
              + " as compiled"
              + (unroll == 1 ? "" : " (T = " + unroll + "*T' + " + residue + ")");
      return new Schedule(
          name,
          s.target(),
          s.waves(),
          s.implicitWaits(),
          s.waveParams(),
          s.buffers(),
          s.gemm(),
          List.of(new WaveProgram(program.role(), program.waves(), prologue, loop, epilogue)),
          Math.max(1, s.nominalTripCount() / unroll));
    }

    /** {@code unroll * var + offset}. */
    private Expr affine(String var, int offset) {
      Expr scaled = new Expr.Binary(Expr.Operator.MUL, Expr.of(unroll), new Expr.Var(var));
      return offset == 0 ? scaled : new Expr.Binary(Expr.Operator.ADD, scaled, Expr.of(offset));
    }

    private String stageOf(List<Placed> exp) {
      if (exp.isEmpty()) {
        return "";
      }
      Placed p = exp.get(0);
      return p.op().origin().describe()
          + (unroll == 1 ? "" : ", k % " + unroll + " == " + p.phase());
    }

    private IsaReport.Counts countsOf(List<Placed> exp) {
      int vm = 0;
      int lgkm = 0;
      for (Placed p : exp) {
        if (p.op() instanceof Op.Wait w) {
          vm += w.vmcnt().isPresent() ? 1 : 0;
          lgkm += w.lgkmcnt().isPresent() ? 1 : 0;
        }
      }
      return new IsaReport.Counts(
          count(exp, Op.G2s.class),
          count(exp, Op.DsRead.class),
          count(exp, Op.Mfma.class) * mfmaPerOp,
          vm,
          lgkm,
          count(exp, Op.Barrier.class));
    }

    private static IsaReport.Counts countsOfAsm(List<AsmInstruction> act) {
      int vm = 0;
      int lgkm = 0;
      for (AsmInstruction i : act) {
        if (i.kind() == Kind.WAIT) {
          vm += i.vmcnt().isPresent() ? 1 : 0;
          lgkm += i.lgkmcnt().isPresent() ? 1 : 0;
        }
      }
      return new IsaReport.Counts(
          countAsm(act, Kind.G2S),
          countAsm(act, Kind.DS_READ),
          countAsm(act, Kind.MFMA),
          vm,
          lgkm,
          countAsm(act, Kind.BARRIER));
    }

    private static int count(List<Placed> exp, Class<? extends Op> type) {
      return (int) exp.stream().filter(p -> type.isInstance(p.op())).count();
    }

    private static int countAsm(List<AsmInstruction> act, Kind kind) {
      return (int) act.stream().filter(i -> i.kind() == kind).count();
    }

    private static String describe(IsaReport.Counts c) {
      return c.g2s()
          + " g2s, "
          + c.dsRead()
          + " ds_read, "
          + c.mfma()
          + " v_mfma, "
          + c.barriers()
          + " s_barrier";
    }

    /**
     * The order of g2s, ds_read, mfma and s_barrier, run-length encoded ({@code ds_read x8, g2s
     * x2}). An mfma moved across an s_barrier moves LLVM's lgkmcnt wait before it across too.
     */
    private static String orderOf(List<Placed> exp) {
      List<String> kinds = new ArrayList<>();
      for (Placed p : exp) {
        if (anchors(p.op()) || p.op() instanceof Op.Mfma) {
          kinds.add(p.op() instanceof Op.Barrier ? "s_barrier" : p.op().kind());
        }
      }
      return runLength(kinds);
    }

    private String asmOrder(List<AsmInstruction> act) {
      List<String> kinds = new ArrayList<>();
      int mfmas = 0;
      for (AsmInstruction i : act) {
        if (i.kind() == Kind.MFMA && mfmas++ % mfmaPerOp == 0) {
          kinds.add("mfma");
        }
        if (i.kind() == Kind.G2S) {
          kinds.add("g2s");
        } else if (i.kind() == Kind.DS_READ) {
          kinds.add("ds_read");
        } else if (i.kind() == Kind.BARRIER) {
          kinds.add("s_barrier");
        }
      }
      return runLength(kinds);
    }

    private static String runLength(List<String> kinds) {
      if (kinds.isEmpty()) {
        return "-";
      }
      StringBuilder b = new StringBuilder();
      int i = 0;
      while (i < kinds.size()) {
        int j = i;
        while (j < kinds.size() && kinds.get(j).equals(kinds.get(i))) {
          j++;
        }
        b.append(b.length() == 0 ? "" : ", ").append(kinds.get(i));
        if (j - i > 1) {
          b.append(" x").append(j - i);
        }
        i = j;
      }
      return b.toString();
    }
  }
}

package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Location;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Lifts a compiled kernel to a schedule (semantics.md section 8; docs/isa.md): every wave is run
 * concretely ({@link WaveEvaluator}) through {@link #ITERATIONS} iterations of its K loop, the
 * loop's period P is found ({@link LoopPeriod}), and each wave's steps become its program: what ran
 * before the loop the prologue, iterations 0..P-1 the loop (one schedule iteration is P loop
 * iterations, so every address is a constant), what ran after it the epilogue. Every op's origin is
 * its assembly line. The schedule has {@code implicitWaits: none} (every wait is in the assembly)
 * and {@code intent: none} (no tensor names: tags, the GEMM tile and mfma indices are
 * placeholders).
 *
 * <p><b>LDS in granules.</b> The lift measures LDS in granules of G bytes, G the largest number
 * that divides the start and end of every contiguous run of bytes any write touches (the gcd).
 * Every write then covers whole granules, so a read and a write share a byte exactly when they
 * share a granule, and a read's bytes were all written exactly when its granules were: P1 and P2 on
 * granules are P1 and P2 on bytes. A read of an MFMA fragment (sixteen 64-byte pieces of 128-byte
 * rows) is then one range of granules, as long as the copies write whole kilobytes. An access that
 * is still several ranges in granules is a located error, not a guess.
 *
 * <p><b>Counted instructions.</b> Global loads and stores into registers are {@code gload} ops
 * (vmcnt). Scalar loads and LDS instructions that touch no LDS bytes count on lgkmcnt too but are
 * not ops (semantics.md section 8): {@code s_waitcnt lgkmcnt(N)} blocks until the whole count is at
 * most N, so at most N LDS operations are outstanding after it whatever the others do, and LDS
 * operations retire in order among themselves; counting only the LDS operations gives exactly the
 * guarantee the LDS checks need (one in flight can only make the real wait stronger).
 *
 * <p><b>Registers.</b> An mfma's A (B) operand names the load that last wrote any of its registers
 * before it, as the wave ran; the loop's mfmas must name the same load in every iteration.
 */
public final class ScheduleLift {
  /** Loop iterations every wave runs: enough to find periods up to 4 (LoopPeriod needs 2P). */
  public static final int ITERATIONS = 8;

  /** The one LDS buffer of a lifted schedule: all of the workgroup's LDS, one slot. */
  public static final String BUFFER = "lds";

  /** A placeholder GEMM tile: P5, the only user of it, is not checked without intent. */
  private static final Gemm NO_GEMM = new Gemm(16, 16, 32, 32);

  private final AsmListing listing;
  private final Kernel kernel;
  private final int waves;
  private final Map<String, Long> args;

  /**
   * Every access's contiguous byte runs, computed once (the granule, regions and LDS size use
   * them).
   */
  private final Map<LdsAccess, List<Run>> runs = new IdentityHashMap<>();

  private ScheduleLift(AsmListing listing, Kernel kernel, int waves, Map<String, Long> args) {
    this.listing = listing;
    this.kernel = kernel;
    this.waves = waves;
    this.args = Map.copyOf(args);
  }

  /**
   * The schedule of {@code kernel} run by {@code waves} waves with the scalar arguments {@code
   * args} (by name, {@code argN} when the compiler recorded none).
   *
   * @throws AsmSyntaxException naming the assembly line, for what the lift cannot evaluate or
   *     express exactly
   */
  public static Schedule lift(AsmListing listing, Kernel kernel, int waves, Map<String, Long> args)
      throws AsmSyntaxException {
    return new ScheduleLift(listing, kernel, waves, args).lift();
  }

  private Schedule lift() throws AsmSyntaxException {
    Target target = target();
    ControlFlowGraph cfg = ControlFlowGraph.of(kernel);
    Optional<ControlFlowGraph.Loop> loop = cfg.loopWithMost("v_mfma");
    WaveEvaluator evaluator = new WaveEvaluator(kernel, cfg, waves * Target.LANES, args);
    List<WaveEvaluator.Trace> traces = new ArrayList<>();
    for (int w = 0; w < waves; w++) {
      traces.add(loop.isPresent() ? evaluator.run(w, loop.get(), ITERATIONS) : evaluator.run(w));
    }
    int period = 1;
    if (loop.isPresent()) {
      OptionalInt p = LoopPeriod.of(traces, ITERATIONS);
      if (p.isEmpty()) {
        throw new AsmSyntaxException(
            headerLocation(cfg, loop.get()),
            "the loop's LDS addresses or instructions do not repeat within "
                + ITERATIONS / 2
                + " iterations in every wave, so it has no period the lift can use");
      }
      period = p.getAsInt();
    }
    long ldsEnd = kernel.amdhsa("group_segment_fixed_size").orElse(0);
    for (WaveEvaluator.Trace t : traces) {
      for (LdsAccess a : t.accesses()) {
        List<Run> r = Run.of(a);
        runs.put(a, r);
        if (!r.isEmpty()) {
          ldsEnd = Math.max(ldsEnd, r.get(r.size() - 1).to());
        }
      }
    }
    int granule = granule();
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveEvaluator.Trace t : traces) {
      programs.add(program(t, period, granule));
    }
    int slotBytes = Math.toIntExact(Math.max(granule, (ldsEnd + granule - 1) / granule * granule));
    return new Schedule(
        kernel.name(),
        target,
        waves,
        ImplicitWaits.NONE,
        List.of(),
        List.of(new LdsBuffer(BUFFER, 1, slotBytes, granule)),
        NO_GEMM,
        programs,
        1,
        Intent.NONE);
  }

  private Target target() throws AsmSyntaxException {
    Location at = new Location(listing.file(), 1);
    String t =
        listing
            .target()
            .orElseThrow(
                () ->
                    new AsmSyntaxException(
                        at,
                        "no .amdgcn_target directive: the lift needs gfx950 or gfx942 (give"
                            + " --target gfx950 or --target gfx942)"));
    for (Target candidate : Target.values()) {
      if (t.endsWith(candidate.id()) || t.contains(candidate.id() + ":")) {
        return candidate;
      }
    }
    throw new AsmSyntaxException(at, "target " + t + " is not supported (gfx950 and gfx942 are)");
  }

  private static Location headerLocation(ControlFlowGraph cfg, ControlFlowGraph.Loop loop) {
    return cfg.blocks().get(loop.header()).instructions().get(0).location();
  }

  // ---------------------------------------------------------------- LDS granules

  /** A contiguous byte range {@code [from, to)} of one access. */
  record Run(long from, long to) {
    /** The maximal runs of the bytes an access's active lanes touch, in address order. */
    static List<Run> of(LdsAccess a) {
      List<Long> starts = new ArrayList<>();
      for (int lane = 0; lane < a.laneAddresses().size(); lane++) {
        if (a.laneAddresses().get(lane).isPresent()) {
          starts.add(a.address(lane));
        }
      }
      starts.sort(null);
      List<Run> runs = new ArrayList<>();
      for (long s : starts) {
        long e = s + a.bytesPerLane();
        Run last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
        if (last != null && s <= last.to) {
          runs.set(runs.size() - 1, new Run(last.from, Math.max(last.to, e)));
        } else {
          runs.add(new Run(s, e));
        }
      }
      return runs;
    }
  }

  /** G: the gcd of every write run's ends (of the reads' when nothing writes LDS). */
  private int granule() {
    long g = gcdOfRuns(true);
    if (g == 0) {
      g = gcdOfRuns(false);
    }
    return (int) Math.max(1, g);
  }

  private long gcdOfRuns(boolean writes) {
    long g = 0;
    for (Map.Entry<LdsAccess, List<Run>> e : runs.entrySet()) {
      if ((e.getKey().kind() != LdsAccess.Kind.READ) == writes) {
        for (Run r : e.getValue()) {
          g = gcd(g, gcd(r.from(), r.to()));
        }
      }
    }
    return g;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** The one range of granules a step's accesses touch (ds_read2/ds_write2: both together). */
  private Region region(Step s, int granule) throws AsmSyntaxException {
    List<Run> touched = new ArrayList<>();
    for (LdsAccess a : s.lds()) {
      touched.addAll(runs.get(a));
    }
    if (touched.isEmpty()) {
      // An LDS instruction with no active lane still counts on its counter, but a region of no
      // bytes is not one the model has.
      throw new AsmSyntaxException(
          s.instruction().location(),
          s.instruction().mnemonic()
              + " in wave "
              + s.lds().get(0).wave()
              + " runs with no active lane; the lift needs every LDS access to touch bytes");
    }
    touched.sort(Comparator.comparingLong(Run::from));
    long first = touched.get(0).from() / granule;
    long end = first;
    for (Run r : touched) {
      long from = r.from() / granule;
      if (from > end) {
        throw new AsmSyntaxException(
            s.instruction().location(),
            s.instruction().mnemonic()
                + " in wave "
                + s.lds().get(0).wave()
                + " touches LDS in "
                + touched.size()
                + " separate ranges that are not one range of "
                + granule
                + "-byte granules (the largest unit every write covers whole); the lift needs"
                + " every access to be one range");
      }
      end = Math.max(end, (r.to() + granule - 1) / granule);
    }
    return Region.rows(Expr.of(first), Expr.of(end - first));
  }

  // ---------------------------------------------------------------- counters

  private static Waitcnt waitcnt(Instruction i) {
    return (Waitcnt) i.operand(0);
  }

  // ---------------------------------------------------------------- ops

  private WaveProgram program(WaveEvaluator.Trace t, int period, int granule)
      throws AsmSyntaxException {
    List<Op> prologue = new ArrayList<>();
    List<Op> loop = new ArrayList<>();
    List<Op> epilogue = new ArrayList<>();
    Registers registers = new Registers();
    Map<String, String> loopOperands = new HashMap<>();
    int positionInIteration = 0;
    int lastIteration = -1;
    for (Step s : t.steps()) {
      if (s.iteration() != lastIteration) {
        positionInIteration = 0;
        lastIteration = s.iteration();
      }
      int position = positionInIteration++;
      Optional<Op> op = op(s, t.wave(), granule, registers);
      registers.record(s);
      if (op.isEmpty()) {
        continue;
      }
      if (s.iteration() >= 0 && op.get() instanceof Op.Mfma m) {
        checkSameOperands(s, t.wave(), loopOperands, (s.iteration() % period) + "/" + position, m);
      }
      if (s.iteration() == -1) {
        prologue.add(op.get());
      } else if (s.iteration() == -2) {
        epilogue.add(op.get());
      } else if (s.iteration() < period) {
        loop.add(op.get());
      }
    }
    return new WaveProgram("wave" + t.wave(), List.of(t.wave()), prologue, loop, epilogue);
  }

  /**
   * A loop mfma must read the same loads in every iteration that runs it as the same op ({@code
   * place}: the iteration modulo the period and the position in it).
   */
  private static void checkSameOperands(
      Step s, int wave, Map<String, String> seen, String place, Op.Mfma m)
      throws AsmSyntaxException {
    String operands = m.a() + " and " + m.b();
    String before = seen.putIfAbsent(place, operands);
    if (before != null && !before.equals(operands)) {
      throw new AsmSyntaxException(
          s.instruction().location(),
          s.instruction().mnemonic()
              + " in wave "
              + wave
              + " reads registers loaded as "
              + before
              + " in one iteration and as "
              + operands
              + " in another; the lift needs the same loads in every iteration");
    }
  }

  private Optional<Op> op(Step s, int wave, int granule, Registers registers)
      throws AsmSyntaxException {
    Instruction i = s.instruction();
    Origin origin = new Origin.InAssembly(i.location().file(), i.location().line());
    Expr slot = Expr.of(0);
    return switch (s.kind()) {
      case COPY -> {
        Region r = region(s, granule);
        yield Optional.of(new Op.G2s(BUFFER, slot, r, tag(r), origin));
      }
      case READ -> {
        Region r = region(s, granule);
        yield Optional.of(new Op.DsRead(BUFFER, slot, r, destination(i), tag(r), origin));
      }
      case WRITE -> {
        Region r = region(s, granule);
        yield Optional.of(new Op.DsWrite(BUFFER, slot, r, i.operand(1).toString(), tag(r), origin));
      }
      case VMEM ->
          Optional.of(
              new Op.GLoad(
                  i.opcode().contains("load") ? destination(i) : "store " + origin.describe(),
                  TileTag.wholeRows("global", "0", "0", 1),
                  origin));
      case WAIT -> {
        Waitcnt w = waitcnt(i);
        yield w.vmcnt().isEmpty() && w.lgkmcnt().isEmpty()
            ? Optional.empty()
            : Optional.of(new Op.Wait(w.vmcnt(), w.lgkmcnt(), origin));
      }
      case BARRIER -> Optional.of(new Op.Barrier(origin));
      case MFMA ->
          Optional.of(
              new Op.Mfma(
                  registers.loadOf(i.operand(1)),
                  registers.loadOf(i.operand(2)),
                  0,
                  0,
                  0,
                  Expr.of(0),
                  origin));
      case LGKM, END -> Optional.empty();
    };
  }

  /** Placeholder tags: without intent they only name the granules (proofs/lifted-intent.md). */
  private static TileTag tag(Region r) {
    return new TileTag(BUFFER, Expr.of(0), r.start(), r.count(), Optional.empty());
  }

  private static String destination(Instruction i) {
    return i.operand(0).toString();
  }

  /**
   * Which load last wrote each vector register, as the wave ran; an mfma operand names the latest
   * of the loads that wrote any of its registers.
   */
  private static final class Registers {
    private record Def(String name, long order) {}

    private final Map<String, Def> last = new HashMap<>();
    private long order;

    void record(Step s) {
      order++;
      Instruction i = s.instruction();
      boolean load =
          s.kind() == Step.Kind.READ || (s.kind() == Step.Kind.VMEM && i.opcode().contains("load"));
      if (load && i.operand(0) instanceof Operand.Register r) {
        for (int n = r.first(); n <= r.last(); n++) {
          last.put(r.file() + ":" + n, new Def(r.toString(), order));
        }
      }
    }

    String loadOf(Operand operand) {
      if (!(operand instanceof Operand.Register r)) {
        return "computed " + operand;
      }
      Def latest = null;
      for (int n = r.first(); n <= r.last(); n++) {
        Def d = last.get(r.file() + ":" + n);
        if (d != null && (latest == null || d.order > latest.order)) {
          latest = d;
        }
      }
      return latest == null ? "computed " + r : latest.name;
    }
  }
}

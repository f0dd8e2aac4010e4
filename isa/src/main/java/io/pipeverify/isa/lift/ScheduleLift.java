package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Location;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.isa.semantics.Symbols;
import io.pipeverify.isa.semantics.WaveState;
import io.pipeverify.model.Digest;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.OpObjects;
import io.pipeverify.model.Origin;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * that divides the start and end of every contiguous run of bytes any write of the launch classes
 * touches (the gcd; one G for a batch of classes, {@link #liftEach}, so its classes say the same
 * bytes the same way; a kernel's classes are one batch unless they are very many). Every write then
 * covers whole granules, so a read and a write share a byte exactly when they share a granule, and
 * a read's bytes were all written exactly when its granules were: P1 and P2 on granules are P1 and
 * P2 on bytes. A read of an MFMA fragment (sixteen 64-byte pieces of 128-byte rows) is then one
 * range of granules, as long as the copies write whole kilobytes. An access that is still several
 * ranges in granules is a located error, not a guess.
 *
 * <p><b>Counted instructions.</b> Global loads and stores into registers are {@code gload} ops
 * (vmcnt). Scalar loads and LDS instructions that touch no LDS bytes count on lgkmcnt too but are
 * not ops (semantics.md section 8): {@code s_waitcnt lgkmcnt(N)} blocks until the whole count is at
 * most N, so at most N LDS operations are outstanding after it whatever the others do, and LDS
 * operations retire in order among themselves; counting only the LDS operations gives exactly the
 * guarantee the LDS checks need (one in flight can only make the real wait stronger). A scalar load
 * whose registers an instruction may read or overwrite before {@code lgkmcnt(0)} is an {@code
 * sload} op, which the verifier counts in no LDS count and retires only by a wait for 0 (scalar
 * memory returns out of order).
 *
 * <p><b>Registers.</b> An mfma's A (B) operand names the load that last wrote any of its registers
 * before it, as the wave ran; the loop's mfmas must name the same load in every iteration.
 */
public final class ScheduleLift {
  /** Loop iterations every wave runs: enough to find periods up to 4 (LoopPeriod needs 2P). */
  public static final int ITERATIONS = 8;

  /** The one LDS buffer of a lifted schedule: all of the workgroup's LDS, one slot. */
  public static final String BUFFER = "lds";

  /**
   * The tensor a lifted vector-memory op names when it is a scratch_* access of the wave's private
   * memory (the compiler's spills and reloads) rather than a global load or store: it counts on
   * vmcnt all the same.
   */
  public static final String SCRATCH = "scratch";

  /** How a lifted vector-memory store is named: it writes no register. */
  private static final String STORE = "store line ";

  /** Whether a lifted op is a scratch access: a spill or reload of the compiler's, no global op. */
  public static boolean isScratch(Op op) {
    return op instanceof Op.GLoad l && l.tile().tensor().equals(SCRATCH);
  }

  /** Whether a lifted op is the reload of a spill (a scratch load: it writes a register). */
  public static boolean isReload(Op op) {
    return isScratch(op) && !((Op.GLoad) op).dst().startsWith(STORE);
  }

  /** A placeholder GEMM tile: P5, the only user of it, is not checked without intent. */
  private static final Gemm NO_GEMM = new Gemm(16, 16, 32, 32);

  private final AsmListing listing;
  private final Kernel kernel;
  private final int waves;
  private final Map<String, Long> args;

  /** Where the first K loop starts: where a loop without a period is reported. */
  private Location kLoopAt;

  /**
   * Every access's contiguous byte runs, computed once (the granule, regions and LDS size use
   * them).
   */
  private final Map<LdsAccess.Bytes, List<Run>> runs = new HashMap<>();

  /**
   * The op of each step that names no register, made once: the launch classes' runs share the steps
   * of their common start (WaveEvaluator#runForking), and the classes of a kernel one granule.
   */
  private final Map<Step, Optional<Op>> ops = new IdentityHashMap<>();

  /** Every op made, equal ones as one object ({@link #interned}). */
  private final Map<Op, Op> named = new HashMap<>();

  /** Which combinations of branch decisions a launch can take ({@link Feasibility}). */
  private final Feasibility feasibility;

  private ScheduleLift(
      AsmListing listing,
      Kernel kernel,
      int waves,
      Map<String, Long> args,
      Map<String, long[]> ranges,
      Feasibility feasibility,
      int maxLaunches,
      long batchSteps) {
    this.feasibility = feasibility;
    this.maxLaunches = maxLaunches;
    this.batchSteps = batchSteps;
    this.listing = listing;
    this.kernel = kernel;
    this.waves = waves;
    this.args = Map.copyOf(args);
    this.ranges = Map.copyOf(ranges);
  }

  /**
   * The ranges of the arguments not given ({@link #liftAll(AsmListing, Kernel, int, Map, Map)}).
   */
  private final Map<String, long[]> ranges;

  /**
   * The schedule of {@code kernel} run by {@code waves} waves with the scalar arguments {@code
   * args} (by name or {@code argN}): the one launch class of {@link #liftAll}.
   *
   * @throws AsmSyntaxException naming the assembly line, for what the lift cannot evaluate or
   *     express exactly, and when the kernel has several launch classes (use {@link #liftAll})
   */
  public static Schedule lift(AsmListing listing, Kernel kernel, int waves, Map<String, Long> args)
      throws AsmSyntaxException {
    LiftedKernel lifted = liftAll(listing, kernel, waves, args);
    if (!lifted.uncovered().isEmpty()) {
      throw new AsmSyntaxException(
          kernel.location(),
          "kernel "
              + kernel.name()
              + " has launches the lift cannot follow ("
              + lifted.uncovered().get(0).text()
              + "); give the arguments of one launch");
    }
    if (lifted.classes().size() != 1) {
      throw new AsmSyntaxException(
          kernel.location(),
          "kernel "
              + kernel.name()
              + " has "
              + lifted.classes().size()
              + " launch classes ("
              + lifted.covers()
              + "); give the arguments of one launch");
    }
    return lifted.classes().get(0).schedule();
  }

  /**
   * Every launch class of {@code kernel} (docs/isa.md, "Unknown values"): one schedule per way the
   * branches on unknown values go and per class of K-loop trip counts, which together cover every
   * launch the given arguments allow.
   */
  public static LiftedKernel liftAll(
      AsmListing listing, Kernel kernel, int waves, Map<String, Long> args)
      throws AsmSyntaxException {
    return liftAll(listing, kernel, waves, args, Map.of());
  }

  /**
   * The same for the launches whose arguments not given lie in {@code ranges} ({@code name -> {min,
   * max}}, inclusive; {@code --arg Kdim>=192}): branches the ranges decide are followed, not
   * explored, and the report's coverage says so.
   */
  public static LiftedKernel liftAll(
      AsmListing listing,
      Kernel kernel,
      int waves,
      Map<String, Long> args,
      Map<String, long[]> ranges)
      throws AsmSyntaxException {
    return liftAll(listing, kernel, waves, args, ranges, Feasibility.ANY);
  }

  /**
   * The same, leaving out the launch classes whose branch decisions {@code feasibility} proves no
   * launch takes together (the report's coverage counts them).
   */
  public static LiftedKernel liftAll(
      AsmListing listing,
      Kernel kernel,
      int waves,
      Map<String, Long> args,
      Map<String, long[]> ranges,
      Feasibility feasibility)
      throws AsmSyntaxException {
    return liftAll(listing, kernel, waves, args, ranges, feasibility, MAX_LAUNCHES);
  }

  /**
   * The same, following at most {@code maxLaunches} launch classes: the ones beyond are listed as
   * not covered ({@code verify --max-launches}).
   */
  public static LiftedKernel liftAll(
      AsmListing listing,
      Kernel kernel,
      int waves,
      Map<String, Long> args,
      Map<String, long[]> ranges,
      Feasibility feasibility,
      int maxLaunches)
      throws AsmSyntaxException {
    Streamed<Collected> s;
    try {
      s =
          liftEach(
              listing,
              kernel,
              waves,
              args,
              ranges,
              feasibility,
              maxLaunches,
              Long.MAX_VALUE,
              Collected::new);
    } catch (NoLaunchCovered e) {
      throw e.asError();
    }
    return new LiftedKernel(
        kernel.name(), s.sink().classes(), s.covers(), s.uncovered(), s.reach());
  }

  /**
   * Receives a lift's launch classes a batch at a time, in the order {@link #liftAll} lists them
   * ({@link #liftEach}): a kernel with hundreds of classes is checked without holding them all.
   * {@code E}: what the sink throws to stop the lift (bad input it finds in a class).
   */
  @FunctionalInterface
  public interface ClassSink<E extends Exception> {
    /** The next classes; the sink keeps them or not. */
    void accept(List<LiftedKernel.LaunchClass> batch) throws E;
  }

  /** The sink that keeps every class: {@link #liftAll}'s. */
  public static final class Collected implements ClassSink<RuntimeException> {
    private final List<LiftedKernel.LaunchClass> classes = new ArrayList<>();

    @Override
    public void accept(List<LiftedKernel.LaunchClass> batch) {
      classes.addAll(batch);
    }

    /** Every class received, in order. */
    public List<LiftedKernel.LaunchClass> classes() {
      return classes;
    }
  }

  /**
   * A lift whose classes went to {@code sink}: what {@link LiftedKernel} says besides its classes,
   * and how many there were ({@code classes}) in how many batches.
   */
  public record Streamed<S extends ClassSink<?>>(
      S sink,
      String covers,
      List<LiftedKernel.Uncovered> uncovered,
      long reach,
      int classes,
      int batches) {
    public Streamed {
      uncovered = List.copyOf(uncovered);
    }

    /** The same lift, its classes gone to {@code other} (a sink that wrapped it, unwrapped). */
    public <T extends ClassSink<?>> Streamed<T> withSink(T other) {
      return new Streamed<>(other, covers, uncovered, reach, classes, batches);
    }
  }

  /**
   * {@link #liftAll}, each batch of classes handed to a sink as soon as it is made. The lift may
   * explore twice ({@link #kBlocks}): each exploration gets a new sink from {@code sinks}, and the
   * answer is the sink of the exploration that covers more launches. A batch is the classes of the
   * ways the branches go explored since the last one, until their traces hold {@code batchSteps}
   * steps ({@link #BATCH_STEPS} in {@code verify}): a kernel whose classes hold fewer has one
   * batch, the classes {@link #liftAll} gives. Classes of different batches are measured in their
   * own LDS granules (each batch's exact: the class header of this file), and a class equal to one
   * of an earlier batch is handed on again.
   *
   * @throws E what a sink throws, which stops the lift
   */
  public static <E extends Exception, S extends ClassSink<E>> Streamed<S> liftEach(
      AsmListing listing,
      Kernel kernel,
      int waves,
      Map<String, Long> args,
      Map<String, long[]> ranges,
      Feasibility feasibility,
      int maxLaunches,
      long batchSteps,
      java.util.function.Supplier<S> sinks)
      throws AsmSyntaxException, NoLaunchCovered, E {
    ControlFlowGraph cfg = ControlFlowGraph.of(kernel);
    Set<Integer> every = mfmaLoops(cfg);
    Streamed<S> first = null;
    Exception failed = null;
    try {
      first =
          new ScheduleLift(
                  listing, kernel, waves, args, ranges, feasibility, maxLaunches, batchSteps)
              .explore(every, sinks.get());
    } catch (AsmSyntaxException | NoLaunchCovered e) {
      failed = e;
    }
    Set<Integer> main = kBlocks(cfg);
    if ((first != null && first.uncovered().isEmpty()) || main.equals(every)) {
      if (first == null) {
        throw rethrown(failed);
      }
      return first;
    }
    // Every loop with v_mfma as one K loop (aiter's loops entered by parity, a masked last
    // loop) could not follow every launch: a loop that only runs after the K loop (hipBLASLt's
    // tail loop over the last K elements) may be one to follow pass by pass instead. The lift
    // that covers more launches is the answer; both are sound.
    Streamed<S> second;
    try {
      second =
          new ScheduleLift(
                  listing, kernel, waves, args, ranges, feasibility, maxLaunches, batchSteps)
              .explore(main, sinks.get());
    } catch (AsmSyntaxException | NoLaunchCovered e) {
      if (first == null) {
        throw rethrown(failed);
      }
      return first;
    }
    return first == null || second.uncovered().size() < first.uncovered().size() ? second : first;
  }

  /** The first exploration's failure, as thrown: a located error or no launch covered. */
  private static AsmSyntaxException rethrown(Exception failed) throws NoLaunchCovered {
    if (failed instanceof NoLaunchCovered n) {
      throw n;
    }
    return (AsmSyntaxException) failed;
  }

  /**
   * Steps the pending classes' traces may hold ({@link #steps(List)}) before they are made
   * schedules and handed on. Measured (2026-11-28): the most any kernel of the corpora holds at the
   * default {@code --max-launches} is 3.56 million (aiter's gfx942 fmoe silu 32x448), so each is
   * one batch; aiter's fmha forward fp8 at {@code --max-launches 512} is 7 batches and verifies in
   * a 1200 MB heap (1.56 GB resident).
   */
  public static final long BATCH_STEPS = 4_000_000;

  /** How many launch classes the lift follows before it lists the others as not covered. */
  private final int maxLaunches;

  /** Steps the pending classes may hold before they are handed on ({@link #BATCH_STEPS}). */
  private final long batchSteps;

  /** Characters of a branch condition in a launch class's description. */
  private static final int DESCRIBED = 60;

  /**
   * Launches (ways the branches on unknown values go) explored before the lift gives up, by
   * default: memory and time grow with each (aiter's persistent kernels would otherwise run for
   * minutes); {@code --max-launches} raises it.
   */
  public static final int MAX_LAUNCHES = 64;

  /** K steps of the first run of a launch, to find the loop's shape: periods up to 8. */
  static final int LONG_RUN = 18;

  /** K steps a loop may run before it becomes periodic (a loop tested at its top: 1). */
  static final int MAX_OFFSET = 2;

  /** The blocks of every loop with v_mfma. */
  static Set<Integer> mfmaLoops(ControlFlowGraph cfg) {
    Set<Integer> blocks = new TreeSet<>();
    for (ControlFlowGraph.Loop l : cfg.loops()) {
      if (l.blockIndices().stream().anyMatch(b -> cfg.blocks().get(b).count("v_mfma") > 0)) {
        blocks.addAll(l.blockIndices());
      }
    }
    return blocks;
  }

  /**
   * The blocks of the K loops: the loop with the most v_mfma and every other loop with v_mfma that
   * is an alternative to it (aiter's loops entered by the parity of the trip count: neither reaches
   * the other) or alternates with it (each reaches the other). A loop with v_mfma that only runs
   * after the main loop (a tail loop over the last K elements, hipBLASLt's) or only before it is
   * not a K loop: it is followed like any other loop, a pass at a time.
   */
  static Set<Integer> kBlocks(ControlFlowGraph cfg) {
    Set<Integer> kBlocks = new TreeSet<>();
    Optional<ControlFlowGraph.Loop> main = cfg.loopWithMost("v_mfma");
    if (main.isEmpty()) {
      return kBlocks;
    }
    Set<Integer> afterMain = cfg.reachableFrom(main.get().blockIndices());
    for (ControlFlowGraph.Loop l : cfg.loops()) {
      long mfma =
          l.blockIndices().stream().mapToLong(b -> cfg.blocks().get(b).count("v_mfma")).sum();
      if (mfma == 0) {
        continue;
      }
      boolean reachedFromMain = afterMain.contains(l.header());
      boolean reachesMain = cfg.reachableFrom(l.blockIndices()).contains(main.get().header());
      if (l.equals(main.get()) || reachedFromMain == reachesMain) {
        kBlocks.addAll(l.blockIndices());
      }
    }
    return kBlocks;
  }

  private <E extends Exception, S extends ClassSink<E>> Streamed<S> explore(
      Set<Integer> kBlocks, S sink) throws AsmSyntaxException, NoLaunchCovered, E {
    Target target = target(listing);
    ControlFlowGraph cfg = ControlFlowGraph.of(kernel);
    kLoopAt =
        kBlocks.stream()
            .map(b -> cfg.blocks().get(b).instructions())
            .filter(l -> !l.isEmpty())
            .findFirst()
            .map(l -> l.get(0).location())
            .orElse(kernel.location());
    WaveEvaluator evaluator =
        new WaveEvaluator(kernel, cfg, waves * Target.LANES, args, ranges, target.ldsBytes());
    Deque<WaveEvaluator.Plan> work = new ArrayDeque<>();
    work.push(new WaveEvaluator.Plan(kBlocks, LONG_RUN, Map.of(), false));
    Map<String, String> branches = new LinkedHashMap<>();
    Set<String> keys = new TreeSet<>();
    List<PendingClass> pending = new ArrayList<>();
    long held = 0;
    int classCount = 0;
    int batches = 0;
    // Launches the lift cannot follow do not stop the others: each is listed with its reason, and
    // only when it can follow none is the first reason an error.
    List<LiftedKernel.Uncovered> uncovered = new ArrayList<>();
    AsmSyntaxException firstFailure = null;
    boolean everyTripCount = false;
    int explored = 0;
    int infeasible = 0;
    while (!work.isEmpty()) {
      WaveEvaluator.Plan plan = work.pop();
      if (++explored > maxLaunches) {
        uncovered.add(new LiftedKernel.Uncovered(condition(plan, branches), tooMany(branches)));
        continue;
      }
      try {
        LaunchShape shape = launches(evaluator, plan, target);
        infeasible += shape.pruned();
        everyTripCount |= shape.everyTripCount();
        keys.addAll(shape.plannedKeys());
        for (PendingClass c : shape.classes()) {
          pending.add(c.described(describe(plan, branches) + c.what()));
        }
        held += steps(shape.classes());
        if (held > batchSteps) {
          classCount += flush(pending, target, sink);
          batches++;
          held = 0;
        }
      } catch (WaveEvaluator.Undecided u) {
        branches.putIfAbsent(u.key(), u.getMessage());
        keys.add(u.key());
        // Depth first, the way out of a loop first (pushed last): the launches that leave after
        // one pass, two passes... are classes before the bound, instead of none.
        boolean first = u.leaving().orElse(true);
        for (boolean truth : new boolean[] {!first, first}) {
          WaveEvaluator.Plan next = plan.deciding(u.key(), truth);
          if (mayHold(next, evaluator.symbols())) {
            work.push(next);
          } else {
            infeasible++;
          }
        }
      } catch (AsmSyntaxException e) {
        firstFailure = firstFailure == null ? e : firstFailure;
        uncovered.add(new LiftedKernel.Uncovered(condition(plan, branches), e.getMessage()));
      }
    }
    if (!pending.isEmpty()) {
      classCount += flush(pending, target, sink);
      batches++;
    }
    if (classCount == 0 && firstFailure != null) {
      throw firstFailure;
    }
    if (classCount == 0) {
      throw new NoLaunchCovered(
          kernel.location(),
          tooMany(branches)
              + " (none of the launches followed reached the kernel's end: no launch class is"
              + " covered)");
    }
    String covers = covers(evaluator, keys, everyTripCount);
    if (!uncovered.isEmpty()) {
      covers += ", except the launches not covered";
    }
    if (infeasible > 0) {
      covers +=
          "; "
              + infeasible
              + (infeasible == 1 ? " way" : " ways")
              + " the branches cannot go together left out (proved: proofs/launches.md)";
    }
    return new Streamed<>(sink, covers, uncovered, evaluator.reach(), classCount, batches);
  }

  /**
   * Makes the pending classes schedules, hands them to {@code sink} and forgets them and what was
   * made for them (their ops, regions and byte runs): the next batch measures its own granules.
   * Returns how many classes the batch had (equal schedules once).
   */
  private <E extends Exception> int flush(
      List<PendingClass> pending, Target target, ClassSink<E> sink) throws AsmSyntaxException, E {
    Map<OpObjects, String> classes = schedules(pending, target);
    pending.clear();
    runs.clear();
    regions.clear();
    ops.clear();
    named.clear();
    List<LiftedKernel.LaunchClass> batch = new ArrayList<>();
    classes.forEach((key, what) -> batch.add(new LiftedKernel.LaunchClass(what, key.schedule())));
    sink.accept(batch);
    return batch.size();
  }

  /**
   * Whether the plan's decisions on symbolic compares can hold in one launch. Only decisions keyed
   * by a symbol (an SCC compare) are asked about; the others (an EXEC or VCC test, an unknown the
   * lift cannot name) constrain nothing, so the answer errs towards exploring.
   */
  private boolean mayHold(WaveEvaluator.Plan plan, Symbols symbols) {
    Map<Long, Boolean> conditions = symbolConditions(plan.decisions());
    return conditions.size() < 2 || feasibility.mayHold(symbols, conditions);
  }

  /**
   * Why launches beyond {@link #maxLaunches} are not followed: the branches on unknown values, each
   * line once with how many of its executions the launches decided (a line met again and again is a
   * loop whose exit depends on the value: each pass is another launch).
   */
  private String tooMany(Map<String, String> branches) {
    Map<String, List<String>> byLine = new LinkedHashMap<>();
    for (String b : branches.values()) {
      Matcher m = BRANCH_AT.matcher(b);
      String line = m.matches() ? m.group(1) : b;
      byLine.computeIfAbsent(line, k -> new ArrayList<>()).add(b);
    }
    List<String> parts = new ArrayList<>();
    boolean loop = false;
    for (List<String> at : byLine.values()) {
      loop |= at.size() > 1;
      parts.add(
          at.get(0)
              + (at.size() > 1 ? " (and " + (at.size() - 1) + " more executions of it)" : ""));
    }
    return "kernel "
        + kernel.name()
        + " has more than "
        + maxLaunches
        + " launch classes: its branches on unknown values ("
        + String.join("; ", parts)
        + ") differ in what they do to LDS, waits or barriers"
        + (loop
            ? ", and a loop whose exit depends on such a value makes each pass another launch"
            : "")
        + "; give --arg values to narrow the launches, or --max-launches a larger bound";
  }

  /**
   * A branch as {@link WaveEvaluator.Undecided} names it: {@code k.co:894: s_cbranch_scc0 on ...}.
   */
  private static final Pattern BRANCH_AT = Pattern.compile("(.*?:\\d+): (.*)");

  /** The decisions of a launch the lift does not follow, in words; empty for every launch. */
  private static String condition(WaveEvaluator.Plan plan, Map<String, String> branches) {
    String d = describe(plan, branches);
    return d.isEmpty() ? "" : d.substring(0, d.length() - "; ".length());
  }

  /**
   * The decisions of a launch in words: the branch lines and the value they test, each distinct
   * decision once in the order first made, with how many executions made it where more than one (a
   * loop's exit test decides once a pass: "k.co:45 s_cmp_lt_i32(...) false (15 times)").
   */
  private static String describe(WaveEvaluator.Plan plan, Map<String, String> branches) {
    Map<String, Integer> parts = new LinkedHashMap<>();
    for (Map.Entry<String, Boolean> d : plan.decisions().entrySet()) {
      // "k.co:45: s_cbranch_scc0 on s_cmp_lt_i32(Kdim, 64)" -> "k.co:45 s_cmp_lt_i32(Kdim, 64)
      // false"
      String b = branches.getOrDefault(d.getKey(), d.getKey());
      int on = b.indexOf(" on ");
      int colon = b.indexOf(": ");
      String where = colon > 0 ? b.substring(0, colon) : b;
      String what = on > 0 ? " " + b.substring(on + 4) : "";
      if (what.length() > DESCRIBED) {
        what = what.substring(0, DESCRIBED) + "...";
      }
      parts.merge(where + what + (d.getValue() ? " true" : " false"), 1, Integer::sum);
    }
    List<String> out = new ArrayList<>();
    parts.forEach((part, n) -> out.add(n == 1 ? part : part + " (" + n + " times)"));
    return out.isEmpty() ? "" : String.join(", ", out) + "; ";
  }

  /** What the launch classes cover together, in words. */
  private static String covers(WaveEvaluator evaluator, Set<String> keys, boolean trips) {
    Set<String> leaves = new TreeSet<>();
    for (String k : keys) {
      for (String part : k.split(" ")) {
        if (part.matches("-\\d+")) {
          leaves.addAll(evaluator.symbols().leaves(Long.parseLong(part)));
        }
      }
    }
    List<String> parts = new ArrayList<>();
    parts.add(trips ? "every trip count" : "the trip count the arguments give");
    List<String> values =
        leaves.stream()
            .filter(l -> !l.startsWith("workgroup_id"))
            .map(l -> l + evaluator.rangeText(l))
            .toList();
    if (!values.isEmpty()) {
      parts.add("every value of " + String.join(", ", values));
    }
    if (leaves.stream().anyMatch(l -> l.startsWith("workgroup_id"))) {
      parts.add("every workgroup");
    }
    return String.join("; ", parts);
  }

  /**
   * The launch classes of one way the branches go: the K loop's trip count classes (every count
   * from 1: the counts below one period after its offset one by one, the others by their residue
   * modulo the period, each a schedule whose loop is one period), or the one run when the loop is
   * never entered or its count is known.
   */
  private record LaunchShape(
      List<PendingClass> classes, boolean everyTripCount, List<String> plannedKeys, int pruned) {}

  /**
   * A launch class before it is a schedule: its waves' traces, where its loop starts and its period
   * ({@link #schedule}), and what it covers in words.
   */
  private record PendingClass(
      List<WaveEvaluator.Trace> traces,
      List<WaveEvaluator.Trace> longer,
      int loopStart,
      int period,
      String what) {
    PendingClass described(String description) {
      return new PendingClass(traces, longer, loopStart, period, description);
    }

    /** The read uses of wave {@code w}'s program ({@link ReadUses}). */
    ReadUses readUses(int w) {
      return new ReadUses(
          traces.get(w), longer.isEmpty() ? null : longer.get(w), loopStart, period);
    }
  }

  /**
   * The schedules of a batch's launch classes, equal ones once, in LDS granules measured over all
   * of them (the classes then express the same LDS bytes in the same granules, so the halves a
   * verifier can share are equal: proofs/fence-split.md); {@link #flush} clears the byte runs and
   * regions made here.
   */
  private Map<OpObjects, String> schedules(List<PendingClass> pending, Target target)
      throws AsmSyntaxException {
    long ldsEnd = kernel.amdhsa("group_segment_fixed_size").orElse(0);
    for (PendingClass c : pending) {
      for (WaveEvaluator.Trace t : c.traces()) {
        for (Step s : t.steps()) {
          for (LdsAccess a : s.lds()) {
            List<Run> r = runsOf(a);
            if (!r.isEmpty()) {
              ldsEnd = Math.max(ldsEnd, r.get(r.size() - 1).to());
            }
          }
        }
      }
    }
    int granule = granule();
    if (ldsEnd > Integer.MAX_VALUE - granule) {
      // A damaged descriptor or address: far beyond any target's LDS (the validator names the
      // capacity for a size that fits), and beyond what a slot can count.
      throw new AsmSyntaxException(
          kernel.location(),
          "kernel "
              + kernel.name()
              + " reaches LDS byte "
              + ldsEnd
              + " (its descriptor's group_segment_fixed_size or an access), beyond any target's"
              + " LDS");
    }
    int slotBytes = Math.max(granule, (int) ((ldsEnd + granule - 1) / granule * granule));
    // Equal schedules once; their ops are interned, so a schedule is known by its op objects.
    Map<OpObjects, String> classes = new LinkedHashMap<>();
    for (PendingClass c : pending) {
      classes.putIfAbsent(new OpObjects(schedule(c, target, granule, slotBytes)), c.what());
    }
    return classes;
  }

  private LaunchShape launches(WaveEvaluator evaluator, WaveEvaluator.Plan plan, Target target)
      throws AsmSyntaxException, WaveEvaluator.Undecided {
    Runs byCount = new Runs(evaluator, plan);
    List<WaveEvaluator.Trace> first = byCount.longest();
    List<PendingClass> classes = new ArrayList<>();
    List<String> planned = new ArrayList<>();
    first.forEach(t -> t.plannedExits().forEach(e -> planned.add(e.key())));
    boolean entered = first.stream().anyMatch(t -> t.kSteps() > 0);
    if (!entered) {
      classes.add(new PendingClass(first, List.of(), 0, 0, "no K loop"));
      return new LaunchShape(classes, false, planned, 0);
    }
    if (planned.isEmpty()) {
      // The arguments fix the trip count: the loop as the given launch runs it.
      List<WaveEvaluator.Trace> traces =
          runAll(
              evaluator,
              new WaveEvaluator.Plan(plan.kBlocks(), ITERATIONS, plan.decisions(), false, true));
      OptionalInt p = LoopPeriod.of(traces, ITERATIONS);
      if (p.isEmpty()) {
        throw noPeriod(ITERATIONS);
      }
      classes.add(
          new PendingClass(
              traces, List.of(), 0, p.getAsInt(), "the K loop as the arguments run it"));
      return new LaunchShape(classes, false, planned, 0);
    }
    LoopPeriod.Shape shape =
        LoopPeriod.shape(first, LONG_RUN, MAX_OFFSET).orElseThrow(() -> noPeriod(LONG_RUN));
    int q = shape.offset();
    int p = shape.period();
    Map<Long, Boolean> decided = symbolConditions(plan.decisions());
    Optional<TripCounts> family = tripCounts(first.get(0), evaluator.symbols());
    int pruned = 0;
    for (int r = 0; r < p; r++) {
      int n = q + r + p;
      if (family.isPresent()
          && !feasibility.mayHoldAtSomeCount(
              evaluator.symbols(), decided, family.get().withClass(q + r, p))) {
        // No launch runs these trip counts and takes the plan's branches (proofs/launches.md 6).
        pruned++;
        continue;
      }
      List<WaveEvaluator.Trace> once = byCount.of(n);
      List<WaveEvaluator.Trace> twice = byCount.of(n + p);
      for (int w = 0; w < once.size(); w++) {
        Optional<LoopPeriod.Parting> parting =
            LoopPeriod.parting(once.get(w).iteration(-2), twice.get(w).iteration(-2));
        if (parting.isPresent()) {
          throw new AsmSyntaxException(
              kernel.location(),
              "what wave "
                  + w
                  + " does after the K loop depends on its trip count beyond the remainder modulo"
                  + " the loop's period "
                  + p
                  + " (after "
                  + n
                  + " and "
                  + (n + p)
                  + " K steps it differs: the one goes on at "
                  + at(parting.get().one())
                  + ", the other at "
                  + at(parting.get().other())
                  + "), so the lift cannot cover every trip count");
        }
      }
      classes.add(
          new PendingClass(once, twice, q + r, p, (q + r) + " + " + p + "T K steps (T >= 1)"));
    }
    // The counts below one period after the offset: straight-line classes, after the periodic
    // ones (a report names the first class with a finding: the loop's, where there is one).
    for (int n = 1; n < q + p; n++) {
      List<WaveEvaluator.Trace> runs = byCount.of(n);
      Map<Long, Boolean> exact = new LinkedHashMap<>(decided);
      for (WaveEvaluator.Trace t : runs) {
        exact.putAll(symbolConditions(t.plannedExits()));
      }
      if (exact.size() >= 2 && !feasibility.mayHold(evaluator.symbols(), exact)) {
        pruned++;
        continue;
      }
      classes.add(new PendingClass(runs, List.of(), n, 0, n + " K steps"));
    }
    return new LaunchShape(classes, true, planned, pruned);
  }

  /** Where a run goes on, for messages: the step's line and instruction, or its end. */
  private static String at(Step step) {
    return step == null
        ? "its end"
        : step.instruction().location().describe() + " (" + step.instruction().mnemonic() + ")";
  }

  /**
   * About how many steps the classes of one way the branches go hold: per wave its longest trace.
   * They are runs of one walk ({@link Runs}), a shorter count's trace the longer's steps up to its
   * exit and its own epilogue, so the longest stands for the shared steps; each class's epilogue
   * adds a little.
   */
  private static long steps(List<PendingClass> classes) {
    long n = 0;
    int waves = classes.isEmpty() ? 0 : classes.get(0).traces().size();
    for (int w = 0; w < waves; w++) {
      int longest = 0;
      for (PendingClass c : classes) {
        longest = Math.max(longest, c.traces().get(w).steps().size());
        if (!c.longer().isEmpty()) {
          longest = Math.max(longest, c.longer().get(w).steps().size());
        }
      }
      n += longest;
    }
    return n;
  }

  /** The decisions keyed by a symbol (an SCC compare), by symbol. */
  private static Map<Long, Boolean> symbolConditions(Map<String, Boolean> decisions) {
    Map<Long, Boolean> out = new LinkedHashMap<>();
    decisions.forEach(
        (key, truth) -> {
          if (key.matches("-\\d+")) {
            out.put(Long.parseLong(key), truth);
          }
        });
    return out;
  }

  private static Map<Long, Boolean> symbolConditions(List<WaveEvaluator.PlannedExit> exits) {
    Map<String, Boolean> m = new LinkedHashMap<>();
    exits.forEach(e -> m.put(e.key(), e.truth()));
    return symbolConditions(m);
  }

  /** Compares the K loop may leave on: a counter against a symbol. */
  private static final Pattern COUNTER_COMPARE = Pattern.compile("s_cmp_(lt|le|gt|ge)_[iu]32");

  /**
   * The K loop's exits in a long run, as a counter compared with one symbol ({@link TripCounts},
   * with its class still to be set): the exits' compares are one opcode, one symbol at one place
   * and a known counter that grows by one step each time; the run stays at every exit but its last.
   * Empty for any other shape: then no class of trip counts is pruned.
   */
  private static Optional<TripCounts> tripCounts(WaveEvaluator.Trace run, Symbols symbols) {
    List<WaveEvaluator.PlannedExit> exits = run.plannedExits();
    if (exits.size() < 3) {
      return Optional.empty();
    }
    String op = null;
    long bound = 0;
    boolean counterFirst = false;
    long[] counter = new long[exits.size()];
    for (int j = 0; j < exits.size(); j++) {
      WaveEvaluator.PlannedExit e = exits.get(j);
      boolean last = j == exits.size() - 1;
      if (!e.key().matches("-\\d+")
          || e.truth() != (last ? !exits.get(0).truth() : exits.get(0).truth())) {
        return Optional.empty();
      }
      long v = Long.parseLong(e.key());
      if (!Symbols.isSymbol(v) || !COUNTER_COMPARE.matcher(symbols.op(v)).matches()) {
        return Optional.empty();
      }
      long[] o = symbols.operands(v);
      boolean first = o.length == 2 && !Symbols.isSymbol(o[0]) && Symbols.isSymbol(o[1]);
      boolean second = o.length == 2 && Symbols.isSymbol(o[0]) && !Symbols.isSymbol(o[1]);
      if (!first && !second || o[first ? 0 : 1] == WaveState.UNKNOWN) {
        return Optional.empty();
      }
      long b = o[first ? 1 : 0];
      if (j == 0) {
        op = symbols.op(v);
        bound = b;
        counterFirst = first;
      } else if (!symbols.op(v).equals(op) || b != bound || first != counterFirst) {
        return Optional.empty();
      }
      counter[j] = o[first ? 0 : 1];
    }
    long step = (counter[1] - counter[0]) & 0xFFFFFFFFL;
    for (int j = 1; j < counter.length; j++) {
      if (((counter[j] - counter[j - 1]) & 0xFFFFFFFFL) != step) {
        return Optional.empty();
      }
    }
    return Optional.of(
        new TripCounts(op, counterFirst, counter[0], step, bound, exits.get(0).truth(), 0, 1));
  }

  private AsmSyntaxException noPeriod(int steps) {
    return new AsmSyntaxException(
        kLoopAt,
        "the loop's LDS addresses or instructions do not repeat within "
            + steps / 2
            + " iterations in every wave, so it has no period the lift can use");
  }

  /**
   * Every wave under {@code plan}, run once each ({@link WaveEvaluator#runForking}), and under
   * {@code plan} with a smaller step count when a class asks for it ({@link #of}): the copy that
   * left the K loop after that many steps runs on from there. Only the counts below the loop's
   * offset plus three periods are asked for (usually 3 of the 17), and the part after the loop was
   * most of what a lift executed (its forks, run at every count, about 55%).
   */
  private final class Runs {
    private final WaveEvaluator evaluator;
    private final WaveEvaluator.Plan plan;
    private final List<WaveEvaluator.Forking> waves = new ArrayList<>();
    private final Map<Integer, List<WaveEvaluator.Trace>> byCount = new HashMap<>();

    Runs(WaveEvaluator evaluator, WaveEvaluator.Plan plan)
        throws AsmSyntaxException, WaveEvaluator.Undecided {
      this.evaluator = evaluator;
      this.plan = plan;
      Set<Integer> counts = new TreeSet<>();
      for (int n = 1; n < plan.steps(); n++) {
        counts.add(n);
      }
      List<WaveEvaluator.Trace> longest = new ArrayList<>();
      for (int w = 0; w < ScheduleLift.this.waves; w++) {
        WaveEvaluator.Forking f = evaluator.runForking(w, plan, counts);
        waves.add(f);
        longest.add(f.longest());
      }
      byCount.put(plan.steps(), longest);
    }

    List<WaveEvaluator.Trace> longest() {
      return byCount.get(plan.steps());
    }

    /**
     * The traces of {@code n} K steps: each wave's copy that left after n steps (a wave that never
     * reached a K-loop exit did the same under every count), else, where a wave kept no copy (its
     * exit was inside a summarised branch side), every wave run again with n steps.
     */
    List<WaveEvaluator.Trace> of(int n) throws AsmSyntaxException, WaveEvaluator.Undecided {
      List<WaveEvaluator.Trace> done = byCount.get(n);
      if (done != null) {
        return done;
      }
      boolean forked = waves.stream().allMatch(f -> f.longest().kSteps() == 0 || f.left(n));
      List<WaveEvaluator.Trace> traces = new ArrayList<>();
      if (forked) {
        for (WaveEvaluator.Forking f : waves) {
          traces.add(f.longest().kSteps() == 0 ? f.longest() : f.leavingAfter(n).orElseThrow());
        }
      } else {
        traces = runAll(evaluator, plan.withSteps(n));
      }
      byCount.put(n, traces);
      return traces;
    }
  }

  private List<WaveEvaluator.Trace> runAll(WaveEvaluator evaluator, WaveEvaluator.Plan plan)
      throws AsmSyntaxException, WaveEvaluator.Undecided {
    List<WaveEvaluator.Trace> traces = new ArrayList<>();
    for (int w = 0; w < waves; w++) {
      traces.add(evaluator.run(w, plan));
    }
    return traces;
  }

  /**
   * The schedule of one launch class: K steps before {@code loopStart} join the prologue, steps
   * {@code loopStart .. loopStart + period} are the loop (none for {@code period} 0), later ones
   * repeat it and are dropped; LDS in granules of {@code granule} bytes, {@code slotBytes} of it.
   */
  private Schedule schedule(PendingClass c, Target target, int granule, int slotBytes)
      throws AsmSyntaxException {
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < c.traces().size(); w++) {
      programs.add(
          program(
              c.traces().get(w),
              c.longer().isEmpty() ? null : c.longer().get(w),
              c.loopStart(),
              c.period(),
              granule,
              c.readUses(w)));
    }
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

  /**
   * The target of a listing, from its {@code .amdgcn_target} directive.
   *
   * @throws AsmSyntaxException at the listing's first line when it has none or another
   */
  public static Target target(AsmListing listing) throws AsmSyntaxException {
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

  // ---------------------------------------------------------------- LDS granules

  /** A contiguous byte range {@code [from, to)} of one access. */
  record Run(long from, long to) {
    /** The maximal runs of the bytes an access's active lanes touch, in address order. */
    static List<Run> of(LdsAccess a) {
      long[] starts = new long[a.lanes()];
      int n = 0;
      for (int lane = 0; lane < a.lanes(); lane++) {
        if (a.active(lane)) {
          starts[n++] = a.address(lane);
        }
      }
      java.util.Arrays.sort(starts, 0, n);
      List<Run> runs = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        long s = starts[k];
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

  /**
   * The byte runs of {@code a}, made once for all accesses with the same lane array (the evaluator
   * shares equal ones): fmha forward's transposing reads have a run per lane, and one list per
   * access was 20 million runs for 512 ways its branches go.
   */
  private List<Run> runsOf(LdsAccess a) {
    return runs.computeIfAbsent(a.bytes(), k -> Run.of(a));
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
    for (Map.Entry<LdsAccess.Bytes, List<Run>> e : runs.entrySet()) {
      if (!e.getKey().read() == writes) {
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

  /**
   * Each region made, by the bytes of its accesses: the steps of a kernel's classes touch the same
   * bytes again and again (fmha forward's transposing reads are a piece per lane: 18 million pieces
   * for 512 ways its branches go, when they were made per step).
   */
  private final Map<List<LdsAccess.Bytes>, Region> regions = new HashMap<>();

  private Region region(Step s, int granule) {
    List<LdsAccess.Bytes> key = s.lds().stream().map(LdsAccess::bytes).toList();
    Region known = regions.get(key);
    if (known != null) {
      return known;
    }
    Region r = regionOf(s, granule);
    regions.put(key, r);
    return r;
  }

  /**
   * The granules a step's accesses touch (ds_read2/ds_write2: both together): one range, or several
   * pieces (an MFMA fragment of a padded or interleaved layout).
   */
  private Region regionOf(Step s, int granule) {
    List<Run> touched = new ArrayList<>();
    for (LdsAccess a : s.lds()) {
      touched.addAll(runsOf(a));
    }
    touched.sort(Comparator.comparingLong(Run::from));
    List<Region.Piece> pieces = new ArrayList<>();
    long first = -1;
    long end = -1;
    for (Run r : touched) {
      long from = r.from() / granule;
      long to = (r.to() + granule - 1) / granule;
      if (first >= 0 && from > end) {
        pieces.add(new Region.Piece(first, end - first));
        first = -1;
      }
      if (first < 0) {
        first = from;
        end = to;
      } else {
        end = Math.max(end, to);
      }
    }
    pieces.add(new Region.Piece(first, end - first));
    return Region.pieces(Region.Unit.ROWS, pieces);
  }

  // ---------------------------------------------------------------- counters

  private static Waitcnt waitcnt(Instruction i) {
    return (Waitcnt) i.operand(0);
  }

  // ---------------------------------------------------------------- ops

  /**
   * Each step's position in its iteration. Consumers are not counted (one takes the position of the
   * op after it): where one is depends on which loads are still in flight, which may differ from
   * one iteration to the next (the period leaves them out too).
   */
  private static int[] positions(List<Step> steps) {
    int[] out = new int[steps.size()];
    int positionInIteration = 0;
    int lastIteration = -1;
    for (int index = 0; index < steps.size(); index++) {
      Step s = steps.get(index);
      if (s.iteration() != lastIteration) {
        positionInIteration = 0;
        lastIteration = s.iteration();
      }
      out[index] = s.kind() == Step.Kind.CONSUME ? positionInIteration : positionInIteration++;
    }
    return out;
  }

  /**
   * The sources of each loop copy in every K step of {@code steps} (a wave's longer run), by the
   * copy's phase in the period and position ({@link #loopKey}), in step order: the loop op made of
   * the first period stands for all of them.
   */
  private static Map<Long, List<Optional<String>>> loopCopySources(
      List<Step> steps, int[] positions, int loopStart, int period) {
    Map<Long, List<Optional<String>>> out = new HashMap<>();
    if (period <= 0) {
      return out;
    }
    for (int index = 0; index < steps.size(); index++) {
      Step s = steps.get(index);
      if (s.iteration() >= loopStart && s.kind() == Step.Kind.COPY && s.lds().size() == 1) {
        out.computeIfAbsent(loopKey(s, positions[index], loopStart, period), k -> new ArrayList<>())
            .add(s.lds().get(0).source());
      }
    }
    return out;
  }

  private static long loopKey(Step s, int position, int loopStart, int period) {
    return ((long) ((s.iteration() - loopStart) % period) << 32) | position;
  }

  /**
   * A loop copy's source: the sources of its K steps in the longer run (two periods), in order,
   * known by their digest. Two waves' loop copies with the same one read the same global bytes into
   * the same LDS bytes in each of those K steps, and so in every K step as the lift takes the loop
   * to repeat with its period (LoopPeriod, ReadUses). None when a step's source is unknown, or the
   * copy ran once only (nothing then shows how its source moves from one K step to the next).
   */
  private static Optional<String> loopSource(List<Optional<String>> sources) {
    if (sources == null || sources.size() < 2 || sources.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    StringBuilder b = new StringBuilder("loop");
    sources.forEach(x -> b.append('|').append(x.get()));
    return Optional.of(Digest.sha256(b, 16));
  }

  /**
   * Wave {@code t}'s program; {@code longer}, the same wave run one period longer (null for a class
   * without one), names what its loop copies copy in two K steps ({@link #loopSource}).
   */
  private WaveProgram program(
      WaveEvaluator.Trace t,
      WaveEvaluator.Trace longer,
      int loopStart,
      int period,
      int granule,
      ReadUses uses)
      throws AsmSyntaxException {
    List<Op> prologue = new ArrayList<>();
    List<Op> loop = new ArrayList<>();
    List<Op> epilogue = new ArrayList<>();
    Registers registers = new Registers();
    // The destinations of the loads that are ops of this program so far: a consume names only
    // those (a read with no byte in range is no op to wait for).
    Set<String> defined = new HashSet<>();
    Map<String, String> loopOperands = new HashMap<>();
    int[] positions = positions(t.steps());
    Map<Long, List<Optional<String>>> loopSources =
        longer == null
            ? Map.of()
            : loopCopySources(longer.steps(), positions(longer.steps()), loopStart, period);
    for (int index = 0; index < t.steps().size(); index++) {
      Step s = t.steps().get(index);
      int position = positions[index];
      boolean inLoop = s.iteration() >= loopStart && period > 0;
      if (inLoop && s.kind() == Step.Kind.MFMA) {
        int phase = (s.iteration() - loopStart) % period;
        Instruction i = s.instruction();
        String operands = registers.loadOf(i.operand(1)) + " and " + registers.loadOf(i.operand(2));
        checkSameOperands(s, t.wave(), loopOperands, phase + "/" + position, operands);
      }
      // Iterations after the first period repeat its ops (LoopPeriod): no op is made for them.
      boolean kept = s.iteration() < loopStart + period;
      Optional<Op> op = kept ? op(s, position, granule, registers, uses) : Optional.empty();
      registers.record(s);
      if (op.isPresent() && op.get() instanceof Op.Consume c) {
        op = loaded(c, defined);
      } else {
        op.flatMap(Op::loadedRegister).ifPresent(defined::add);
      }
      if (op.isEmpty()) {
        continue;
      }
      if (s.iteration() == -1 || (s.iteration() >= 0 && s.iteration() < loopStart)) {
        // A prologue op is one execution, the same for every trip count of the class: a copy's
        // source, from this run, is its source in every launch of the class.
        Optional<String> source =
            op.get() instanceof Op.G2s && s.lds().size() == 1
                ? s.lds().get(0).source()
                : Optional.empty();
        prologue.add(
            source.isPresent() ? interned(((Op.G2s) op.get()).withSource(source.get())) : op.get());
      } else if (s.iteration() == -2) {
        epilogue.add(op.get());
      } else if (s.iteration() < loopStart + period) {
        Optional<String> source =
            op.get() instanceof Op.G2s
                ? loopSource(loopSources.get(loopKey(s, position, loopStart, period)))
                : Optional.empty();
        loop.add(
            source.isPresent() ? interned(((Op.G2s) op.get()).withSource(source.get())) : op.get());
      }
    }
    Set<String> consumed = new HashSet<>();
    for (List<Op> section : List.of(prologue, loop, epilogue)) {
      for (Op op : section) {
        if (op instanceof Op.Consume c) {
          consumed.addAll(c.registers());
        }
      }
    }
    return new WaveProgram(
        "wave" + t.wave(),
        List.of(t.wave()),
        consumedLoads(prologue, consumed),
        consumedLoads(loop, consumed),
        consumedLoads(epilogue, consumed));
  }

  /**
   * {@code ops} without the scalar loads no consume names: a scalar load that a wait for 0 retires
   * before any instruction touches its registers orders nothing (it counts in no LDS count), and
   * nearly every one is such. Every lane permute stays, consumed or not: it counts in order with
   * the DS ops, and a wait's count is exact only with all of them (aiter's MLA epilogue permutes
   * eight registers and stores the first four after {@code lgkmcnt(4)}).
   */
  private static List<Op> consumedLoads(List<Op> ops, Set<String> consumed) {
    if (ops.stream().noneMatch(o -> o instanceof Op.SLoad l && !consumed.contains(l.dst()))) {
      return ops;
    }
    return ops.stream()
        .filter(o -> !(o instanceof Op.SLoad l) || consumed.contains(l.dst()))
        .toList();
  }

  /** {@code c} naming only loads in {@code defined}; empty when it names none. */
  private Optional<Op> loaded(Op.Consume c, Set<String> defined) {
    List<String> regs = c.registers().stream().filter(defined::contains).toList();
    if (regs.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(regs.equals(c.registers()) ? c : interned(new Op.Consume(regs, c.origin())));
  }

  /**
   * A loop mfma must read the same loads in every iteration that runs it as the same op ({@code
   * place}: the iteration modulo the period and the position in it).
   */
  private static void checkSameOperands(
      Step s, int wave, Map<String, String> seen, String place, String operands)
      throws AsmSyntaxException {
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

  private Optional<Op> op(Step s, int position, int granule, Registers registers, ReadUses uses)
      throws AsmSyntaxException {
    if (s.kind() == Step.Kind.READ) {
      // Whether its value is used depends on the run (its last iteration's is not): per run.
      return opOf(s, granule, registers, uses.of(s, position)).map(this::interned);
    }
    if (s.kind() == Step.Kind.WRITE
        || s.kind() == Step.Kind.MFMA
        || s.kind() == Step.Kind.CONSUME) {
      // It names the loads that wrote its registers, which depend on the run: made per run.
      return opOf(s, granule, registers, ReadUse.USED).map(this::interned);
    }
    Optional<Op> op = ops.get(s);
    if (op == null) {
      op = opOf(s, granule, registers, ReadUse.USED).map(this::interned);
      ops.put(s, op);
    }
    return op;
  }

  /**
   * Equal ops as one object: the classes' programs (and the verifier's comparisons of their runs)
   * then compare by reference.
   */
  private Op interned(Op op) {
    return named.computeIfAbsent(op, o -> o);
  }

  /** The op of step {@code s}; {@code use}: a read's ({@link ReadUses}). */
  private Optional<Op> opOf(Step s, int granule, Registers registers, ReadUse use)
      throws AsmSyntaxException {
    Instruction i = s.instruction();
    Origin.InAssembly origin =
        new Origin.InAssembly(i.location().file(), i.location().line(), i.location().source());
    Expr slot = Expr.of(0);
    if (s.kind() == Step.Kind.COPY || s.kind() == Step.Kind.READ || s.kind() == Step.Kind.WRITE) {
      if (s.lds().stream().allMatch(a -> runsOf(a).isEmpty())) {
        // No active lane in range (EXEC = 0, or every address beyond the LDS): it touches no
        // byte. Left out, it no longer counts on its counter, which can only make a later wait
        // weaker than it is (a wait retires the oldest operations first), never stronger.
        return Optional.empty();
      }
    }
    return switch (s.kind()) {
      case COPY -> {
        Region r = region(s, granule);
        yield Optional.of(new Op.G2s(BUFFER, slot, r, tag(r), origin));
      }
      case READ -> {
        Region r = region(s, granule);
        yield Optional.of(new Op.DsRead(BUFFER, slot, r, destination(i), tag(r), origin, use));
      }
      case WRITE -> {
        Region r = region(s, granule);
        yield Optional.of(
            new Op.DsWrite(BUFFER, slot, r, registers.loadOf(i.operand(1)), tag(r), origin));
      }
      case VMEM ->
          Optional.of(
              new Op.GLoad(
                  i.opcode().contains("load") ? destination(i) : STORE + origin.line(),
                  TileTag.wholeRows(
                      i.opcode().startsWith("scratch_") ? SCRATCH : "global", "0", "0", 1),
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
      case CONSUME ->
          Optional.of(
              new Op.Consume(
                  s.consumed().stream().map(registers::loadOf).distinct().toList(), origin));
      case SLOAD -> Optional.of(new Op.SLoad(destination(i), origin));
      case PERMUTE -> Optional.of(new Op.DsPermute(destination(i), origin));
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
    private record Def(Operand.Register load, long order) {}

    /** Per register file and register, the latest load that wrote it. */
    private final Def[][] last = new Def[Operand.RegisterFile.values().length][];

    private long order;

    void record(Step s) {
      order++;
      Instruction i = s.instruction();
      if (Step.loads(s.kind(), i) && i.operand(0) instanceof Operand.Register r) {
        Def[] file = file(r);
        Def d = new Def(r, order);
        for (int n = r.first(); n <= r.last(); n++) {
          file[n] = d;
        }
      }
    }

    String loadOf(Operand operand) {
      if (!(operand instanceof Operand.Register r)) {
        return ScheduleValidator.COMPUTED + operand;
      }
      Def latest = null;
      Def[] file = file(r);
      for (int n = r.first(); n <= r.last(); n++) {
        Def d = file[n];
        if (d != null && (latest == null || d.order > latest.order)) {
          latest = d;
        }
      }
      return latest == null ? ScheduleValidator.COMPUTED + r : latest.load.toString();
    }

    /** The latest loads of {@code r}'s file, by register: large enough for {@code r}. */
    private Def[] file(Operand.Register r) {
      int f = r.file().ordinal();
      if (last[f] == null || last[f].length <= r.last()) {
        // 512: the VGPRs and AGPRs a wave can name; a larger index only grows the array.
        last[f] =
            last[f] == null
                ? new Def[Math.max(512, r.last() + 1)]
                : java.util.Arrays.copyOf(last[f], r.last() + 1);
      }
      return last[f];
    }
  }
}

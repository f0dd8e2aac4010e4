package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.semantics.ScalarLoop;
import io.pipeverify.isa.semantics.Semantics;
import io.pipeverify.isa.semantics.Symbols;
import io.pipeverify.isa.semantics.WaveState;
import io.pipeverify.model.Digest;
import io.pipeverify.model.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Executes one wave of a kernel concretely: from the entry state ({@link EntryState}: work-item ids
 * in v0, the kernarg pointer and workgroup ids in their SGPRs, scalar arguments the caller gives),
 * block by block, resolving every conditional branch from the wave's SCC, VCC or EXEC, through a
 * given number of iterations of the loop ({@code iterations} times round the back edge, then out).
 * It records the LDS bytes of every LDS access. A branch or an LDS address that depends on an
 * unknown value, and an unsupported instruction, is a located error; nothing is guessed.
 */
public final class WaveEvaluator {
  /** Steps before the evaluator gives up on a wave (a loop it cannot leave). */
  private static final int MAX_STEPS = 1_000_000;

  /**
   * The DS forms by bytes per lane. gfx950's transposing reads ({@code ds_read_b64_tr_b4/_b8/_b16},
   * {@code ds_read_b96_tr_b6}) read, like {@code ds_read_b64}/{@code _b96}, the bytes at each
   * active lane's address; the transpose exchanges the elements among the lanes of a block on the
   * way to the registers, which changes what each lane receives but not which LDS bytes the wave
   * reads. The 16-bit-destination forms ({@code ds_read_u16_d16_hi}, {@code ds_write_b16_d16_hi})
   * access their width at the address; which half of the register they use changes nothing in LDS
   * (the register analysis keeps the other half: ReadLiveness).
   */
  private static final Pattern DS_BYTES =
      Pattern.compile(
          "ds_(read|write|load|store)(2)?(st64)?_([biu])(\\d+)(_tr_b(4|6|8|16)|_d16(_hi)?)?");

  private static final Pattern DMA_BYTES =
      Pattern.compile("\\w+_load_(lds_)?(dword(x(\\d))?|ubyte|sbyte|ushort|sshort)");

  private final Kernel kernel;
  private final ControlFlowGraph cfg;
  private final EntryState entry;
  private final Symbols symbols;
  private final List<ControlFlowGraph.Loop> loops;
  private final int[] postDominators;

  /**
   * Each instruction's table row, looked up once: a wave executes a loop's instructions many times,
   * and every launch class and wave runs the same ones (by identity: the kernel's own).
   */
  private final Map<Instruction, Optional<InstructionInfo>> infos = new IdentityHashMap<>();

  /**
   * @param threads the workgroup size
   * @param args scalar kernel arguments by name (kernel metadata {@code .name}) or {@code argN}
   *     (the N-th from 0), and {@code workgroup_id_x/y/z}; others unknown
   * @throws AsmSyntaxException at the kernel, for an argument name the kernel does not have
   */
  public WaveEvaluator(Kernel kernel, ControlFlowGraph cfg, int threads, Map<String, Long> args)
      throws AsmSyntaxException {
    this(kernel, cfg, threads, args, Map.of());
  }

  /**
   * The same, with {@code ranges} of the arguments not given ({@code name -> {min, max}},
   * inclusive): a branch that compares such an argument with a constant is decided when every value
   * of the range decides it alike ({@link Symbols#decide}), instead of explored both ways.
   */
  public WaveEvaluator(
      Kernel kernel,
      ControlFlowGraph cfg,
      int threads,
      Map<String, Long> args,
      Map<String, long[]> ranges)
      throws AsmSyntaxException {
    this(kernel, cfg, threads, args, ranges, MAX_LDS);
  }

  /**
   * The same for a kernel of a target with {@code ldsBytes} of LDS: an access beyond it is out of
   * range and touches nothing.
   */
  public WaveEvaluator(
      Kernel kernel,
      ControlFlowGraph cfg,
      int threads,
      Map<String, Long> args,
      Map<String, long[]> ranges,
      long ldsBytes)
      throws AsmSyntaxException {
    this.outOfRange = ldsBytes;
    this.kernel = kernel;
    this.cfg = cfg;
    this.symbols = new Symbols();
    this.entry = new EntryState(kernel, threads, args, symbols);
    this.loops = cfg.loops();
    this.postDominators = cfg.immediatePostDominators();
    this.quiet = quietBlocks(cfg);
    this.callees = new Callees(cfg, kernel.name());
    Map<String, long[]> byLeaf = new java.util.HashMap<>();
    for (Map.Entry<String, long[]> r : ranges.entrySet()) {
      byLeaf.put(entry.leafName(r.getKey()), r.getValue());
    }
    this.ranges = Map.copyOf(byLeaf);
  }

  /** The functions the kernel calls (s_swappc_b64). */
  private final Callees callees;

  /** The ranges of arguments not given, by their symbols' names. */
  private final Map<String, long[]> ranges;

  /**
   * Per block: whether no path from it (itself included) touches LDS (a DS instruction, an LDS-DMA
   * copy), meets a barrier or multiplies matrices.
   */
  private final boolean[] quiet;

  private static boolean[] quietBlocks(ControlFlowGraph cfg) {
    int n = cfg.blocks().size();
    boolean[] loud = new boolean[n];
    for (int b = 0; b < n; b++) {
      for (Instruction i : cfg.blocks().get(b).instructions()) {
        Family f = InstructionTable.lookup(i).map(InstructionInfo::family).orElse(Family.SALU);
        loud[b] |=
            f == Family.LDS || f == Family.LDS_DMA || f == Family.BARRIER || f == Family.MFMA;
      }
    }
    // Loud spreads backwards along the edges until nothing changes.
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int b = n - 1; b >= 0; b--) {
        if (!loud[b]) {
          for (int s : cfg.blocks().get(b).successors()) {
            if (loud[s]) {
              loud[b] = true;
              changed = true;
              break;
            }
          }
        }
      }
    }
    boolean[] quiet = new boolean[n];
    for (int b = 0; b < n; b++) {
      quiet[b] = !loud[b];
    }
    return quiet;
  }

  /**
   * The range of leaf {@code leaf} as the report's coverage gives it ({@code " >= 192"}, {@code "
   * in 64..8192"}, {@code " in {0, 4}"}), or nothing when it has none; {@link Long#MIN_VALUE} and
   * {@link Long#MAX_VALUE} are the open ends.
   */
  String rangeText(String leaf) {
    long[] r = ranges.get(leaf);
    if (r == null) {
      return "";
    }
    if (r.length > 2) {
      List<String> parts = new ArrayList<>();
      for (int k = 0; k + 1 < r.length; k += 2) {
        parts.add(r[k] == r[k + 1] ? Long.toString(r[k]) : r[k] + ".." + r[k + 1]);
      }
      return " in {" + String.join(", ", parts) + "}";
    }
    if (r[0] == Long.MIN_VALUE) {
      return " <= " + r[1];
    }
    return r[1] == Long.MAX_VALUE ? " >= " + r[0] : " in " + r[0] + ".." + r[1];
  }

  /**
   * What one wave did: the steps the schedule lift needs, in the order the wave executed them, and
   * its final state.
   */
  /**
   * A K-loop exit the plan decided: the condition's key and the truth it was given (the wave stays
   * at every step but the last, and leaves there).
   */
  public record PlannedExit(String key, boolean truth) {}

  public record Trace(
      int wave,
      List<Step> steps,
      WaveState state,
      List<PlannedExit> plannedExits,
      int kSteps,
      Map<Step, ReadLiveness.Dead> deadReads) {
    public Trace {
      steps = List.copyOf(steps);
      plannedExits = List.copyOf(plannedExits);
      deadReads = java.util.Collections.unmodifiableMap(new java.util.IdentityHashMap<>(deadReads));
    }

    /** Why read step {@code s} of this run is dead ({@link ReadLiveness}), or empty: it is used. */
    public Optional<ReadLiveness.Dead> dead(Step s) {
      return Optional.ofNullable(deadReads.get(s));
    }

    /** The LDS accesses among the steps, in order. */
    public List<LdsAccess> accesses() {
      return steps.stream().flatMap(s -> s.lds().stream()).toList();
    }

    /** The steps of loop iteration {@code iteration} (-1: before the loop, -2: after it). */
    public List<Step> iteration(int iteration) {
      return steps.stream().filter(s -> s.iteration() == iteration).toList();
    }
  }

  /** The symbols the waves' unknown values are named in (shared by every run). */
  public Symbols symbols() {
    return symbols;
  }

  /** Runs wave {@code wave} of a kernel without a loop to its end. */
  public Trace run(int wave) throws AsmSyntaxException {
    return strict(wave, Plan.strict(Set.of(), 0));
  }

  /**
   * Runs wave {@code wave} through {@code iterations} iterations of {@code loop}: accesses before
   * the loop have iteration -1, after it -2. A branch on an unknown value is a located error.
   */
  public Trace run(int wave, ControlFlowGraph.Loop loop, int iterations) throws AsmSyntaxException {
    return strict(wave, Plan.strict(Set.copyOf(loop.blockIndices()), iterations));
  }

  private Trace strict(int wave, Plan plan) throws AsmSyntaxException {
    try {
      return run(wave, plan);
    } catch (Undecided u) {
      throw new IllegalStateException("a strict run does not ask for decisions", u);
    }
  }

  /**
   * How a run goes where the wave's values do not say: the blocks of the K loops, after how many K
   * steps a K-loop exit on an unknown value is taken, and which way the other branches on unknown
   * values go (by {@link Undecided#key()}).
   *
   * @param strict a branch on an unknown value without a decision is a located error (instead of
   *     {@link Undecided}), and a wave must not leave the K loop before {@code steps} steps
   */
  public record Plan(
      Set<Integer> kBlocks,
      int steps,
      Map<String, Boolean> decisions,
      boolean strict,
      boolean exactSteps) {
    public Plan {
      kBlocks = Set.copyOf(kBlocks);
      decisions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(decisions));
    }

    /**
     * A plan that explores: branches on unknown values without a decision are {@link Undecided}.
     */
    public Plan(Set<Integer> kBlocks, int steps, Map<String, Boolean> decisions, boolean strict) {
      this(kBlocks, steps, decisions, strict, strict);
    }

    static Plan strict(Set<Integer> kBlocks, int steps) {
      return new Plan(kBlocks, steps, Map.of(), true, true);
    }

    /** The plan with one more decision. */
    public Plan deciding(String key, boolean taken) {
      Map<String, Boolean> d = new java.util.LinkedHashMap<>(decisions);
      d.put(key, taken);
      return new Plan(kBlocks, steps, d, strict, exactSteps);
    }

    public Plan withSteps(int n) {
      return new Plan(kBlocks, n, decisions, strict, exactSteps);
    }
  }

  /**
   * A branch on an unknown value that the plan does not decide and whose two sides differ in what
   * the lift records (LDS accesses, waits, barriers, counted instructions): the launches must be
   * explored both ways. {@code key} names the value the branch depends on: the same symbol in every
   * wave, so one decision serves them all; an unknown the lift cannot name is decided per wave and
   * occurrence.
   */
  public static final class Undecided extends Exception {
    private static final long serialVersionUID = 1L;
    private final String key;
    private final transient Instruction branch;
    private final transient Optional<Boolean> leaving;

    Undecided(String key, Instruction branch, String condition, Optional<Boolean> leaving) {
      super(branch.location().describe() + ": " + branch.mnemonic() + " on " + condition);
      this.key = key;
      this.branch = branch;
      this.leaving = leaving;
    }

    public String key() {
      return key;
    }

    /**
     * The decision with which the branch leaves the innermost loop it is in, if it is a way out of
     * one: the launches that leave now are the ones explored first, so a loop whose exit depends on
     * an unknown value gives the launches of one pass, two passes... each a class, rather than
     * staying in the loop until the bound.
     */
    public Optional<Boolean> leaving() {
      return leaving;
    }

    public Instruction branch() {
      return branch;
    }
  }

  /** Runs wave {@code wave} under {@code plan}. */
  public Trace run(int wave, Plan plan) throws AsmSyntaxException, Undecided {
    Walk w = new Walk(wave, plan, entry.wave(wave));
    w.walk(0, -1, 0);
    return w.trace();
  }

  /**
   * Runs wave {@code wave} under {@code plan} and keeps, for every step count in {@code counts}
   * below its own, a copy of the wave where it stays in the K loop after n steps and a run of n
   * steps would leave. Every run of n steps is the run of {@code plan.steps()} steps up to that
   * exit (the plan's count is only read there), so the copy, run on to the end when asked ({@link
   * Forking#leavingAfter}), gives the trace {@link #run(int, Plan)} with {@code plan.withSteps(n)}
   * gives, for the cost of what the wave does after the loop, and only for the counts a launch
   * class needs (which the loop's period, known once every wave has run, decides).
   */
  public Forking runForking(int wave, Plan plan, Set<Integer> counts)
      throws AsmSyntaxException, Undecided {
    Walk w = new Walk(wave, plan, entry.wave(wave));
    w.forkAt = Set.copyOf(counts);
    w.forks = new java.util.HashMap<>();
    w.walk(0, -1, 0);
    return new Forking(w.trace(), w.forks);
  }

  /** A copy of a walk at a K-loop exit, leaving there: it goes on at block {@code next}. */
  private record Fork(Walk walk, int next) {}

  /** A wave's run under a plan, and its copies leaving the K loop after fewer steps. */
  public final class Forking {
    private final Trace longest;
    private final Map<Integer, Fork> forks;
    private final Map<Integer, Trace> resumed = new java.util.HashMap<>();

    private Forking(Trace longest, Map<Integer, Fork> forks) {
      this.longest = longest;
      this.forks = forks;
    }

    /** The run of the plan's own step count. */
    public Trace longest() {
      return longest;
    }

    /** Whether a copy left after {@code n} steps (its run is {@link #leavingAfter}). */
    public boolean left(int n) {
      return forks.containsKey(n) || resumed.containsKey(n);
    }

    /**
     * The run of {@code n} K steps, the copy that left after n steps run on to the end (once);
     * empty when the exit after n steps was inside a summarised branch side, where no copy was kept
     * (the caller runs the count on its own).
     */
    public Optional<Trace> leavingAfter(int n) throws AsmSyntaxException, Undecided {
      Trace done = resumed.get(n);
      if (done != null) {
        return Optional.of(done);
      }
      Fork f = forks.remove(n);
      if (f == null) {
        return Optional.empty();
      }
      f.walk().walk(f.next(), -1, 0);
      Trace t = f.walk().trace();
      resumed.put(n, t);
      return Optional.of(t);
    }
  }

  /** How deep summaries of branch sides nest before the lift explores both ways instead. */
  private static final int MAX_SUMMARY_DEPTH = 64;

  /** Blocks a side of a branch may run before the lift gives up summarising it. */
  private static final int MAX_SUMMARY_BLOCKS = 20_000;

  private static final int VSKIP_OFF = 0;
  private static final int VSKIP_ON = 1;
  private static final int VSKIP_UNKNOWN = -1;

  /** A vector instruction: one VSKIP mode keeps from issuing (VALU, MFMA, memory, DS). */
  private static boolean isVector(Instruction i, Optional<InstructionInfo> info) {
    return info.map(
            n ->
                switch (n.family()) {
                  case VALU, VMEM, FLAT, LDS, LDS_DMA, MFMA -> true;
                  default -> false;
                })
        .orElse(i.opcode().startsWith("v_"));
  }

  /** One wave's run: its state, steps and decisions so far. */
  private final class Walk {
    final int wave;
    final Plan plan;
    WaveState state;
    List<Step> steps = new ArrayList<>();
    final Map<String, Boolean> decisions;
    final Map<Integer, Integer> occurrences = new java.util.HashMap<>();
    final List<PlannedExit> plannedExits = new ArrayList<>();
    int iteration = -1;

    /** K-loop exits executed: the K steps run. */
    int kSteps;

    /** Which of the run's reads load a value the run reads again. */
    ReadLiveness liveness = new ReadLiveness();

    /** The registers of loads in flight, whose readers are steps of their own. */
    InFlightLoads inFlight = new InFlightLoads();

    /** VSKIP mode (s_setvskip): off, on, or {@link #VSKIP_UNKNOWN}. */
    int vskip = VSKIP_OFF;

    /** How deep in summarised branch sides the walk is: writes there are not overwrites. */
    int summaryDepth;

    /** Step counts at which a copy of this walk leaves the K loop ({@link #runForking}). */
    Set<Integer> forkAt = Set.of();

    /** Those copies by step count, each at its exit; null when this walk does not fork. */
    Map<Integer, Fork> forks;

    Walk(int wave, Plan plan, WaveState state) {
      this.wave = wave;
      this.plan = plan;
      this.state = state;
      this.decisions = new java.util.HashMap<>(plan.decisions());
    }

    /** This walk so far, under {@code other}: its own state, steps and decisions. */
    private Walk copy(Plan other) {
      Walk c = new Walk(wave, other, state.copy());
      c.steps = new ArrayList<>(steps);
      c.decisions.clear();
      c.decisions.putAll(decisions);
      c.occurrences.putAll(occurrences);
      c.plannedExits.addAll(plannedExits);
      c.iteration = iteration;
      c.kSteps = kSteps;
      c.liveness = liveness.copy();
      c.inFlight = inFlight.copy();
      c.vskip = vskip;
      return c;
    }

    Trace trace() {
      return new Trace(wave, steps, state, plannedExits, kSteps, liveness.dead());
    }

    /**
     * Runs from {@code block} until {@code stop} (a block index, or -1: the end of the kernel);
     * returns false when a side being summarised ({@code depth > 0}) cannot be.
     */
    boolean walk(int block, int stop, int depth) throws AsmSyntaxException, Undecided {
      int budget = depth == 0 ? MAX_STEPS : MAX_SUMMARY_BLOCKS;
      for (int n = 0; block >= 0 && block != stop; n++) {
        if ((n & 0xff) == 0 && Thread.currentThread().isInterrupted()) {
          // A batch's time limit cancelled this input: nobody reads the lift.
          throw new java.util.concurrent.CancellationException("lift interrupted");
        }
        if (n > budget) {
          if (depth > 0) {
            return false;
          }
          throw new AsmSyntaxException(
              kernel.location(), "wave " + wave + " did not finish in " + MAX_STEPS + " blocks");
        }
        if (iteration == -1 && plan.kBlocks().contains(block)) {
          if (depth > 0) {
            return false;
          }
          iteration = 0;
        }
        BasicBlock b = cfg.blocks().get(block);
        for (Instruction i : b.instructions()) {
          execute(i);
        }
        OptionalInt next = next(b, depth);
        if (next.isEmpty()) {
          return false;
        }
        block = next.getAsInt();
      }
      return true;
    }

    private void execute(Instruction i) throws AsmSyntaxException {
      Optional<InstructionInfo> info = infos.get(i);
      if (info == null) {
        info = InstructionTable.require(i);
        infos.put(i, info);
      }
      if (i.opcode().equals("s_setvskip")) {
        vskip = vskipOf(i);
        return;
      }
      if (vskip != VSKIP_OFF && isVector(i, info) && skipped(i)) {
        if (vskip == VSKIP_UNKNOWN) {
          // A store or atomic that may issue is no op of the schedule (docs/isa.md, "VSKIP"), but
          // what it reads counts as read: a consumer of the loads in flight, a use of what a
          // ds_read loaded (it writes no register).
          consume(i, info, null, List.of());
          liveness.executed(i, info, state, null, summaryDepth > 0);
        }
        return;
      }
      Step step = null;
      if (info.isPresent()) {
        List<LdsAccess> lds = lds(state, i, info.get(), wave, iteration);
        Optional<Step.Kind> kind = Step.kindOf(info.get(), lds);
        if (kind.isPresent()) {
          step = new Step(i, iteration, kind.get(), lds, List.of());
        }
      }
      boolean call = i.opcode().equals("s_swappc_b64");
      List<Instruction> callee = call ? callees.function(state, i) : List.of();
      consume(i, info, step, callee);
      if (step != null) {
        steps.add(step);
      }
      boolean read = step != null && step.kind() == Step.Kind.READ;
      liveness.executed(i, info, state, read ? step : null, summaryDepth > 0);
      if (info.isPresent() && info.get().family() == Family.SMEM && scalarLoad(state, i)) {
        return;
      }
      if (call) {
        Callees.call(state, i, callee);
        return;
      }
      Semantics.execute(state, i, info);
    }

    /**
     * The walk ends at a branch to {@code taken} or {@code fallThrough} without following the rest:
     * every instruction the rest may run counts as reading its operands, in any order (what a read
     * loaded may reach a store there: aiter's split-K epilogues store the values they read back
     * from LDS behind a row guard).
     */
    private void restMayRun(int taken, int fallThrough) {
      if (liveness.settled()) {
        return;
      }
      Set<Integer> rest = new java.util.TreeSet<>(cfg.reachableFrom(List.of(taken, fallThrough)));
      rest.add(taken);
      rest.add(fallThrough);
      for (int b : rest) {
        for (Instruction i : cfg.blocks().get(b).instructions()) {
          liveness.mayRun(i);
        }
      }
    }

    /** The VSKIP bit {@code s_setvskip S0, S1} sets: S0 bit S1[4:0], if the lift knows both. */
    private int vskipOf(Instruction i) {
      long bits = state.read(i.operand(0), 0);
      long select = state.read(i.operand(1), 0);
      boolean known =
          bits != WaveState.UNKNOWN
              && select != WaveState.UNKNOWN
              && !Symbols.isSymbol(bits)
              && !Symbols.isSymbol(select);
      return known ? (int) ((bits >>> (select & 31)) & 1) : VSKIP_UNKNOWN;
    }

    /**
     * Whether vector instruction {@code i}, under VSKIP set or unknown, is taken care of: with
     * VSKIP set it does not issue; with VSKIP unknown a store or an atomic that returns nothing is
     * left out (it may not count on vmcnt, and a wait that counts fewer operations retires no fewer
     * in the model: docs/isa.md, "VSKIP"); any other is a located error.
     */
    private boolean skipped(Instruction i) throws AsmSyntaxException {
      if (vskip == VSKIP_ON || isStore(i)) {
        return true;
      }
      throw new AsmSyntaxException(
          i.location(),
          i.mnemonic()
              + " in wave "
              + wave
              + " issues or not as a VSKIP bit the lift does not know says (s_setvskip of an"
              + " unknown value): only stores and atomics that return nothing are followed there");
    }

    /**
     * Records {@code i} (and a call's {@code callee}) as a consumer of the loads in flight it reads
     * (a step before its own), then what it writes: its loads in flight, the rest not.
     */
    private void consume(
        Instruction i, Optional<InstructionInfo> info, Step step, List<Instruction> callee) {
      int defs = Semantics.defs(info, i);
      boolean load = step != null && Step.loads(step.kind(), i);
      List<Operand.Register> consumed =
          new ArrayList<>(inFlight.consumed(i, Semantics.firstSource(info), checked(i, step)));
      List<InFlightLoads.Word> words =
          step != null && step.kind() == Step.Kind.SLOAD ? scalarWords(i) : null;
      addNew(consumed, inFlight.overwritten(i, info, defs, load, words));
      for (Instruction c : callee) {
        Optional<InstructionInfo> row = InstructionTable.lookup(c);
        int cDefs = Semantics.defs(row, c);
        addNew(consumed, inFlight.consumed(c, Semantics.firstSource(row), List.of()));
        addNew(consumed, inFlight.overwritten(c, row, cDefs, false, null));
        inFlight.executed(c, row, cDefs, false, null);
      }
      if (!consumed.isEmpty()) {
        steps.add(new Step(i, iteration, Step.Kind.CONSUME, List.of(), consumed));
      }
      inFlight.executed(i, info, defs, load, words);
    }

    /**
     * The memory words {@code s_load_dword* sD, s[b:b+1], offset} reads, one per destination
     * register, in this state; null for another scalar load or an address the lift does not know.
     */
    private List<InFlightLoads.Word> scalarWords(Instruction i) {
      if (!i.opcode().startsWith("s_load_dword")
          || i.operands().size() < 3
          || !(i.operand(0) instanceof Operand.Register dst)
          || !(i.operand(1) instanceof Operand.Register base)) {
        return null;
      }
      long lo = state.sgpr(base.first());
      long hi = state.sgpr(base.first() + 1);
      long offset = state.read(i.operand(2), 0);
      if (lo == WaveState.UNKNOWN || hi == WaveState.UNKNOWN || offset == WaveState.UNKNOWN) {
        return null;
      }
      List<InFlightLoads.Word> out = new ArrayList<>(dst.count());
      for (int d = 0; d < dst.count(); d++) {
        out.add(new InFlightLoads.Word(lo, hi, offset + 4L * d));
      }
      return out;
    }

    private static void addNew(List<Operand.Register> to, List<Operand.Register> more) {
      for (Operand.Register r : more) {
        if (!to.contains(r)) {
          to.add(r);
        }
      }
    }

    /**
     * The operands of {@code i} the verifier checks through its own op: an mfma's A and B, a
     * ds_write's data that a global load wrote (DataflowChecker).
     */
    private List<Integer> checked(Instruction i, Step step) {
      if (step == null) {
        return List.of();
      }
      if (step.kind() == Step.Kind.MFMA) {
        return List.of(1, 2);
      }
      if (step.kind() == Step.Kind.WRITE) {
        List<Integer> out = new ArrayList<>();
        for (int k = 1; k < i.operands().size(); k++) {
          if (inFlight.fromGlobalLoad(i.operand(k))) {
            out.add(k);
          }
        }
        return out;
      }
      return List.of();
    }

    /**
     * The block after {@code b}: -1 at the end; empty when a side being summarised meets a branch
     * it cannot summarise.
     */
    private OptionalInt next(BasicBlock b, int depth) throws AsmSyntaxException, Undecided {
      List<Integer> succ = b.successors();
      if (succ.isEmpty()) {
        return OptionalInt.of(-1);
      }
      Instruction last =
          b.instructions().isEmpty() ? null : b.instructions().get(b.instructions().size() - 1);
      if (last == null || !last.opcode().startsWith("s_cbranch_")) {
        return OptionalInt.of(succ.get(0));
      }
      int taken = succ.get(0);
      int fallThrough = succ.get(succ.size() - 1);
      Condition c = condition(last);
      boolean kExit =
          iteration >= 0
              && plan.kBlocks().contains(b.index())
              && plan.kBlocks().contains(taken) != plan.kBlocks().contains(fallThrough);
      if (kExit) {
        // A run of iteration + 1 steps is this one up to here, and leaves here (its last step).
        Walk leaving =
            depth == 0 && forks != null && forkAt.contains(iteration + 1)
                ? copy(plan.withSteps(iteration + 1))
                : null;
        int after = kExit(last, c, taken, fallThrough);
        if (leaving != null && iteration >= 0) {
          forks.put(
              leaving.plan.steps(), new Fork(leaving, leaving.kExit(last, c, taken, fallThrough)));
        }
        return OptionalInt.of(after);
      }
      Optional<Boolean> value = c.taken();
      if (value.isEmpty() && decisions.containsKey(c.key())) {
        value = Optional.of(c.takenWhen(decisions.get(c.key())));
      }
      if (value.isEmpty() && Symbols.isSymbol(c.symbol())) {
        long compare = symbols.negated(c.symbol()).orElse(c.symbol());
        value = symbols.decide(compare, ranges).map(c::takenWhen);
      }
      if (value.isPresent()) {
        return OptionalInt.of(value.get() ? taken : fallThrough);
      }
      if (depth == 0 && quiet[taken] && quiet[fallThrough] && inFlight.none()) {
        // Whichever way it goes, the rest of the wave touches no LDS, meets no barrier and runs no
        // MFMA (hipBLASLt's split-K accumulation and edge stores), and no load is in flight whose
        // registers it could read or overwrite: nothing that could race or order a race, so no
        // launch is split here and the walk ends (docs/isa.md). The rest is not followed, but a
        // read whose registers it may read is not dead (its value may be stored after the branch).
        restMayRun(taken, fallThrough);
        return OptionalInt.of(-1);
      }
      if (plan.strict()) {
        throw new AsmSyntaxException(
            last.location(),
            last.mnemonic()
                + " in wave "
                + wave
                + " depends on an unknown "
                + c.register()
                + " (a value loaded from memory or a kernel argument not given: --arg"
                + " NAME=VALUE)");
      }
      OptionalInt exit = loopSummary(b, last);
      if (exit.isPresent()) {
        return exit;
      }
      OptionalInt join = depth < MAX_SUMMARY_DEPTH ? summarise(b, depth, c) : OptionalInt.empty();
      if (join.isPresent()) {
        return join;
      }
      if (depth > 0) {
        return OptionalInt.empty();
      }
      // Only a compare of symbols, which is the same in every wave, is taken out of its loop first:
      // a value the lift cannot name is decided per wave, and taking each wave's way out first
      // would pair waves that leave a loop of uniform values at different passes (hipBLASLt's
      // argument-pointer loops: a barrier count mismatch no launch has).
      Optional<Boolean> out =
          Symbols.isSymbol(c.symbol()) ? leaving(b, c, taken, fallThrough) : Optional.empty();
      throw new Undecided(c.key(), last, c.describe(), out);
    }

    /**
     * The decision with which the branch ending {@code b} leaves the innermost loop holding {@code
     * b}; empty when both ways stay in it or both leave it.
     */
    private Optional<Boolean> leaving(BasicBlock b, Condition c, int taken, int fallThrough) {
      Optional<ControlFlowGraph.Loop> innermost =
          loops.stream()
              .filter(l -> l.blockIndices().contains(b.index()))
              .min(java.util.Comparator.comparingInt(l -> l.blockIndices().size()));
      if (innermost.isEmpty()) {
        return Optional.empty();
      }
      boolean takenStays = innermost.get().blockIndices().contains(taken);
      boolean fallStays = innermost.get().blockIndices().contains(fallThrough);
      if (takenStays == fallStays) {
        return Optional.empty();
      }
      for (boolean truth : new boolean[] {false, true}) {
        if (c.takenWhen(truth) != takenStays) {
          return Optional.of(truth);
        }
      }
      return Optional.empty();
    }

    /**
     * A K-loop exit: the wave stays for the plan's number of steps and leaves after the last one,
     * unless its values say otherwise (given arguments); every execution ends a K step.
     */
    private int kExit(Instruction branch, Condition c, int taken, int fallThrough)
        throws AsmSyntaxException {
      boolean takenLeaves = !plan.kBlocks().contains(taken);
      boolean last = iteration + 1 >= plan.steps();
      boolean leave;
      Optional<Boolean> value = c.taken();
      if (value.isEmpty() && decisions.containsKey(c.key())) {
        value = Optional.of(c.takenWhen(decisions.get(c.key())));
      }
      if (value.isEmpty() && Symbols.isSymbol(c.symbol())) {
        long compare = symbols.negated(c.symbol()).orElse(c.symbol());
        value = symbols.decide(compare, ranges).map(c::takenWhen);
      }
      if (value.isPresent()) {
        leave = value.get() == takenLeaves || last;
        if (leave && !last && plan.exactSteps()) {
          throw new AsmSyntaxException(
              branch.location(),
              "wave "
                  + wave
                  + " leaves the loop after "
                  + (iteration + 1)
                  + " iterations, not "
                  + plan.steps());
        }
      } else {
        leave = last;
        // Later branches on the same value go the way this one went.
        boolean truth = (leave == takenLeaves) == c.polarity();
        decisions.put(c.key(), truth);
        plannedExits.add(new PlannedExit(c.key(), truth));
      }
      iteration = leave ? -2 : iteration + 1;
      kSteps++;
      return (leave == takenLeaves) ? taken : fallThrough;
    }

    /**
     * A branch on an unknown value that leaves a loop other than the K loops, whose instructions
     * touch no LDS, meet no barrier and leave EXEC alone (a spin-wait on a semaphore, an epilogue
     * store loop): the wave leaves it after this pass, and whatever the loop writes is unknown. Its
     * further passes could only add waits and memory operations younger than every LDS operation
     * issued before, which make later waits stronger, never weaker (docs/isa.md).
     */
    private OptionalInt loopSummary(BasicBlock b, Instruction branch) {
      for (ControlFlowGraph.Loop l : loops) {
        if (!l.blockIndices().contains(b.index())
            || plan.kBlocks().contains(b.index())
            || !summarisable(l)) {
          continue;
        }
        for (int s : b.successors()) {
          if (!l.blockIndices().contains(s)) {
            List<List<Instruction>> body = new ArrayList<>();
            for (int x : l.blockIndices().stream().sorted().toList()) {
              body.add(cfg.blocks().get(x).instructions());
            }
            // The terms are named for the loop's first line.
            int line =
                body.stream()
                    .flatMap(List::stream)
                    .findFirst()
                    .map(i -> i.location().line())
                    .orElse(-1);
            boolean named = ScalarLoop.summarise(state, body, line);
            for (List<Instruction> block : body) {
              for (Instruction i : block) {
                if (!named) {
                  Semantics.havoc(state, i);
                }
                liveness.mayRun(i);
              }
            }
            return OptionalInt.of(s);
          }
        }
      }
      return OptionalInt.empty();
    }

    /**
     * Both sides of a branch on an unknown value run to where they meet (the branch block's
     * immediate post-dominator): when they record the same steps (usually none: address arithmetic)
     * apart from stores to global memory, the wave goes on from there with the two states merged (a
     * register on which they differ holds a symbol of the join and both values) and without the
     * stores of the region (an epilogue's row-guarded stores: leaving out a store, which touches no
     * LDS and defines no register, only makes later waits weaker for the LDS checks;
     * proofs/launches.md).
     */
    private OptionalInt summarise(BasicBlock b, int depth, Condition c)
        throws AsmSyntaxException, Undecided {
      int join = postDominators[b.index()];
      if (join < 0) {
        return OptionalInt.empty();
      }
      WaveState before = state;
      List<Step> recorded = steps;
      int iterationBefore = iteration;
      InFlightLoads flying = inFlight;
      int vskipBefore = vskip;
      summaryDepth++;
      try {
        OptionalInt joined = summariseSides(b, join, depth, c, before, recorded, iterationBefore);
        if (joined.isEmpty()) {
          inFlight = flying;
          vskip = vskipBefore;
        }
        return joined;
      } finally {
        summaryDepth--;
      }
    }

    private OptionalInt summariseSides(
        BasicBlock b,
        int join,
        int depth,
        Condition c,
        WaveState before,
        List<Step> recorded,
        int iterationBefore)
        throws AsmSyntaxException, Undecided {
      List<Integer> succ = b.successors();
      WaveState[] after = new WaveState[2];
      InFlightLoads flying = inFlight;
      InFlightLoads[] landing = new InFlightLoads[2];
      int vskipBefore = vskip;
      int[] vskipAfter = new int[2];
      List<List<Step>> sides = new ArrayList<>();
      for (int side = 0; side < 2; side++) {
        state = before.copy();
        inFlight = flying.copy();
        vskip = vskipBefore;
        steps = new ArrayList<>();
        iteration = iterationBefore;
        boolean done;
        try {
          done = walk(succ.get(side == 0 ? 0 : succ.size() - 1), join, depth + 1);
        } catch (AsmSyntaxException e) {
          // A side the lift cannot follow is no reason to stop the other: the branch is decided
          // both ways instead, and only the launches taking that side are left uncovered.
          done = false;
        }
        after[side] = state;
        landing[side] = inFlight;
        vskipAfter[side] = vskip;
        sides.add(steps);
        if (!done || iteration != iterationBefore) {
          state = before;
          steps = recorded;
          iteration = iterationBefore;
          return OptionalInt.empty();
        }
      }
      state = before;
      steps = recorded;
      List<Step> kept = withoutStores(sides.get(0));
      List<Step> other = withoutStores(sides.get(1));
      if (!LoopPeriod.same(kept, other)) {
        return OptionalInt.empty();
      }
      steps.addAll(withConsumersOf(kept, other));
      inFlight = landing[0].union(landing[1]);
      vskip = vskipAfter[0] == vskipAfter[1] ? vskipAfter[0] : VSKIP_UNKNOWN;
      state = merge(after[0], after[1], join, c);
      return OptionalInt.of(join);
    }

    /**
     * The steps without the stores and non-returning atomics to global memory, and without the
     * scalar memory operations that return nothing (not ops of the schedule: semantics.md section
     * 8). Scalar loads stay; {@link LoopPeriod#same} compares the sides without them.
     */
    private static List<Step> withoutStores(List<Step> steps) {
      List<Step> out = new ArrayList<>(steps.size());
      for (Step s : steps) {
        boolean store = s.kind() == Step.Kind.VMEM && isStore(s.instruction());
        if (!store && s.kind() != Step.Kind.LGKM) {
          out.add(s);
        }
      }
      return out;
    }

    /**
     * The steps of one side of a summarised branch with the consumers of loaded registers and the
     * scalar loads of the other side too, each where it ran among the steps both sides share
     * ({@link LoopPeriod#same} leaves both out): whichever side runs, its reads of loads in flight
     * are checked.
     */
    private static List<Step> withConsumersOf(List<Step> side, List<Step> other) {
      List<Step> out = new ArrayList<>(side.size());
      int o = 0;
      for (Step s : side) {
        if (!LoopPeriod.floating(s)) {
          while (o < other.size() && LoopPeriod.floating(other.get(o))) {
            addConsumer(out, other.get(o++));
          }
          o++;
        }
        if (LoopPeriod.floating(s)) {
          addConsumer(out, s);
        } else {
          out.add(s);
        }
      }
      while (o < other.size()) {
        if (LoopPeriod.floating(other.get(o))) {
          addConsumer(out, other.get(o));
        }
        o++;
      }
      return out;
    }

    private static void addConsumer(List<Step> out, Step consume) {
      if (!out.contains(consume)) {
        out.add(consume);
      }
    }

    /** A store, or an atomic that returns nothing (no glc / sc0): it defines no register. */
    private static boolean isStore(Instruction i) {
      String op = i.opcode();
      return op.contains("_store_")
          || (op.contains("_atomic_") && !i.hasModifier("glc") && !i.hasModifier("sc0"));
    }

    /**
     * The state where two sides meet: what they agree on, and for a register they do not, a symbol
     * of the join and the two values (the same in every wave that merges the same two values
     * there).
     */
    private WaveState merge(WaveState a, WaveState b, int join, Condition c) {
      Symbols sym = a.symbols();
      long condition = c.symbol();
      WaveState m = a.copy();
      for (int r = 0; r < WaveState.SGPRS; r++) {
        mergeSgpr(m, a, b, r, join, c);
      }
      for (int r = 0; r < WaveState.VGPRS; r++) {
        if (a.sameVgpr(r, b)) {
          continue;
        }
        for (int lane = 0; lane < WaveState.LANES; lane++) {
          long x = a.vgpr(r, lane);
          long y = b.vgpr(r, lane);
          if (x != y) {
            m.setVgprValue(r, lane, phi(sym, join, condition, x, y));
          }
        }
      }
      if (a.scc() != b.scc()) {
        m.setSccValue(phi(sym, join, condition, a.scc(), b.scc()));
      }
      if (!a.sameScratch(b)) {
        // Private memory merges word by word, as registers do: a spill slot both sides leave
        // alike keeps its value (a lane index spilled before a loop that one side skips), one
        // they leave different gets the join's symbol.
        java.util.SortedSet<Long> addresses = a.scratchAddresses();
        addresses.addAll(b.scratchAddresses());
        m.forgetScratch();
        for (long address : addresses) {
          for (int lane = 0; lane < WaveState.LANES; lane++) {
            long x = a.scratch(address, lane);
            long y = b.scratch(address, lane);
            long v = x == y ? x : phi(sym, join, condition, x, y);
            if (v != WaveState.UNKNOWN) {
              m.setScratch(address, lane, v);
            }
          }
        }
      }
      if (a.gprIdx() != b.gprIdx()) {
        m.setGprIdx(WaveState.UNKNOWN);
      }
      if (a.f32Round() != b.f32Round()) {
        m.setF32Round(WaveState.UNKNOWN);
      }
      if (a.m0() != b.m0()) {
        m.setM0(WaveState.UNKNOWN);
      }
      if (!a.exec().equals(b.exec())) {
        m.setExec(java.util.OptionalLong.empty());
      }
      if (!a.vcc().equals(b.vcc())) {
        m.setVcc(java.util.OptionalLong.empty());
      }
      return m;
    }

    /**
     * SGPR {@code r} where the sides {@code a} (taken) and {@code b} meet. A side's unknown that an
     * earlier join on the same decision left known for this side's way ({@link
     * WaveState.Conditional}) is that value; a register one side leaves known and the other unknown
     * keeps the known value under this branch's decision, for a later branch on the same decision.
     */
    private void mergeSgpr(WaveState m, WaveState a, WaveState b, int r, int join, Condition c) {
      boolean named = Symbols.isSymbol(c.symbol());
      long x = named ? underDecision(a, r, c.key(), c.polarity()) : a.sgpr(r);
      long y = named ? underDecision(b, r, c.key(), !c.polarity()) : b.sgpr(r);
      if (x == y) {
        // The sides agree (each read on its way of the decision). The merged state starts as a
        // copy of a: it takes the value where a held it only under the decision, and keeps a's
        // conditional of an unknown only when b has the same one (a write forgets it).
        boolean bothConditional = a.conditional(r).equals(b.conditional(r));
        if (x != a.sgpr(r) || !bothConditional) {
          m.setSgprValue(r, x);
        }
        return;
      }
      long v = phi(a.symbols(), join, c.symbol(), x, y);
      m.setSgprValue(r, v);
      if (v == WaveState.UNKNOWN && named) {
        if (y == WaveState.UNKNOWN && x != WaveState.UNKNOWN) {
          m.setConditional(r, new WaveState.Conditional(c.key(), c.polarity(), x));
        } else if (x == WaveState.UNKNOWN && y != WaveState.UNKNOWN) {
          m.setConditional(r, new WaveState.Conditional(c.key(), !c.polarity(), y));
        }
      }
    }

    /** SGPR {@code r} of {@code s} on the way where decision {@code key} is {@code truth}. */
    private static long underDecision(WaveState s, int r, String key, boolean truth) {
      long v = s.sgpr(r);
      if (v != WaveState.UNKNOWN) {
        return v;
      }
      return s.conditional(r)
          .filter(k -> k.key().equals(key) && k.truth() == truth)
          .map(WaveState.Conditional::value)
          .orElse(v);
    }

    /**
     * A register the two sides leave different: a symbol of the join, the branch's condition and
     * both values (a function of the launch again); unknown when the condition has no name (it may
     * differ between waves) or a side's value is unknown.
     */
    private long phi(Symbols sym, int join, long condition, long x, long y) {
      return x == WaveState.UNKNOWN || y == WaveState.UNKNOWN || !Symbols.isSymbol(condition)
          ? WaveState.UNKNOWN
          : sym.join(join, condition, x, y);
    }

    /** What a conditional branch tests, in this state. */
    private Condition condition(Instruction branch) throws AsmSyntaxException {
      String cond = branch.opcode().substring("s_cbranch_".length());
      int line = branch.location().line();
      int occurrence = occurrences.merge(line, 1, Integer::sum);
      Symbols sym = state.symbols();
      switch (cond) {
        case "scc0", "scc1" -> {
          long v = state.scc();
          boolean one = cond.equals("scc1");
          if (v == WaveState.UNKNOWN) {
            return new Condition(
                Optional.empty(),
                opaque(line, occurrence),
                true,
                "SCC",
                () -> "an unknown SCC",
                WaveState.UNKNOWN);
          }
          if (Symbols.isSymbol(v)) {
            // A negated compare (s_cmp_lg) is decided as the compare it negates.
            Optional<Long> inner = sym.negated(v);
            long key = inner.orElse(v);
            boolean polarity = inner.isPresent() ? !one : one;
            return new Condition(
                Optional.empty(),
                Long.toString(key),
                polarity,
                "SCC",
                () -> sym.describe(v, 200),
                v);
          }
          return Condition.known((v == 1) == one, "SCC");
        }
        case "vccz", "vccnz", "execz", "execnz" -> {
          boolean vcc = cond.startsWith("vcc");
          boolean zero = !cond.endsWith("nz");
          String name = vcc ? "VCC" : "EXEC";
          java.util.OptionalLong mask = vcc ? state.vcc() : state.exec();
          if (mask.isPresent()) {
            return Condition.known((mask.getAsLong() == 0) == zero, name);
          }
          long lo = state.read(vcc ? Operand.Special.VCC_LO : Operand.Special.EXEC_LO, 0);
          long hi = state.read(vcc ? Operand.Special.VCC_HI : Operand.Special.EXEC_HI, 0);
          if (lo != WaveState.UNKNOWN
              && hi != WaveState.UNKNOWN
              && (Symbols.isSymbol(lo) || Symbols.isSymbol(hi))) {
            return new Condition(
                Optional.empty(),
                "zero " + lo + " " + hi,
                zero,
                name,
                () -> name + " = " + sym.describe(lo, 90) + " : " + sym.describe(hi, 90) + " is 0",
                sym.of("zero", lo, hi));
          }
          return new Condition(
              Optional.empty(),
              opaque(line, occurrence),
              true,
              name,
              () -> "an unknown " + name,
              WaveState.UNKNOWN);
        }
        default ->
            throw new AsmSyntaxException(
                branch.location(), "unsupported branch " + branch.mnemonic());
      }
    }

    /** The decision key of a branch on a value the lift cannot name: per wave and occurrence. */
    private String opaque(int line, int occurrence) {
      return "wave " + wave + " line " + line + " #" + occurrence;
    }

    /**
     * Whether a loop other than the K loops can be summarised: none of its instructions touches
     * LDS, meets a barrier, multiplies matrices or writes EXEC.
     */
    private boolean summarisable(ControlFlowGraph.Loop l) {
      for (int x : l.blockIndices()) {
        if (plan.kBlocks().contains(x)) {
          return false;
        }
        for (Instruction i : cfg.blocks().get(x).instructions()) {
          Optional<InstructionInfo> info = InstructionTable.lookup(i);
          Family f = info.map(InstructionInfo::family).orElse(Family.SALU);
          if (f == Family.LDS
              || f == Family.LDS_DMA
              || f == Family.BARRIER
              || f == Family.MFMA
              || info.map(n -> n.has(InstructionInfo.Effect.WRITES_EXEC)).orElse(false)
              || InstructionTable.verdict(i) == InstructionTable.Verdict.UNSUPPORTED) {
            return false;
          }
        }
      }
      return true;
    }
  }

  /**
   * A branch's condition: whether it is taken, when known; else the key of the value it tests (a
   * symbol, or the wave and occurrence for an unknown the lift cannot name), with {@code polarity}:
   * the branch is taken when that value is true ({@code s_cbranch_scc1}) or false ({@code
   * s_cbranch_scc0}); the register it tests and a description for messages.
   */
  private record Condition(
      Optional<Boolean> taken,
      String key,
      boolean polarity,
      String register,
      java.util.function.Supplier<String> described,
      long symbol) {
    static Condition known(boolean taken, String register) {
      return new Condition(Optional.of(taken), "", true, register, () -> "", WaveState.UNKNOWN);
    }

    /**
     * The tested value in words, for the messages of a branch the plan must decide: made only then
     * (most branches the waves meet are on known values or decided).
     */
    String describe() {
      return described.get();
    }

    /** Whether the branch is taken when the tested value is {@code truth}. */
    boolean takenWhen(boolean truth) {
      return truth == polarity;
    }
  }

  /**
   * A scalar load: from the kernarg pointer, the given arguments (a symbol per argument otherwise);
   * from other memory, without {@code glc}, a symbol of the address (the same word in every wave
   * that loads it; memory is the launch's); a {@code glc} load (a semaphore polled in a loop) and
   * one at an address the lift cannot name is left to the semantics (unknown). True when handled.
   */
  private boolean scalarLoad(WaveState s, Instruction i) {
    if (kernarg(s, i)) {
      return true;
    }
    if (!i.opcode().startsWith("s_load_dword")
        || i.operands().size() < 3
        || i.hasModifier("glc")
        || !(i.operand(0) instanceof Operand.Register dst)
        || !(i.operand(1) instanceof Operand.Register base)) {
      return false;
    }
    long lo = s.sgpr(base.first());
    long hi = s.sgpr(base.first() + 1);
    long offset = s.read(i.operand(2), 0);
    if (lo == WaveState.UNKNOWN || hi == WaveState.UNKNOWN || offset == WaveState.UNKNOWN) {
      return false;
    }
    for (int d = 0; d < dst.count(); d++) {
      s.setSgprValue(dst.first() + d, s.symbols().of("load", lo, hi, offset, d));
    }
    return true;
  }

  /**
   * An {@code s_load_dword*} from the kernarg pointer, or from it moved by a constant: its dwords
   * from the given arguments (unknown where none is given). False when the base is neither.
   */
  private boolean kernarg(WaveState s, Instruction i) {
    if (!i.opcode().startsWith("s_load_dword")
        || i.operands().size() < 3
        || !(i.operand(2) instanceof Operand.Immediate offset)) {
      return false;
    }
    OptionalLong base = s.read64(i.operand(1), 0);
    long past = base.isEmpty() ? -1 : EntryState.kernargOffset(base.getAsLong());
    if (past < 0) {
      return false;
    }
    Operand.Register dst = (Operand.Register) i.operand(0);
    for (int d = 0; d < dst.count(); d++) {
      long byteOffset = past + offset.value() + 4L * d;
      s.setSgprValue(dst.first() + d, entry.argumentDword(byteOffset));
    }
    return true;
  }

  /**
   * The LDS accesses of {@code i} in this state: none, one, or two for {@code ds_read2*} and {@code
   * ds_write2*} (an element at {@code offset0} and one at {@code offset1}, in elements, or in 64
   * elements for the {@code st64} forms).
   */
  private List<LdsAccess> lds(
      WaveState s, Instruction i, InstructionInfo info, int wave, int iteration)
      throws AsmSyntaxException {
    if (info.family() != Family.LDS_DMA && (info.family() != Family.LDS || !info.touchesLds())) {
      return List.of();
    }
    LdsForm form = ldsForms.get(i);
    if (form == null) {
      form = LdsForm.of(i, info);
      ldsForms.put(i, form);
    }
    if (form.kind() == LdsAccess.Kind.DMA_WRITE) {
      long m0 = s.m0();
      if (m0 < 0) {
        throw unknown(i, wave, "M0" + named(s, m0));
      }
      long base = m0 + form.offsets()[0];
      long exec = exec(s, i, wave);
      long[] lanes = new long[WaveState.LANES];
      for (int lane = 0; lane < WaveState.LANES; lane++) {
        lanes[lane] =
            ((exec >>> lane) & 1) != 0 ? base + (long) lane * form.bytes() : LdsAccess.INACTIVE;
        if (lanes[lane] != LdsAccess.INACTIVE) {
          highestAddress = Math.max(highestAddress, lanes[lane]);
        }
      }
      return List.of(
          new LdsAccess(
              i,
              wave,
              iteration,
              form.kind(),
              form.bytes(),
              interned(lanes),
              copySource(s, i, lanes)));
    }
    Operand address = i.operand(form.addressOperand());
    List<LdsAccess> out = new ArrayList<>(form.offsets().length);
    for (long offset : form.offsets()) {
      out.add(
          new LdsAccess(
              i,
              wave,
              iteration,
              form.kind(),
              form.bytes(),
              interned(lanes(s, i, wave, address, offset, form.kind() == LdsAccess.Kind.READ)),
              null));
    }
    return out;
  }

  /**
   * What each lane of LDS-DMA copy {@code i} copies from where: its opcode and modifiers, the
   * values of its scalar operands (the buffer resource, the offset), and per active lane the values
   * of its vector operands (the address) and its LDS address. Two copies with the same text read
   * the same global bytes (a symbol is one value in every wave of a launch) into the same LDS
   * bytes. Null when a value is the opaque unknown. Kept as a 128-bit digest of that text: every
   * copy of every walked K step has one (ScheduleLift compares a loop copy's sources step by step),
   * and the text runs to kilobytes.
   */
  private static String copySource(WaveState s, Instruction i, long[] lanes) {
    StringBuilder b = new StringBuilder(i.opcode()).append(i.modifiers());
    for (Operand o : i.operands()) {
      b.append('|');
      if (o instanceof Operand.Special sp && sp.name().equals("off")) {
        b.append("off");
        continue;
      }
      boolean vector = o instanceof Operand.Register r && r.file() != Operand.RegisterFile.SGPR;
      List<Operand> words = new ArrayList<>();
      if (o instanceof Operand.Register r) {
        for (int n = r.first(); n <= r.last(); n++) {
          words.add(new Operand.Register(r.file(), n, 1));
        }
      } else {
        words.add(o);
      }
      for (Operand w : words) {
        for (int lane = 0; lane < (vector ? WaveState.LANES : 1); lane++) {
          if (vector && lanes[lane] == LdsAccess.INACTIVE) {
            continue;
          }
          long v = s.read(w, lane);
          if (v == WaveState.UNKNOWN) {
            return null;
          }
          b.append(v).append(',');
        }
      }
    }
    b.append('|').append(Arrays.toString(lanes));
    return Digest.sha256(b, 16);
  }

  /** Each LDS instruction's form, decoded once (its opcode and offset modifiers). */
  private final Map<Instruction, LdsForm> ldsForms = new IdentityHashMap<>();

  /**
   * Every distinct lane-address array made, one object each: the launch classes of a kernel run the
   * same accesses again and again (each trip count, each way the branches go, each period of the
   * loop), and 64 longs per access were most of a lift's memory (fmha forward fp8's 512 classes
   * held 4.4 million of them, 2.4 GB).
   */
  private final Map<Lanes, long[]> lanePool = new HashMap<>();

  /** A lane-address array as a key: equal when every lane is. */
  private record Lanes(long[] addresses) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Lanes l && Arrays.equals(addresses, l.addresses);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(addresses);
    }
  }

  /** {@code lanes}, or the equal array made before (LdsAccess never changes its array). */
  private long[] interned(long[] lanes) {
    return lanePool.computeIfAbsent(new Lanes(lanes), Lanes::addresses);
  }

  /**
   * What an LDS instruction does to LDS, from its opcode and modifiers: its kind, the bytes per
   * lane of each access, the operand holding the address (none for an LDS-DMA copy, addressed by
   * M0) and each access's byte offset.
   */
  private record LdsForm(LdsAccess.Kind kind, int bytes, int addressOperand, long[] offsets) {
    static LdsForm of(Instruction i, InstructionInfo info) throws AsmSyntaxException {
      if (info.family() == Family.LDS_DMA) {
        return new LdsForm(
            LdsAccess.Kind.DMA_WRITE,
            dmaBytes(i),
            -1,
            new long[] {i.integerModifier("offset").orElse(0)});
      }
      Matcher m = DS_BYTES.matcher(i.opcode());
      if (!m.matches() || (m.group(3) != null && m.group(2) == null)) {
        throw new AsmSyntaxException(
            i.location(),
            "unsupported LDS instruction " + i.mnemonic() + " (docs/isa.md lists the forms)");
      }
      int bytes = Integer.parseInt(m.group(5)) / 8;
      boolean read = m.group(1).equals("read") || m.group(1).equals("load");
      LdsAccess.Kind kind = read ? LdsAccess.Kind.READ : LdsAccess.Kind.WRITE;
      int address = read ? 1 : 0;
      if (m.group(2) == null) {
        return new LdsForm(
            kind, bytes, address, new long[] {i.integerModifier("offset").orElse(0)});
      }
      long stride = (m.group(3) != null ? 64L : 1L) * bytes;
      return new LdsForm(
          kind,
          bytes,
          address,
          new long[] {
            i.integerModifier("offset0").orElse(0) * stride,
            i.integerModifier("offset1").orElse(0) * stride
          });
    }
  }

  /**
   * Each active lane's address VGPR plus {@code offset}; {@link LdsAccess#INACTIVE} for another.
   */
  private long[] lanes(
      WaveState s, Instruction i, int wave, Operand address, long offset, boolean read)
      throws AsmSyntaxException {
    long exec = exec(s, i, wave);
    long[] lanes = new long[WaveState.LANES];
    for (int lane = 0; lane < WaveState.LANES; lane++) {
      if (((exec >>> lane) & 1) == 0) {
        lanes[lane] = LdsAccess.INACTIVE;
        continue;
      }
      long a = s.read(address, lane);
      if (read && Symbols.isSymbol(a)) {
        a = inRangeChoice(s.symbols(), a).orElse(a);
      }
      if (a < 0) {
        throw unknown(i, wave, "address " + address + " of lane " + lane + named(s, a));
      }
      // Beyond the target's LDS the access is out of range: a read returns 0 and a write is
      // dropped, which kernels use to switch a lane off (hipBLASLt's bias loads select address
      // 0x80000000 for the lanes outside the matrix).
      boolean beyond = a + offset >= outOfRange;
      outOfRangeSeen |= beyond;
      if (!beyond) {
        highestAddress = Math.max(highestAddress, a + offset);
      }
      lanes[lane] = beyond ? LdsAccess.INACTIVE : a + offset;
    }
    return lanes;
  }

  /**
   * For a read whose lane address is {@code mask ? A : B} (a {@code v_cndmask_b32} of an unknown
   * mask) with one of A and B a known address beyond the target's LDS and the other a known
   * address: the known one in range. The lane reads it or nothing (Tensile switches the lanes
   * outside the matrix off this way); a read that may happen is checked as one that does, which
   * checks more orders, never fewer.
   */
  private java.util.OptionalLong inRangeChoice(Symbols symbols, long a) {
    if (!symbols.op(a).equals("v_cndmask_b32")) {
      return java.util.OptionalLong.empty();
    }
    long[] operands = symbols.operands(a);
    if (operands.length < 2 || operands[0] < 0 || operands[1] < 0) {
      return java.util.OptionalLong.empty();
    }
    if (operands[0] >= outOfRange && operands[1] < outOfRange) {
      return java.util.OptionalLong.of(operands[1]);
    }
    if (operands[1] >= outOfRange && operands[0] < outOfRange) {
      return java.util.OptionalLong.of(operands[0]);
    }
    return java.util.OptionalLong.empty();
  }

  /** The most LDS of any target (gfx950: 160 KiB). */
  private static final long MAX_LDS =
      java.util.Arrays.stream(Target.values()).mapToLong(Target::ldsBytes).max().orElseThrow();

  /** The first LDS address beyond the target's LDS. */
  private final long outOfRange;

  /** Whether a lane's LDS address was beyond the target's LDS (and left out). */
  private boolean outOfRangeSeen;

  /** The highest LDS address a lane accessed, or -1. */
  private long highestAddress = -1;

  /** The widest access of a lane, in bytes (ds_read_b128, buffer_load_dwordx4 ... lds). */
  private static final long WIDEST = 16;

  /**
   * How far the lift's LDS accesses reach: past the end of every byte accessed (the highest address
   * plus the widest access), or {@link Long#MAX_VALUE} when an address was beyond the target's LDS
   * and left out. The lift is the same for any target whose LDS is at least this large.
   */
  public long reach() {
    return outOfRangeSeen ? Long.MAX_VALUE : highestAddress + WIDEST;
  }

  /** The wave's EXEC mask; a located error when it is unknown. */
  private static long exec(WaveState s, Instruction i, int wave) throws AsmSyntaxException {
    OptionalLong e = s.exec();
    if (e.isEmpty()) {
      throw unknown(i, wave, "EXEC");
    }
    return e.getAsLong();
  }

  private static int dmaBytes(Instruction i) throws AsmSyntaxException {
    Matcher m = DMA_BYTES.matcher(i.opcode());
    if (!m.matches()) {
      throw new AsmSyntaxException(i.location(), "unsupported LDS-DMA form " + i.mnemonic());
    }
    String unit = m.group(2);
    if (unit.startsWith("dword")) {
      return 4 * (m.group(4) == null ? 1 : Integer.parseInt(m.group(4)));
    }
    return unit.endsWith("byte") ? 1 : 2;
  }

  /** What an unknown value depends on, for messages: {@code " = f(Kdim, workgroup_id_x)"}. */
  private static String named(WaveState s, long v) {
    if (!Symbols.isSymbol(v)) {
      return "";
    }
    List<String> leaves = s.symbols().leaves(v);
    return ", which depends on " + String.join(", ", leaves);
  }

  private static AsmSyntaxException unknown(Instruction i, int wave, String what) {
    return new AsmSyntaxException(
        i.location(),
        "the LDS address of "
            + i.mnemonic()
            + " in wave "
            + wave
            + " depends on an unknown value ("
            + what
            + ")");
  }
}

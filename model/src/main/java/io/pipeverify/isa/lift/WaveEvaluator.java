package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Location;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.semantics.Semantics;
import io.pipeverify.isa.semantics.WaveState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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

  private static final Pattern DS_BYTES =
      Pattern.compile("ds_(read|write|load|store)(2)?(st64)?_([biu])(\\d+)");
  private static final Pattern DMA_BYTES =
      Pattern.compile("\\w+_load_(lds_)?(dword(x(\\d))?|ubyte|sbyte|ushort|sshort)");

  private final Kernel kernel;
  private final ControlFlowGraph cfg;
  private final EntryState entry;

  /**
   * @param threads the workgroup size
   * @param args scalar kernel arguments by name (kernel metadata {@code .name}) or {@code argN}
   *     (the N-th from 0), and {@code workgroup_id_x/y/z}; others unknown
   * @throws AsmSyntaxException at the kernel, for an argument name the kernel does not have
   */
  public WaveEvaluator(Kernel kernel, ControlFlowGraph cfg, int threads, Map<String, Long> args)
      throws AsmSyntaxException {
    this.kernel = kernel;
    this.cfg = cfg;
    this.entry = new EntryState(kernel, threads, args);
  }

  /**
   * What one wave did: the steps the schedule lift needs, in the order the wave executed them, and
   * its final state.
   */
  public record Trace(int wave, List<Step> steps, WaveState state) {
    public Trace {
      steps = List.copyOf(steps);
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

  /** Runs wave {@code wave} of a kernel without a loop to its end. */
  public Trace run(int wave) throws AsmSyntaxException {
    return run(wave, new ControlFlowGraph.Loop(-1, -1, List.of()), 0);
  }

  /**
   * Runs wave {@code wave} through {@code iterations} iterations of {@code loop}: accesses before
   * the loop have iteration -1, after it -2.
   */
  public Trace run(int wave, ControlFlowGraph.Loop loop, int iterations) throws AsmSyntaxException {
    WaveState s = entry.wave(wave);
    List<Step> executed = new ArrayList<>();
    int block = 0;
    int iteration = -1;
    int backEdges = 0;
    for (int steps = 0; block >= 0; steps++) {
      if (steps > MAX_STEPS) {
        throw new AsmSyntaxException(
            kernel.location(), "wave " + wave + " did not finish in " + MAX_STEPS + " blocks");
      }
      if (block == loop.header() && iteration == -1) {
        iteration = 0;
      }
      BasicBlock b = cfg.blocks().get(block);
      for (Instruction i : b.instructions()) {
        Optional<InstructionInfo> info = InstructionTable.require(i);
        if (info.isPresent()) {
          List<LdsAccess> lds = lds(s, i, info.get(), wave, iteration);
          Optional<Step.Kind> kind = Step.kindOf(info.get(), lds);
          if (kind.isPresent()) {
            executed.add(new Step(i, iteration, kind.get(), lds));
          }
        }
        if (info.isPresent() && info.get().family() == Family.SMEM && kernarg(s, i)) {
          continue;
        }
        Semantics.execute(s, i);
      }
      int next = next(s, b, wave);
      if (block == loop.latch() && next == loop.header()) {
        backEdges++;
        iteration++;
        if (backEdges >= iterations) {
          next = exit(b, loop);
          iteration = -2;
        }
      } else if (iteration >= 0
          && loop.blockIndices().contains(block)
          && !loop.blockIndices().contains(next)) {
        if (iteration + 1 < iterations) {
          throw new AsmSyntaxException(
              end(b),
              "wave "
                  + wave
                  + " leaves the loop after "
                  + (iteration + 1)
                  + " iterations, not "
                  + iterations);
        }
        iteration = -2;
      }
      block = next;
    }
    return new Trace(wave, executed, s);
  }

  /** The block after {@code b} for this wave, or -1 at s_endpgm. */
  private int next(WaveState s, BasicBlock b, int wave) throws AsmSyntaxException {
    List<Integer> succ = b.successors();
    if (succ.isEmpty()) {
      return -1;
    }
    Instruction last =
        b.instructions().isEmpty() ? null : b.instructions().get(b.instructions().size() - 1);
    if (last == null || !last.opcode().startsWith("s_cbranch_")) {
      return succ.get(0);
    }
    String cond = last.opcode().substring("s_cbranch_".length());
    Optional<Boolean> taken =
        switch (cond) {
          case "scc0", "scc1" ->
              s.scc() == WaveState.UNKNOWN
                  ? Optional.empty()
                  : Optional.of(s.scc() == (cond.equals("scc1") ? 1 : 0));
          case "vccz", "vccnz" ->
              s.vcc().isEmpty()
                  ? Optional.empty()
                  : Optional.of((s.vcc().getAsLong() == 0) == cond.equals("vccz"));
          case "execz", "execnz" ->
              s.exec().isEmpty()
                  ? Optional.empty()
                  : Optional.of((s.exec().getAsLong() == 0) == cond.equals("execz"));
          default ->
              throw new AsmSyntaxException(
                  last.location(), "unsupported branch " + last.mnemonic());
        };
    if (taken.isEmpty()) {
      throw new AsmSyntaxException(
          last.location(),
          last.mnemonic()
              + " in wave "
              + wave
              + " depends on an unknown "
              + cond.replaceAll("n?z$|[01]$", "").toUpperCase(Locale.ROOT)
              + " (a value loaded from memory or a kernel argument not given: --arg NAME=VALUE)");
    }
    return taken.get() ? succ.get(0) : succ.get(succ.size() - 1);
  }

  /** The latch's successor outside the loop (the fall-through of its conditional branch). */
  private int exit(BasicBlock latch, ControlFlowGraph.Loop loop) throws AsmSyntaxException {
    for (int s : latch.successors()) {
      if (!loop.blockIndices().contains(s)) {
        return s;
      }
    }
    throw new AsmSyntaxException(end(latch), "the loop has no exit");
  }

  /** Where a block ends: its last instruction, or the kernel for an empty block. */
  private Location end(BasicBlock b) {
    return b.instructions().isEmpty()
        ? kernel.location()
        : b.instructions().get(b.instructions().size() - 1).location();
  }

  /**
   * An {@code s_load_dword*} from the kernarg pointer: its dwords from the given arguments (unknown
   * where none is given). False when the base is not the kernarg pointer.
   */
  private boolean kernarg(WaveState s, Instruction i) {
    if (!i.opcode().startsWith("s_load_dword")
        || i.operands().size() < 3
        || !(i.operand(2) instanceof Operand.Immediate offset)) {
      return false;
    }
    OptionalLong base = s.read64(i.operand(1), 0);
    if (base.isEmpty() || !EntryState.isKernarg(base.getAsLong())) {
      return false;
    }
    Operand.Register dst = (Operand.Register) i.operand(0);
    for (int d = 0; d < dst.count(); d++) {
      long byteOffset = offset.value() + 4L * d;
      s.setSgpr(dst.first() + d, entry.argumentDword(byteOffset));
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
    if (info.family() == Family.LDS_DMA) {
      int bytes = dmaBytes(i);
      long m0 = s.m0();
      if (m0 == WaveState.UNKNOWN) {
        throw unknown(i, wave, "M0");
      }
      long base = m0 + i.integerModifier("offset").orElse(0);
      List<OptionalLong> lanes = new ArrayList<>();
      for (int lane = 0; lane < WaveState.LANES; lane++) {
        lanes.add(
            active(s, i, wave, lane)
                ? OptionalLong.of(base + (long) lane * bytes)
                : OptionalLong.empty());
      }
      return List.of(new LdsAccess(i, wave, iteration, LdsAccess.Kind.DMA_WRITE, bytes, lanes));
    }
    if (info.family() != Family.LDS || !info.touchesLds()) {
      return List.of();
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
    Operand address = i.operand(read ? 1 : 0);
    if (m.group(2) == null) {
      long offset = i.integerModifier("offset").orElse(0);
      return List.of(
          new LdsAccess(i, wave, iteration, kind, bytes, lanes(s, i, wave, address, offset)));
    }
    long stride = (m.group(3) != null ? 64L : 1L) * bytes;
    List<LdsAccess> out = new ArrayList<>();
    for (String field : List.of("offset0", "offset1")) {
      long offset = i.integerModifier(field).orElse(0) * stride;
      out.add(new LdsAccess(i, wave, iteration, kind, bytes, lanes(s, i, wave, address, offset)));
    }
    return out;
  }

  /** Each active lane's address VGPR plus {@code offset}; empty for an inactive lane. */
  private static List<OptionalLong> lanes(
      WaveState s, Instruction i, int wave, Operand address, long offset)
      throws AsmSyntaxException {
    List<OptionalLong> lanes = new ArrayList<>();
    for (int lane = 0; lane < WaveState.LANES; lane++) {
      if (!active(s, i, wave, lane)) {
        lanes.add(OptionalLong.empty());
        continue;
      }
      long a = s.read(address, lane);
      if (a == WaveState.UNKNOWN) {
        throw unknown(i, wave, "address " + address + " of lane " + lane);
      }
      lanes.add(OptionalLong.of(a + offset));
    }
    return lanes;
  }

  private static boolean active(WaveState s, Instruction i, int wave, int lane)
      throws AsmSyntaxException {
    Optional<Boolean> a = s.active(lane);
    if (a.isEmpty()) {
      throw unknown(i, wave, "EXEC");
    }
    return a.get();
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

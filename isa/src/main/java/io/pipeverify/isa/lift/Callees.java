package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.CodeAddress;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.semantics.Semantics;
import io.pipeverify.isa.semantics.Symbols;
import io.pipeverify.isa.semantics.WaveState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;

/**
 * The functions a kernel calls with {@code s_swappc_b64 sD, sS} (Tensile's activation functions:
 * straight VALU code after {@code s_endpgm}, each ending in {@code s_setpc_b64 sD}), and what a
 * call does to a wave: the registers any function it may reach writes become unknown, and the wave
 * goes on after the call (docs/isa.md, "Calls").
 *
 * <p>A call is followed only when that is exact for what the lift tracks: the address in {@code sS}
 * is known (or one of a few known values, when a branch on an unknown chose among functions: the
 * activation type) and each is the start of a function outside the kernel's own code that touches
 * no memory, LDS, counter, barrier, EXEC or M0 and returns through {@code sD} without branching.
 * Anything else is a located error naming the register.
 */
final class Callees {
  /** Functions one call may reach (a switch over activation types has ten or so). */
  private static final int MAX_TARGETS = 64;

  /** Instructions of one function before the lift stops looking for its return. */
  private static final int MAX_LENGTH = 4096;

  private final ControlFlowGraph cfg;
  private final String kernel;
  private final Map<String, Integer> blockByLabel = new HashMap<>();
  private final Set<Integer> kernelCode;

  /** Each function's instructions by its first block and return pair, once checked. */
  private final Map<String, List<Instruction>> functions = new HashMap<>();

  Callees(ControlFlowGraph cfg, String kernel) {
    this.cfg = cfg;
    this.kernel = kernel;
    for (BasicBlock b : cfg.blocks()) {
      b.label().ifPresent(l -> blockByLabel.put(l, b.index()));
    }
    Set<Integer> code = new java.util.HashSet<>(cfg.reachableFrom(List.of(0)));
    code.add(0);
    this.kernelCode = Set.copyOf(code);
  }

  /**
   * The instructions of every function {@code call} may reach from {@code state}, checked to be
   * ones a call may skip ({@link #call} then executes it).
   */
  List<Instruction> function(WaveState state, Instruction call) throws AsmSyntaxException {
    Operand.Register ret = pair(call, 0);
    Operand.Register to = pair(call, 1);
    Symbols symbols = state.symbols();
    Optional<SortedSet<Long>> lo = symbols.alternatives(state.sgpr(to.first()), MAX_TARGETS);
    Optional<SortedSet<Long>> hi = symbols.alternatives(state.sgpr(to.first() + 1), 1);
    if (lo.isEmpty() || hi.isEmpty() || hi.get().first() != 0) {
      throw new AsmSyntaxException(
          call.location(),
          call.mnemonic()
              + " calls the address in "
              + to
              + ", which the lift cannot follow to known code (it holds "
              + symbols.describe(state.sgpr(to.first()), 60)
              + "; a call is followed when the address is built from s_getpc_b64 and constants:"
              + " docs/isa.md, \"Calls\")");
    }
    List<Instruction> reached = new ArrayList<>();
    for (long address : lo.get()) {
      reached.addAll(function(call, ret, address));
    }
    return reached;
  }

  /**
   * Executes {@code call} of {@code callee} on {@code state}: what they write, and the return
   * address, unknown.
   */
  static void call(WaveState state, Instruction call, List<Instruction> callee) {
    Semantics.havoc(state, call);
    for (Instruction i : callee) {
      Semantics.havoc(state, i);
    }
  }

  private static Operand.Register pair(Instruction call, int k) throws AsmSyntaxException {
    if (call.operands().size() == 2
        && call.operand(k) instanceof Operand.Register r
        && r.file() == Operand.RegisterFile.SGPR
        && r.count() == 2) {
      return r;
    }
    throw new AsmSyntaxException(
        call.location(), call.mnemonic() + " needs two SGPR pairs: the return address, the target");
  }

  /** The instructions of the function at {@code address}, checked to be one a call may skip. */
  private List<Instruction> function(Instruction call, Operand.Register ret, long address)
      throws AsmSyntaxException {
    Integer start = blockByLabel.get(CodeAddress.label(kernel, address));
    String where = call.mnemonic() + " to 0x" + Long.toHexString(address);
    if (start == null || kernelCode.contains(start)) {
      throw new AsmSyntaxException(
          call.location(),
          where
              + (start == null
                  ? ", where no function of the kernel starts (a function starts after s_endpgm"
                      + " or a return)"
                  : ", inside the kernel's own code (only a function outside it is followed)"));
    }
    String key = start + " " + ret;
    List<Instruction> body = functions.get(key);
    if (body == null) {
      body = body(call, ret, start, where);
      functions.put(key, body);
    }
    return body;
  }

  private List<Instruction> body(Instruction call, Operand.Register ret, int start, String where)
      throws AsmSyntaxException {
    List<Instruction> out = new ArrayList<>();
    for (int b = start; b >= 0 && b < cfg.blocks().size(); b++) {
      for (Instruction i : cfg.blocks().get(b).instructions()) {
        if (i.opcode().equals("s_setpc_b64")) {
          if (i.operands().size() == 1 && i.operand(0).equals(ret)) {
            return List.copyOf(out);
          }
          throw new AsmSyntaxException(
              i.location(), where + " returns through " + i.operand(0) + ", not " + ret);
        }
        Optional<String> why = untracked(i);
        if (why.isPresent() || out.size() >= MAX_LENGTH) {
          throw new AsmSyntaxException(
              i.location(),
              where
                  + " reaches "
                  + i.mnemonic()
                  + ", "
                  + why.orElse("and no return within " + MAX_LENGTH + " instructions")
                  + ": the lift follows a call only into a function that touches none of what it"
                  + " tracks (docs/isa.md, \"Calls\")");
        }
        out.add(i);
      }
    }
    throw new AsmSyntaxException(call.location(), where + " reaches the end with no return");
  }

  /** Why a callee's instruction is beyond what a call may skip, or empty: plain ALU work. */
  private static Optional<String> untracked(Instruction i) {
    if (InstructionTable.verdict(i) == InstructionTable.Verdict.UNSUPPORTED) {
      return Optional.of("an instruction the lift does not model");
    }
    Optional<InstructionInfo> info = InstructionTable.lookup(i);
    Family f = info.map(InstructionInfo::family).orElse(Family.VALU);
    boolean alu = f == Family.SALU || f == Family.VALU || f == Family.NOP;
    boolean state =
        info.map(
                n ->
                    n.has(InstructionInfo.Effect.WRITES_EXEC)
                        || n.has(InstructionInfo.Effect.WRITES_M0)
                        || n.has(InstructionInfo.Effect.CONTROL_FLOW))
            .orElse(false);
    return alu && !state
        ? Optional.empty()
        : Optional.of("which touches memory, LDS, a counter, a barrier, EXEC, M0 or control flow");
  }
}

package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The basic blocks of a kernel in layout order, and its loops (back edges). */
public record ControlFlowGraph(List<BasicBlock> blocks) {
  public ControlFlowGraph {
    blocks = List.copyOf(blocks);
  }

  /**
   * A natural loop: the back edge {@code latch -> header} (the header dominates the latch on the
   * depth-first walk from the entry) and the blocks that reach the latch without passing through
   * the header, in layout order.
   */
  public record Loop(int header, int latch, List<Integer> blockIndices) {
    public Loop {
      blockIndices = List.copyOf(blockIndices);
    }
  }

  /**
   * Builds the graph; a branch to a label the kernel does not define, or one without a label
   * operand, is a located error.
   */
  public static ControlFlowGraph of(Kernel kernel) throws AsmSyntaxException {
    return of(kernel.body());
  }

  /** The graph of a run of statements (a kernel body, or a listing without kernel directives). */
  public static ControlFlowGraph of(List<Statement> statements) throws AsmSyntaxException {
    List<Optional<String>> labels = new ArrayList<>();
    List<List<Instruction>> bodies = new ArrayList<>();
    Optional<String> pending = Optional.empty();
    List<Instruction> current = new ArrayList<>();
    for (Statement s : statements) {
      if (s instanceof Statement.Label l) {
        if (!current.isEmpty() || pending.isPresent()) {
          labels.add(pending);
          bodies.add(current);
          current = new ArrayList<>();
        }
        pending = Optional.of(l.name());
      } else if (s instanceof Instruction i) {
        current.add(i);
        if (endsBlock(i)) {
          labels.add(pending);
          bodies.add(current);
          current = new ArrayList<>();
          pending = Optional.empty();
        }
      }
    }
    if (!current.isEmpty() || pending.isPresent()) {
      labels.add(pending);
      bodies.add(current);
    }
    Map<String, Integer> byLabel = new HashMap<>();
    for (int b = 0; b < labels.size(); b++) {
      int index = b;
      labels.get(b).ifPresent(l -> byLabel.put(l, index));
    }
    List<BasicBlock> blocks = new ArrayList<>();
    for (int b = 0; b < bodies.size(); b++) {
      List<Instruction> body = bodies.get(b);
      List<Integer> successors = new ArrayList<>();
      Instruction last = body.isEmpty() ? null : body.get(body.size() - 1);
      String opcode = last == null ? "" : last.opcode();
      if (opcode.equals("s_branch") || opcode.startsWith("s_cbranch_")) {
        successors.add(target(last, byLabel));
      }
      // A return (s_setpc_b64 that is no long branch: those are s_branch by now) does not fall
      // through; a call (s_swappc_b64) comes back to the next instruction.
      boolean falls =
          last == null
              || !(opcode.equals("s_branch")
                  || opcode.startsWith("s_endpgm")
                  || opcode.equals("s_setpc_b64"));
      if (falls && b + 1 < bodies.size()) {
        successors.add(b + 1);
      }
      blocks.add(new BasicBlock(b, labels.get(b), body, successors));
    }
    return new ControlFlowGraph(blocks);
  }

  private static boolean endsBlock(Instruction i) {
    return i.opcode().equals("s_setpc_b64")
        || InstructionTable.lookup(i)
            .map(n -> n.has(InstructionInfo.Effect.CONTROL_FLOW))
            .orElse(false);
  }

  private static int target(Instruction branch, Map<String, Integer> byLabel)
      throws AsmSyntaxException {
    if (branch.operands().size() != 1 || !(branch.operand(0) instanceof Operand.Symbol s)) {
      throw new AsmSyntaxException(
          branch.location(), branch.mnemonic() + " needs one label operand");
    }
    Integer target = byLabel.get(s.text());
    if (target == null) {
      throw new AsmSyntaxException(
          branch.location(),
          branch.mnemonic() + " to " + s.text() + ", a label this kernel does not define");
    }
    return target;
  }

  /** Every loop, by the depth-first order in which its back edge is found from the entry. */
  public List<Loop> loops() {
    List<Loop> loops = new ArrayList<>();
    if (blocks.isEmpty()) {
      return loops;
    }
    // Iterative depth-first walk; an edge to a block still on the stack is a back edge.
    int[] state = new int[blocks.size()]; // 0 unvisited, 1 on the stack, 2 done
    Deque<int[]> stack = new ArrayDeque<>(); // {block, next successor}
    stack.push(new int[] {0, 0});
    state[0] = 1;
    while (!stack.isEmpty()) {
      int[] top = stack.peek();
      List<Integer> succ = blocks.get(top[0]).successors();
      if (top[1] == succ.size()) {
        state[top[0]] = 2;
        stack.pop();
        continue;
      }
      int next = succ.get(top[1]++);
      if (state[next] == 1) {
        loops.add(new Loop(next, top[0], body(next, top[0])));
      } else if (state[next] == 0) {
        state[next] = 1;
        stack.push(new int[] {next, 0});
      }
    }
    return loops;
  }

  /** The header and every block that reaches the latch without passing the header. */
  private List<Integer> body(int header, int latch) {
    List<List<Integer>> predecessors = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      predecessors.add(new ArrayList<>());
    }
    for (BasicBlock b : blocks) {
      for (int succ : b.successors()) {
        predecessors.get(succ).add(b.index());
      }
    }
    TreeSet<Integer> body = new TreeSet<>(List.of(header, latch));
    Deque<Integer> work = new ArrayDeque<>(List.of(latch));
    while (!work.isEmpty()) {
      int b = work.pop();
      if (b == header) {
        continue;
      }
      for (int p : predecessors.get(b)) {
        if (body.add(p)) {
          work.push(p);
        }
      }
    }
    return List.copyOf(body);
  }

  /** The loop whose blocks hold the most instructions starting with {@code prefix} (v_mfma). */
  public Optional<Loop> loopWithMost(String prefix) {
    return loops().stream()
        .max(
            Comparator.comparingLong(
                (Loop l) ->
                    l.blockIndices().stream().mapToLong(b -> blocks.get(b).count(prefix)).sum()));
  }

  /** The blocks a path from any of {@code from} reaches in one branch or more, not {@code from}. */
  public Set<Integer> reachableFrom(Collection<Integer> from) {
    Set<Integer> seen = new java.util.HashSet<>();
    Deque<Integer> work = new ArrayDeque<>();
    for (int b : from) {
      for (int s : blocks.get(b).successors()) {
        if (!from.contains(s) && seen.add(s)) {
          work.push(s);
        }
      }
    }
    while (!work.isEmpty()) {
      for (int s : blocks.get(work.pop()).successors()) {
        if (seen.add(s)) {
          work.push(s);
        }
      }
    }
    return seen;
  }

  /** All instructions of a loop's blocks, in order. */
  public List<Instruction> instructions(Loop loop) {
    List<Instruction> out = new ArrayList<>();
    for (int b : loop.blockIndices()) {
      out.addAll(blocks.get(b).instructions());
    }
    return out;
  }

  /**
   * The immediate post-dominator of every block: the first block every path from it to the end of
   * the kernel passes, or -1 when that is the end itself (or the block never reaches the end).
   * Where both sides of a branch meet again.
   */
  public int[] immediatePostDominators() {
    int n = blocks.size();
    int end = n; // the virtual end every s_endpgm block and the last block lead to
    java.util.BitSet[] pdom = new java.util.BitSet[n + 1];
    for (int b = 0; b < n; b++) {
      pdom[b] = new java.util.BitSet(n + 1);
      pdom[b].set(0, n + 1);
    }
    pdom[end] = new java.util.BitSet(n + 1);
    pdom[end].set(end);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int b = n - 1; b >= 0; b--) {
        java.util.BitSet next = null;
        List<Integer> succ = blocks.get(b).successors();
        for (int x : succ.isEmpty() ? List.of(end) : succ) {
          if (next == null) {
            next = (java.util.BitSet) pdom[x].clone();
          } else {
            next.and(pdom[x]);
          }
        }
        next.set(b);
        if (!next.equals(pdom[b])) {
          pdom[b] = next;
          changed = true;
        }
      }
    }
    int[] ipdom = new int[n];
    for (int b = 0; b < n; b++) {
      ipdom[b] = -1;
      int size = pdom[b].cardinality();
      for (int d = pdom[b].nextSetBit(0); d >= 0; d = pdom[b].nextSetBit(d + 1)) {
        if (d != b && d != end && pdom[d].cardinality() == size - 1) {
          ipdom[b] = d;
        }
      }
    }
    return ipdom;
  }
}

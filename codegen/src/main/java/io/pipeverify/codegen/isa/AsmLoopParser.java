package io.pipeverify.codegen.isa;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Operand;
import io.pipeverify.isa.decode.Statement;
import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.isa.lift.BasicBlock;
import io.pipeverify.isa.lift.ControlFlowGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the main loop of an AMDGPU assembly listing and classifies its instructions for the ISA
 * check, on the shared ISA layer (docs/isa.md): the listing is decoded by {@link AsmParser}, the
 * loop is the natural loop of the {@link ControlFlowGraph} with the most {@code v_mfma} (over every
 * kernel of the listing, or over the whole text when it has no kernel directives, as a loop
 * fragment), and instructions are classified by their {@link InstructionTable} family. The check
 * reads the loop in listing order, which is its execution order for the emitted kernels: their loop
 * body has no branches.
 */
public final class AsmLoopParser {
  private static final Pattern SCHED_BARRIER =
      Pattern.compile("sched_barrier mask\\((0x[0-9a-fA-F]+|\\d+)\\)");

  private AsmLoopParser() {}

  /** The main loop of {@code asm}, or empty when the listing has no loop. */
  public static Optional<AsmLoop> findLoop(String asm, String file) throws AsmSyntaxException {
    return findLoop(AsmParser.parse(asm, file), asm);
  }

  /** The main loop of a listing already decoded from {@code asm}, or empty. */
  public static Optional<AsmLoop> findLoop(AsmListing listing, String asm)
      throws AsmSyntaxException {
    String[] lines = asm.split("\r?\n", -1);
    List<List<Statement>> bodies = new ArrayList<>();
    for (Kernel k : listing.kernels()) {
      bodies.add(k.body());
    }
    if (bodies.isEmpty()) {
      bodies.add(listing.statements());
    }
    AsmLoop best = null;
    for (List<Statement> body : bodies) {
      ControlFlowGraph g = ControlFlowGraph.of(body);
      Optional<ControlFlowGraph.Loop> loop = g.loopWithMost("v_mfma");
      if (loop.isPresent()) {
        AsmLoop candidate = loop(g, loop.get(), body, lines);
        if (best == null
            || candidate.count(AsmInstruction.Kind.MFMA) > best.count(AsmInstruction.Kind.MFMA)) {
          best = candidate;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** The loop's statements from after its header label to before the latch's branch. */
  private static AsmLoop loop(
      ControlFlowGraph g, ControlFlowGraph.Loop loop, List<Statement> body, String[] lines) {
    String label = g.blocks().get(loop.header()).label().orElseThrow();
    int first =
        body.stream()
            .filter(s -> s instanceof Statement.Label l && l.name().equals(label))
            .findFirst()
            .orElseThrow()
            .location()
            .line();
    BasicBlock latch = g.blocks().get(loop.latch());
    int last = latch.instructions().get(latch.instructions().size() - 1).location().line();
    List<AsmInstruction> tracked = new ArrayList<>();
    for (Statement s : body) {
      int line = s.location().line();
      if (line > first && line < last) {
        classify(s, lines[line - 1]).ifPresent(tracked::add);
      }
    }
    return new AsmLoop(label, first, last, withoutBarrierFences(tracked));
  }

  /**
   * The tracked instructions without the fences {@link io.pipeverify.codegen.hip.HipEmitter} puts
   * right before every s_barrier (a {@code sched_barrier(0)}): they keep clang from moving register
   * uses across the barrier and are not one of the schedule's stage separators.
   */
  private static List<AsmInstruction> withoutBarrierFences(List<AsmInstruction> tracked) {
    List<AsmInstruction> out = new ArrayList<>();
    for (int i = 0; i < tracked.size(); i++) {
      boolean fence =
          tracked.get(i).kind() == AsmInstruction.Kind.SCHED_BARRIER
              && i + 1 < tracked.size()
              && tracked.get(i + 1).kind() == AsmInstruction.Kind.BARRIER;
      if (!fence) {
        out.add(tracked.get(i));
      }
    }
    return out;
  }

  /** One line as a tracked instruction, if it is one. */
  public static Optional<AsmInstruction> classify(String raw, int lineNumber)
      throws AsmSyntaxException {
    List<Statement> statements = AsmParser.parse(raw, "line " + lineNumber).statements();
    if (statements.isEmpty()) {
      return Optional.empty();
    }
    return classify(statements.get(0), raw)
        .map(
            i ->
                new AsmInstruction(
                    lineNumber, i.kind(), i.text(), i.vmcnt(), i.lgkmcnt(), i.value()));
  }

  private static Optional<AsmInstruction> classify(Statement s, String raw) {
    int line = s.location().line();
    if (s instanceof Statement.Comment c) {
      Matcher m = SCHED_BARRIER.matcher(c.text());
      return m.matches()
          ? Optional.of(
              tracked(line, AsmInstruction.Kind.SCHED_BARRIER, raw, Long.decode(m.group(1))))
          : Optional.empty();
    }
    if (!(s instanceof Instruction i)) {
      return Optional.empty();
    }
    Optional<InstructionInfo> info = InstructionTable.lookup(i);
    if (info.isEmpty()) {
      return Optional.empty();
    }
    String text = code(raw);
    return switch (info.get().family()) {
      case LDS_DMA -> Optional.of(tracked(line, AsmInstruction.Kind.G2S, text, 0));
      case VMEM, FLAT -> Optional.of(tracked(line, AsmInstruction.Kind.OTHER_VMEM, text, 0));
      case LDS ->
          Optional.of(
              tracked(
                  line,
                  i.opcode().startsWith("ds_read") || i.opcode().startsWith("ds_load")
                      ? AsmInstruction.Kind.DS_READ
                      : AsmInstruction.Kind.OTHER_LGKM,
                  text,
                  0));
      case SMEM -> Optional.of(tracked(line, AsmInstruction.Kind.OTHER_LGKM, text, 0));
      case SALU ->
          info.get().counters().contains(InstructionInfo.Counter.LGKMCNT)
              ? Optional.of(tracked(line, AsmInstruction.Kind.OTHER_LGKM, text, 0))
              : Optional.empty();
      case MFMA -> Optional.of(tracked(line, AsmInstruction.Kind.MFMA, text, 0));
      case BARRIER -> Optional.of(tracked(line, AsmInstruction.Kind.BARRIER, text, 0));
      case SETPRIO ->
          Optional.of(
              tracked(
                  line,
                  AsmInstruction.Kind.SETPRIO,
                  text,
                  i.operand(0) instanceof Operand.Immediate p ? p.value() : 0));
      case WAITCNT -> wait(line, text, (Waitcnt) i.operand(0));
      default -> Optional.empty();
    };
  }

  private static Optional<AsmInstruction> wait(int line, String text, Waitcnt w) {
    if (w.vmcnt().isEmpty() && w.lgkmcnt().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new AsmInstruction(line, AsmInstruction.Kind.WAIT, text, w.vmcnt(), w.lgkmcnt(), 0));
  }

  private static AsmInstruction tracked(
      int line, AsmInstruction.Kind kind, String text, long value) {
    return new AsmInstruction(
        line, kind, text.trim(), OptionalInt.empty(), OptionalInt.empty(), value);
  }

  /** The line as written, without its comment. */
  private static String code(String line) {
    int semi = line.indexOf(';');
    return (semi < 0 ? line : line.substring(0, semi)).trim();
  }
}

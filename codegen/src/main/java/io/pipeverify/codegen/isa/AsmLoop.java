package io.pipeverify.codegen.isa;

import java.util.List;
import java.util.Objects;

/**
 * The loop of an assembly listing: from its header label (line {@code firstLine}) to the branch
 * back to it (line {@code lastLine}), with the tracked instructions in order.
 */
public record AsmLoop(
    String label, int firstLine, int lastLine, List<AsmInstruction> instructions) {
  public AsmLoop {
    Objects.requireNonNull(label);
    instructions = List.copyOf(instructions);
  }

  public long count(AsmInstruction.Kind kind) {
    return instructions.stream().filter(i -> i.kind() == kind).count();
  }
}

package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A maximal straight-line run of instructions: it starts at a label or after a branch and ends at a
 * branch, {@code s_endpgm} or before the next label. {@code successors} are block indices (the
 * branch target first, then the fall-through).
 */
public record BasicBlock(
    int index, Optional<String> label, List<Instruction> instructions, List<Integer> successors) {
  public BasicBlock {
    Objects.requireNonNull(label);
    instructions = List.copyOf(instructions);
    successors = List.copyOf(successors);
  }

  /** Instructions whose opcode starts with {@code prefix}, e.g. {@code v_mfma}. */
  public long count(String prefix) {
    return instructions.stream().filter(i -> i.opcode().startsWith(prefix)).count();
  }
}

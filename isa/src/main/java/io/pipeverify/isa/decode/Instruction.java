package io.pipeverify.isa.decode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One decoded instruction: the mnemonic as printed (with its encoding suffix, e.g. {@code
 * v_add_u32_e32}), the comma-separated operands, and the modifiers that follow them ({@code
 * offset:2048}, {@code lds}, {@code offen}, {@code sc0}, {@code bitop3:0x78}), in order; a flag
 * modifier has the value {@code ""}.
 */
public record Instruction(
    String mnemonic,
    List<Operand> operands,
    Map<String, String> modifiers,
    Location location,
    String opcode)
    implements Statement {

  /** Encoding suffixes that do not change what an instruction does. */
  private static final List<String> ENCODINGS = List.of("_e32", "_e64", "_sdwa", "_dpp");

  /**
   * {@code opcode} is the mnemonic without its encoding suffix ({@code v_add_u32_e32} -> {@code
   * v_add_u32}), made once here: the lift asks for it every time it executes the instruction.
   */
  public Instruction {
    Objects.requireNonNull(mnemonic);
    operands = List.copyOf(operands);
    modifiers = Collections.unmodifiableMap(new LinkedHashMap<>(modifiers));
    Objects.requireNonNull(location);
    if (!stripped(mnemonic).equals(opcode)) {
      throw new IllegalArgumentException("opcode " + opcode + " is not that of " + mnemonic);
    }
  }

  /** The instruction {@code mnemonic operands modifiers} at {@code location}. */
  public Instruction(
      String mnemonic, List<Operand> operands, Map<String, String> modifiers, Location location) {
    this(mnemonic, operands, modifiers, location, stripped(mnemonic));
  }

  private static String stripped(String mnemonic) {
    String m = mnemonic;
    boolean stripped = true;
    while (stripped) {
      stripped = false;
      for (String e : ENCODINGS) {
        if (m.endsWith(e)) {
          m = m.substring(0, m.length() - e.length());
          stripped = true;
        }
      }
    }
    return m;
  }

  /** Whether the VOP3 form was printed ({@code _e64}): compare results go to an SGPR pair. */
  public boolean isVop3() {
    return mnemonic.contains("_e64");
  }

  public Operand operand(int i) {
    return operands.get(i);
  }

  public boolean hasModifier(String name) {
    return modifiers.containsKey(name);
  }

  /** An integer modifier such as {@code offset:2048} or {@code bitop3:0x78}. */
  public OptionalLong integerModifier(String name) {
    String v = modifiers.get(name);
    if (v == null || v.isEmpty()) {
      return OptionalLong.empty();
    }
    Optional<Long> parsed = OperandParser.integer(v);
    return parsed.map(OptionalLong::of).orElseGet(OptionalLong::empty);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(mnemonic);
    for (int i = 0; i < operands.size(); i++) {
      b.append(i == 0 ? " " : ", ").append(operands.get(i));
    }
    modifiers.forEach((k, v) -> b.append(' ').append(k).append(v.isEmpty() ? "" : ":" + v));
    return b.toString();
  }
}

package io.pipeverify.isa.decode;

import java.util.Objects;

/**
 * One line of an assembly listing that carries meaning: an instruction, label, directive or
 * comment.
 */
public sealed interface Statement
    permits Instruction, Statement.Label, Statement.Directive, Statement.Comment {

  Location location();

  /** {@code .LBB0_2:} or {@code pv_gemm:}. */
  record Label(String name, Location location) implements Statement {
    public Label {
      Objects.requireNonNull(name);
      Objects.requireNonNull(location);
    }
  }

  /** {@code .amdhsa_next_free_vgpr 256}: the name with its dot, and its arguments as written. */
  record Directive(String name, String arguments, Location location) implements Statement {
    public Directive {
      Objects.requireNonNull(name);
      Objects.requireNonNull(arguments);
      Objects.requireNonNull(location);
    }
  }

  /**
   * A line that is only a comment, without its {@code ;}: clang prints {@code sched_barrier
   * mask(0x...)}, {@code %bb.1:} and inline-asm markers this way.
   */
  record Comment(String text, Location location) implements Statement {
    public Comment {
      Objects.requireNonNull(text);
      Objects.requireNonNull(location);
    }
  }
}

package io.pipeverify.isa.decode;

import io.pipeverify.model.Origin;
import java.util.Objects;
import java.util.Optional;

/**
 * A line of an assembly listing (1-based), where a statement was read: one line per instruction,
 * which the lift uses as the instruction's identity. {@code source} is the line its author wrote,
 * when the listing was made from an assembler source (assembled, then disassembled): messages name
 * that line, and several instructions may share it (a macro's).
 */
public record Location(String file, int line, Optional<Origin.SourceLine> source) {
  public Location {
    Objects.requireNonNull(file);
    Objects.requireNonNull(source);
    if (line < 1) {
      throw new IllegalArgumentException("line numbers start at 1: " + line);
    }
  }

  /** Line {@code line} of {@code file}, read as written. */
  public Location(String file, int line) {
    this(file, line, Optional.empty());
  }

  /** {@code kernel.s:529}: the source line where there is one. */
  public String describe() {
    return source.map(s -> s.file() + ":" + s.line()).orElse(file + ":" + line);
  }
}

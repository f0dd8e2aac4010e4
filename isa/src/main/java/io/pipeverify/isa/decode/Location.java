package io.pipeverify.isa.decode;

import java.util.Objects;

/** A line of an assembly file (1-based), where a statement was read. */
public record Location(String file, int line) {
  public Location {
    Objects.requireNonNull(file);
    if (line < 1) {
      throw new IllegalArgumentException("line numbers start at 1: " + line);
    }
  }

  /** {@code kernel.s:529}. */
  public String describe() {
    return file + ":" + line;
  }
}

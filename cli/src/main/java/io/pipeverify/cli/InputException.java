package io.pipeverify.cli;

import java.util.List;

/**
 * The input cannot be used (unreadable file, invalid schedule, unknown transform or knob): the
 * command prints {@link #lines()} to stderr and exits with 2. Each line is complete as printed. One
 * kind is no fault of the input ({@link #inconclusive}): a kernel of which the lift covers no
 * launch within its bound; the command prints its lines and exits with 3.
 */
final class InputException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> lines;
  private final boolean inconclusive;

  private InputException(List<String> lines, boolean inconclusive) {
    super(String.join("\n", lines));
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("an input error needs at least one line");
    }
    this.lines = List.copyOf(lines);
    this.inconclusive = inconclusive;
  }

  InputException(List<String> lines) {
    this(lines, false);
  }

  InputException(String line) {
    this(List.of(line));
  }

  /** An input pipeverify reads but cannot decide (exit 3): {@code line} says why. */
  static InputException inconclusive(String line) {
    return new InputException(List.of(line), true);
  }

  /** Whether the input is fine and only pipeverify cannot decide it (exit 3, not 2). */
  boolean inconclusive() {
    return inconclusive;
  }

  List<String> lines() {
    return lines;
  }
}

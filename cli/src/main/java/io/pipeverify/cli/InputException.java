package io.pipeverify.cli;

import java.util.List;

/**
 * The input cannot be used (unreadable file, invalid schedule, unknown transform or knob): the
 * command prints {@link #lines()} to stderr and exits with 2. Each line is complete as printed.
 */
final class InputException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> lines;

  InputException(List<String> lines) {
    super(String.join("\n", lines));
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("an input error needs at least one line");
    }
    this.lines = List.copyOf(lines);
  }

  InputException(String line) {
    this(List.of(line));
  }

  List<String> lines() {
    return lines;
  }
}

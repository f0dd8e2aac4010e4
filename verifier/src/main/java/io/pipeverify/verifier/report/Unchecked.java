package io.pipeverify.verifier.report;

import java.util.Objects;
import java.util.Optional;

/**
 * An input of a batch that got no report (docs/robustness.md): bad input (exit 2, with the first
 * line of its message) or stopped at the time limit (exit 3). The CI reports list it, so that a
 * gate's report never leaves out a kernel it did not check. {@code schedule} names the kernel when
 * the input holds several, each checked as an input of its own.
 */
public record Unchecked(
    String input, Optional<String> schedule, String verdict, String reason, int exitCode) {
  public Unchecked {
    Objects.requireNonNull(input);
    Objects.requireNonNull(schedule);
    Objects.requireNonNull(verdict);
    Objects.requireNonNull(reason);
  }

  /** How messages name it: the input, and its kernel when it is one of several. */
  public String label() {
    return input + schedule.map(k -> " (kernel " + k + ")").orElse("");
  }
}

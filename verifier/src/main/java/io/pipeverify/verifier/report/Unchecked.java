package io.pipeverify.verifier.report;

import java.util.Objects;

/**
 * An input of a batch that got no report (docs/robustness.md): bad input (exit 2, with the first
 * line of its message) or stopped at the time limit (exit 3). The CI reports list it, so that a
 * gate's report never leaves out a kernel it did not check.
 */
public record Unchecked(String input, String verdict, String reason, int exitCode) {
  public Unchecked {
    Objects.requireNonNull(input);
    Objects.requireNonNull(verdict);
    Objects.requireNonNull(reason);
  }
}

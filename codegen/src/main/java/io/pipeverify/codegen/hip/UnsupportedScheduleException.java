package io.pipeverify.codegen.hip;

import java.util.List;

/**
 * A verified schedule that the emitter cannot express as a HIP kernel of the canonical layout
 * (several wave roles, register-staged copies, a slot that depends on the wave, ...). Carries every
 * problem found, one line each.
 */
public final class UnsupportedScheduleException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public UnsupportedScheduleException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}

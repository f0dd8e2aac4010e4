package io.pipeverify.model.transform;

import java.util.List;

/**
 * The options given to a transform do not make a valid configuration. Carries every problem found
 * (unknown knobs, unparsable values, violated invariants), each naming the knob(s) involved.
 */
public final class KnobException extends Exception {
  private final String transform;
  private final List<String> problems;

  public KnobException(String transform, List<String> problems) {
    super(transform + ": " + String.join("; ", problems));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a KnobException needs at least one problem");
    }
    this.transform = transform;
    this.problems = List.copyOf(problems);
  }

  public String transform() {
    return transform;
  }

  public List<String> problems() {
    return problems;
  }
}

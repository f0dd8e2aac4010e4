package io.pipeverify.model.transform;

import java.util.List;

/**
 * Thrown by the compact constructor of a pass configuration whose invariants do not hold; carries
 * all the violated invariants so that {@link PipelineTransform#configure} can report them together.
 */
public final class InvalidConfigException extends IllegalArgumentException {
  private final List<String> problems;

  public InvalidConfigException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }

  /** Throws when {@code problems} is not empty. */
  static void requireNone(List<String> problems) {
    if (!problems.isEmpty()) {
      throw new InvalidConfigException(problems);
    }
  }
}

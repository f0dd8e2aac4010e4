package io.pipeverify.verifier;

import java.util.Objects;

/**
 * A defect a stated assumption excused: its rule ({@code P1 WAR}), the op that should come first
 * and the one that may land first (the representative instance, as a finding would show them), and
 * how many instances the assumption excused at the trip counts and launch classes checked.
 */
public record Excused(Assumption assumption, String rule, OpRef first, OpRef second, int instances)
    implements CountedNote<Excused> {
  public Excused {
    Objects.requireNonNull(assumption);
    Objects.requireNonNull(rule);
    Objects.requireNonNull(first);
    Objects.requireNonNull(second);
    if (instances < 1) {
      throw new IllegalArgumentException("an excused defect has an instance at least");
    }
  }

  @Override
  public Excused withInstances(int n) {
    return new Excused(assumption, rule, first, second, n);
  }

  @Override
  public String mergeKey() {
    return assumption + "|" + rule + "|" + first.origin() + "|" + second.origin();
  }

  /** One line for reports. */
  public String text() {
    return rule
        + " "
        + RaceClass.IN_FLIGHT.label()
        + ": "
        + first.brief()
        + " before "
        + second.brief()
        + " ("
        + instances
        + (instances == 1 ? " instance" : " instances")
        + ", verified under assumption "
        + assumption.id()
        + ")";
  }
}

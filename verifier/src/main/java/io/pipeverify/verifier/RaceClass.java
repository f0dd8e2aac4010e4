package io.pipeverify.verifier;

/**
 * Which kind of P1 race a user is looking at (semantics.md section 4, "Timing-dependent
 * instances"). Both are races under the ISA's rules; they call for different fixes and only the
 * second can be excused by a stated assumption ({@link Assumption}).
 */
public enum RaceClass {
  /**
   * Nothing orders the two ops even at issue: the bad order happens with any latencies, a missing
   * barrier or a wait of the wrong counter.
   */
  UNORDERED("unordered", "unordered", "nothing orders the two ops, not even at issue"),
  /**
   * The op that should come first is issued before a barrier that the other wave passes before it
   * issues the second, but no wait retires the first before that barrier: it may still be in flight
   * when the second lands. Whether it is depends on latencies.
   */
  IN_FLIGHT(
      "in-flight-across-barrier",
      "in flight across the barrier",
      "ordered at issue through a barrier, but the first op may still be in flight after it (no"
          + " wait retires it before the barrier)");

  private final String id;
  private final String label;
  private final String description;

  RaceClass(String id, String label, String description) {
    this.id = id;
    this.label = label;
    this.description = description;
  }

  /** The words reports use: {@code in flight across the barrier}. */
  public String label() {
    return label;
  }

  /**
   * The class for machines (JSON {@code class}, SARIF property): {@code in-flight-across-barrier}.
   */
  public String id() {
    return id;
  }

  public String description() {
    return description;
  }
}

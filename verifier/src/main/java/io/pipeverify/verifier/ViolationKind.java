package io.pipeverify.verifier;

/** The kind of a violation (semantics.md sections 4 and 5). */
public enum ViolationKind {
  RAW("a read may happen before the write it needs (read after write)"),
  WAR("a write may land before a read it should follow (write after read)"),
  WAW("two writes of the same bytes may land in either order"),
  UNINITIALIZED("a read has bytes that no write happens before"),
  BARRIER_MISMATCH("waves execute different numbers of barriers (deadlock)"),
  COUNTER_OVERFLOW("a wait value does not fit its counter's bits"),
  LDS_OVERFLOW("the LDS buffers do not fit the target's LDS");

  private final String description;

  ViolationKind(String description) {
    this.description = description;
  }

  /** One sentence for people: what can go wrong (reports, SARIF rule descriptions). */
  public String description() {
    return description;
  }
}

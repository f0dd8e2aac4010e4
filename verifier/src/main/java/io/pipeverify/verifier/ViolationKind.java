package io.pipeverify.verifier;

/** The kind of a violation (semantics.md sections 4 and 5). */
public enum ViolationKind {
  RAW("a read may happen before the write it needs (read after write)"),
  WAR("a write may land before a read it should follow (write after read)"),
  WAW("two writes of the same bytes may land in either order"),
  UNINITIALIZED("a read has bytes that no write happens before"),
  BARRIER_MISMATCH(
      "waves execute different numbers of barriers: the extra ones complete after the other waves"
          + " end and order nothing against them"),
  COUNTER_OVERFLOW("a wait value does not fit its counter's bits"),
  LDS_OVERFLOW("the LDS buffers do not fit the target's LDS"),
  WRONG_VERSION(
      "the last writer of bytes a ds_read reads carries another tile than the read expects"),
  REGISTER_HAZARD(
      "an mfma may read a fragment register before its ds_read lands, or one never written"),
  WRONG_FRAGMENT("an mfma's register holds another K tile or other rows than the mfma needs"),
  MIXED_K_CHUNK("an mfma multiplies an A and a B fragment of different k-chunks"),
  MISSING_PRODUCT(
      "a (K tile, i, j, k-chunk) product of a wave's output fragment is never computed"),
  DUPLICATE_PRODUCT("a (K tile, i, j, k-chunk) product is accumulated more than once");

  private final String description;

  ViolationKind(String description) {
    this.description = description;
  }

  /** One sentence for people: what can go wrong (reports, SARIF rule descriptions). */
  public String description() {
    return description;
  }
}

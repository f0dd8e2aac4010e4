package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Op;
import java.util.List;
import java.util.Optional;

/** The per-wave hardware counters (semantics.md section 1). */
public enum Counter {
  VMCNT("vmcnt", 6),
  LGKMCNT("lgkmcnt", 4);

  /** Every counter, shared: {@code values()} copies its array on every call. */
  public static final List<Counter> ALL = List.of(values());

  // Shared: an Optional per counted op was a large share of the unroller's garbage.
  private static final Optional<Counter> VM = Optional.of(VMCNT);
  private static final Optional<Counter> LGKM = Optional.of(LGKMCNT);

  private final String id;
  private final int bits;

  Counter(String id, int bits) {
    this.id = id;
    this.bits = bits;
  }

  public int bits() {
    return bits;
  }

  /** The largest value a wait on this counter can encode. */
  public int max() {
    return (1 << bits) - 1;
  }

  public String id() {
    return id;
  }

  /** The counter an op increments at issue, if any. */
  public static Optional<Counter> of(Op op) {
    if (op instanceof Op.G2s || op instanceof Op.GLoad) {
      return VM;
    }
    if (op instanceof Op.DsRead || op instanceof Op.DsWrite) {
      return LGKM;
    }
    return Optional.empty();
  }

  /** The value a wait waits for on this counter, if it waits on it. */
  public java.util.OptionalInt of(Op.Wait wait) {
    return this == VMCNT ? wait.vmcnt() : wait.lgkmcnt();
  }
}

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
    if (op instanceof Op.DsRead
        || op instanceof Op.DsWrite
        || op instanceof Op.DsPermute
        || op instanceof Op.SLoad) {
      return LGKM;
    }
    return Optional.empty();
  }

  /**
   * Whether a wait retires {@code op} in issue order with its counter's other ops: a scalar load
   * returns out of order with the LDS operations on lgkmcnt, so only a wait for 0 retires it
   * (semantics.md section 4), and it is left out of the count the others retire by (one in flight
   * can only make a wait stronger than the LDS operations alone say, never weaker).
   */
  public static boolean inOrder(Op op) {
    return !(op instanceof Op.SLoad);
  }

  /** The value a wait waits for on this counter, if it waits on it. */
  public java.util.OptionalInt of(Op.Wait wait) {
    return this == VMCNT ? wait.vmcnt() : wait.lgkmcnt();
  }
}

package io.pipeverify.verifier;

/** The kind of a violation (semantics.md sections 4 and 5). */
public enum ViolationKind {
  /** A read may see stale or never-written bytes: it may happen before the write it needs. */
  RAW,
  /** A write may land before a read that it should follow. */
  WAR,
  /** Two writes of the same bytes may land in either order. */
  WAW,
  /** A read has bytes that no write happens before. */
  UNINITIALIZED,
  /** Waves execute different numbers of barriers: the workgroup deadlocks. */
  BARRIER_MISMATCH,
  /** A wait value the counter's bits cannot encode. */
  COUNTER_OVERFLOW,
  /** The LDS buffers do not fit the target's LDS. */
  LDS_OVERFLOW
}

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
  /** More outstanding ops than the counter's bits can track. */
  COUNTER_OVERFLOW,
  /** P3: the last writer of bytes a ds_read reads carries another tile than the read expects. */
  WRONG_VERSION,
  /** P4: an mfma may read a fragment register before its ds_read lands, or one never written. */
  REGISTER_HAZARD,
  /** P4: an mfma's register holds another K tile or other rows than the mfma needs. */
  WRONG_FRAGMENT,
  /** P5: an mfma multiplies an A and a B fragment of different k-chunks. */
  MIXED_K_CHUNK,
  /** P5: a (K tile, i, j, k-chunk) product of a wave's output fragment is never computed. */
  MISSING_PRODUCT,
  /** P5: a (K tile, i, j, k-chunk) product is accumulated more than once. */
  DUPLICATE_PRODUCT
}

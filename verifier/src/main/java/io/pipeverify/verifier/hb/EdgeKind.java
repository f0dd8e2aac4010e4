package io.pipeverify.verifier.hb;

/** Why one event happens before another (semantics.md section 3). */
public enum EdgeKind {
  /** Consecutive issue/release/barrier events of one wave. */
  PROGRAM_ORDER,
  /** An op's issue precedes its LDS access. */
  ISSUE_TO_ACCESS,
  /** A wait retires the op: its access precedes the wait's release. */
  WAIT_RETIRES,
  /** A wave's last event before its n-th barrier, the barrier, its first event after it. */
  BARRIER,
  /**
   * Consecutive LDS accesses of one wave's DS instructions (ds_read, ds_write): the LDS executes
   * one wave's DS instructions in issue order (semantics.md section 2). LDS-DMA writes (g2s) are
   * not in it: they travel the vector-memory path.
   */
  LDS_ORDER
}

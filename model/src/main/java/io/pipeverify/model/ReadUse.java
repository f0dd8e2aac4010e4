package io.pipeverify.model;

import java.util.Locale;
import java.util.Objects;

/**
 * Whether the value a {@code ds_read} loads can reach a result (docs/format.md, "Dead reads"). A
 * read whose value nothing uses cannot make a result wrong, so the races and uninitialised bytes of
 * its dead instances are benign, not violations (proofs/dead-reads.md).
 */
public sealed interface ReadUse {

  /**
   * Decided by the schedule's ops: an instance is dead when no later op of its wave reads its
   * register (an mfma operand or a ds_write source). Every read of a schedule with GEMM intent.
   */
  record ByOps() implements ReadUse {}

  /** The one {@link ByOps}. */
  ReadUse BY_OPS = new ByOps();

  /**
   * Decided by the lift from every instruction the wave runs after the read (a schedule lifted from
   * assembly, or stated in one of intent {@code none}): which of its instances are dead, and why in
   * words ({@code a[0:7] never read}); empty {@code why} for a read that is used.
   */
  record Stated(Dead dead, String why) implements ReadUse {
    public Stated {
      Objects.requireNonNull(dead);
      Objects.requireNonNull(why);
    }
  }

  /** A read the lift found used. */
  ReadUse USED = new Stated(Dead.NEVER, "");

  /** Which instances of a read are dead. */
  enum Dead {
    /** None. */
    NEVER,
    /** The loop op's instance in the loop's last iteration (a prefetch nothing consumes). */
    LAST_ITERATION,
    /** Every instance. */
    ALWAYS;

    private final String id = name().toLowerCase(Locale.ROOT).replace('_', '-');

    /** The name in schedule files: {@code last-iteration}, {@code always}. */
    public String id() {
      return id;
    }
  }
}

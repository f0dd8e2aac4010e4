package io.pipeverify.verifier.hb;

import io.pipeverify.verifier.unroll.Instance;

/** A node of the happens-before graph; {@code id} is its index in {@link HappensBefore}. */
public sealed interface Event {
  int id();

  /** A stable, readable name, also used as the SMT variable name. */
  String name();

  /** What happens at an op-event. */
  enum Kind {
    /** The wave issues the op. */
    ISSUE,
    /** The LDS bytes are written or read (g2s, ds_read, ds_write), or a gload's data lands. */
    ACCESS,
    /** The wave passes a wait. */
    RELEASE,
    /**
     * An mfma reads its fragment registers. Not a node of the graph ({@link RegisterUses} adds
     * these events to a timing problem only when a register hazard needs a witness).
     */
    USE
  }

  /** An event of one op instance of one wave. */
  record OpEvent(int id, Kind kind, Instance instance) implements Event {
    /** The id and kind (consistent with equals): cheap, unlike hashing the instance's op. */
    @Override
    public int hashCode() {
      return 31 * id + kind.ordinal();
    }

    /**
     * Unique by construction: wave and seq identify the instance (two implicit waits can guard one
     * op, LLVM's and a full counter's stall, at one position), the kind the event of it. Two events
     * with one name would be one SMT variable.
     */
    @Override
    public String name() {
      Instance i = instance;
      String at =
          switch (i.section()) {
            case PROLOGUE -> "pro";
            case LOOP -> "k" + i.iteration();
            case EPILOGUE -> "epi";
          };
      return "t_w"
          + i.wave()
          + "_"
          + i.seq()
          + "_"
          + at
          + "_"
          + i.position()
          + (i.implicit() ? "i" : "")
          + "_"
          + i.op().kind()
          + "_"
          + kind.name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The n-th barrier instance (0-based), one node shared by all waves. */
  record BarrierEvent(int id, int n) implements Event {
    // Written out: a record's generated methods run through method handles, slow in a cold start
    // (docs/PERFORMANCE.md, "Cold start"); traces look events up in sets.
    @Override
    public boolean equals(Object o) {
      return o instanceof BarrierEvent b && id == b.id && n == b.n;
    }

    @Override
    public int hashCode() {
      return 31 * id + n;
    }

    @Override
    public String name() {
      return "t_barrier_" + n;
    }
  }
}

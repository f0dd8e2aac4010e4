package io.pipeverify.verifier;

import java.util.Objects;

/**
 * What a finding is put down to (docs/debugging.md, "Root causes"): one missing ordering, named by
 * the place in the kernel where its repair goes, or a defect that is not an ordering. {@code key}
 * names the place by its site ({@link ProgramSites}: {@code retired too late on vmcnt by s_waitcnt
 * vmcnt(0) in loop phase 8}), never by wave, iteration, trip count or role, so the same mistake has
 * the same key in every run and role; {@code family} is the key as every configuration of a
 * transform reads it (wait counts left out, a section's last stage named so: {@link
 * ProgramSites#family}), what fuzz classes merge by; {@code text} says it in words, with the places
 * of the finding's first instance.
 */
public record RootCause(Kind kind, String key, String family, String text) {

  /** The kinds of root cause, in the order ties between them are broken. */
  public enum Kind {
    /**
     * Ops issued before the wait (and, across waves, the barrier) that would order what they depend
     * on: the repair goes between the last wait or barrier before them and the first of them.
     */
    ISSUED_TOO_EARLY("issued too early"),
    /**
     * An op retired only by a wait that comes too late for the op that depends on it, or by none:
     * that wait moves up, or an earlier one is strengthened.
     */
    RETIRED_TOO_LATE("retired too late"),
    /**
     * Defects that are not a missing ordering (P3, P5, P6, P7, P4's wrong fragments): the verifier
     * names no place of repair for them, so their rule is their cause.
     */
    DEFECT("defect");

    private final String title;

    Kind(String title) {
      this.title = title;
    }

    public String title() {
      return title;
    }
  }

  public RootCause {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(key);
    Objects.requireNonNull(family);
    Objects.requireNonNull(text);
  }

  /**
   * The cause of defects that are not an ordering: their rule ({@code P5 MIXED_K_CHUNK}), one
   * finding for all of them (a k-pack swap mixes k-chunks in every stage that reads).
   */
  public static RootCause defect(Property property, ViolationKind kind, String text) {
    String key = "defect " + property + " " + kind;
    return new RootCause(Kind.DEFECT, key, key, text);
  }
}

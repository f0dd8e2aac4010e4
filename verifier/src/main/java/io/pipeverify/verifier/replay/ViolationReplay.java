package io.pipeverify.verifier.replay;

import io.pipeverify.model.interp.Outcome;
import io.pipeverify.verifier.Violation;
import java.util.Objects;

/** A counterexample replayed at its trip count with data seed {@code seed}. */
public record ViolationReplay(Violation violation, long seed, Outcome outcome) {
  public ViolationReplay {
    Objects.requireNonNull(violation);
    Objects.requireNonNull(outcome);
  }
}

package io.pipeverify.verifier.replay;

import io.pipeverify.model.interp.Outcome;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code orders} random legal executions at trip count {@code tripCount} (order n uses random seed
 * {@code seed + n}, data seed {@code seed}): how many gave a wrong result, and the first wrong
 * outcome with its order number.
 */
public record RandomReplay(
    int tripCount,
    long seed,
    int orders,
    int mismatching,
    Optional<Outcome> firstWrong,
    int firstWrongOrder) {
  public RandomReplay {
    Objects.requireNonNull(firstWrong);
  }

  public boolean allMatch() {
    return mismatching == 0;
  }
}

package io.pipeverify.isa.lift;

import io.pipeverify.isa.semantics.Symbols;
import java.util.Map;

/**
 * Whether the ways a launch class's branches go can all happen in one launch. The lift explores a
 * branch on an unknown value both ways, one decision per symbolic condition; two conditions over
 * the same unknowns ({@code x < 1} at one branch, {@code (x & 1) == 1} at a later one) may exclude
 * each other, and a class that takes both is no launch at all: its findings would be false alarms.
 * An implementation answers false only when it has proved that no values of the launch's unknowns
 * make every condition take its truth; "cannot tell" is true, so pruning never hides a launch.
 */
@FunctionalInterface
public interface Feasibility {
  /**
   * False when no launch makes each condition of {@code conditions} (a symbol of {@code symbols}, a
   * compare or test of the launch's unknowns) have the truth it maps to.
   */
  boolean mayHold(Symbols symbols, Map<Long, Boolean> conditions);

  /**
   * False when no launch makes every condition of {@code conditions} hold as mapped and runs its K
   * loop for one of the trip counts {@code counts} describes. The default proves nothing.
   */
  default boolean mayHoldAtSomeCount(
      Symbols symbols, Map<Long, Boolean> conditions, TripCounts counts) {
    return true;
  }

  /** Every combination may hold: nothing is pruned (the lift without a solver). */
  Feasibility ANY = (symbols, conditions) -> true;
}

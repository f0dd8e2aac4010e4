package io.pipeverify.verifier.repair;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One candidate change of the kernel for {@link SmallestRepair}: a wait to insert or strengthen, a
 * move, a barrier, a drained barrier, made at its place in every role that has it. A wait is a
 * family over its counter value N in [0, {@code hi}] (other kinds have {@code hi} 0 and ignore N):
 * {@code placed(n)} gives its changes at the places of the unchanged schedule, {@code said(n)} says
 * them, one sentence per change of the kernel (a move's two halves are one). {@code addsOnly}: the
 * changes only add waits and barriers or strengthen waits, so they only add happens-before edges;
 * {@code rank} orders the kinds from the weakest (strengthen a wait) to the strongest.
 */
record RepairChoice(
    int rank,
    int hi,
    boolean addsOnly,
    int barriers,
    int moves,
    IntFunction<List<Placed>> placed,
    IntFunction<List<String>> said) {

  /** How many changes of the kernel the choice makes (one in every role counts once). */
  int cost() {
    return said.apply(0).size();
  }

  /** The changes at N = 0, the strongest: what tells two choices apart. */
  List<Placed> strongest() {
    return placed.apply(0);
  }
}

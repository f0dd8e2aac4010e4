package io.pipeverify.verifier.repair;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the smallest-repair search covered: {@code candidates} distinct candidate changes of the
 * root causes, repairs of at most {@code maxEdits} changes, the least size found ({@code size}, 0
 * when none verifies within the bound), how many repairs of that size it compared for the weakest
 * ({@code equals}), the verifications it ran, why it stopped short when the optimiser gave no
 * answer ({@code unknown}), and when no repair was found, why each root cause stays ({@code stays}:
 * one sentence per finding, in the findings' order).
 */
public record RepairSearch(
    int candidates,
    int maxEdits,
    int size,
    int equals,
    int verifications,
    Optional<String> unknown,
    List<String> stays) {

  public RepairSearch {
    Objects.requireNonNull(unknown);
    stays = List.copyOf(stays);
  }

  /** No search: the schedule was not violated. */
  static RepairSearch notSearched(int maxEdits) {
    return new RepairSearch(0, maxEdits, 0, 0, 0, Optional.empty(), List.of());
  }

  /** Whether a repair was found. */
  public boolean found() {
    return size > 0;
  }

  /**
   * The sentence on what was searched: "1 edit is the smallest repair among 7 candidate changes
   * (the weakest of 2 of that size)", or "no repair of at most 4 edits among 12 candidate changes".
   */
  public String describe() {
    String among =
        " among " + candidates + (candidates == 1 ? " candidate change" : " candidate changes");
    if (unknown.isPresent()) {
      return "no repair found" + among + ": " + unknown.get();
    }
    if (!found()) {
      return "no repair of at most " + edits(maxEdits) + among + " of the root causes";
    }
    String of = equals > 1 ? " (the weakest of " + equals + " repairs of that size)" : "";
    return edits(size) + (size == 1 ? " is" : " are") + " the smallest repair" + among + of;
  }

  private static String edits(int n) {
    return n + (n == 1 ? " edit" : " edits");
  }
}

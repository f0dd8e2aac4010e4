package io.pipeverify.verifier.repair;

import io.pipeverify.verifier.Violation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One step of a repair plan: the violation it targets, the weakest verified repair if one was found
 * among the bounded candidates, and what every candidate tried did (the statement of why no single
 * edit suffices when none does).
 */
public record RepairStep(Violation target, Optional<Repair> repair, List<String> tried) {

  public RepairStep {
    Objects.requireNonNull(target);
    Objects.requireNonNull(repair);
    tried = List.copyOf(tried);
  }

  /** Whether the repair needs more than one change (a role's copies of one change count once). */
  public boolean needsSeveralEdits() {
    return repair.map(r -> r.changes().size() > 1).orElse(false);
  }

  /** Why no single edit suffices, or why no repair was found, in one paragraph. */
  public String statement() {
    if (repair.isPresent() && !needsSeveralEdits()) {
      return "";
    }
    StringBuilder s = new StringBuilder("no single edit removes it; tried ");
    s.append(tried.size()).append(tried.size() == 1 ? " candidate: " : " candidates: ");
    s.append(String.join("; ", tried));
    if (repair.isEmpty()) {
      s.append(". No pair of a barrier and a drain before it removes it either.");
    }
    return s.toString();
  }
}

package io.pipeverify.verifier.repair;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The smallest repair {@link SmallestRepair} found, as steps applied one after another (each step's
 * edits refer to the schedule the steps before it made), and what the search covered. No steps: no
 * repair within the bound (or nothing to repair).
 */
public record RepairPlan(VerificationReport original, List<RepairStep> steps, RepairSearch search) {

  public RepairPlan {
    Objects.requireNonNull(original);
    steps = List.copyOf(steps);
    Objects.requireNonNull(search);
  }

  /** All edits of the plan, in order. */
  public List<Edit> edits() {
    List<Edit> all = new ArrayList<>();
    for (RepairStep s : steps) {
      all.addAll(s.repair().edits());
    }
    return all;
  }

  /** How many changes of the kernel the plan makes (one change in every role counts once). */
  public int changeCount() {
    return steps.stream().mapToInt(s -> s.repair().changes().size()).sum();
  }

  /** The schedule after every edit of the plan. */
  public Schedule repaired() {
    return Edit.applyAll(original.schedule(), edits());
  }

  /** The verification after the last step, or the original when there is none. */
  public VerificationReport last() {
    return steps.isEmpty() ? original : steps.get(steps.size() - 1).repair().after();
  }

  public boolean verifies() {
    return last().verdict() instanceof Verdict.Verified;
  }

  /** The step after which {@code v} is gone (matched by identity). */
  public Optional<RepairStep> fixOf(Violation v) {
    String key = ViolationIdentity.key(v);
    for (RepairStep s : steps) {
      boolean gone =
          s.repair().after().verdict().violations().stream()
              .noneMatch(left -> ViolationIdentity.key(left).equals(key));
      if (gone) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  /** The index (0-based) of a step in the plan. */
  public int indexOf(RepairStep step) {
    return steps.indexOf(step);
  }
}

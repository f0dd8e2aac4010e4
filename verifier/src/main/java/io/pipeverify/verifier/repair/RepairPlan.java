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
 * Repairs applied one after another: each step repairs the first violation left by the steps before
 * it. The plan ends when the schedule verifies, when a violation has no repair among the
 * candidates, or after the step limit.
 */
public record RepairPlan(VerificationReport original, List<RepairStep> steps) {

  public RepairPlan {
    Objects.requireNonNull(original);
    steps = List.copyOf(steps);
  }

  /** All edits of the plan, in order. */
  public List<Edit> edits() {
    List<Edit> all = new ArrayList<>();
    for (RepairStep s : steps) {
      s.repair().ifPresent(r -> all.addAll(r.edits()));
    }
    return all;
  }

  /** How many changes of the kernel the plan makes (one change in every role counts once). */
  public int changeCount() {
    return steps.stream().mapToInt(s -> s.repair().map(r -> r.changes().size()).orElse(0)).sum();
  }

  /** The schedule after every edit of the plan. */
  public Schedule repaired() {
    return Edit.applyAll(original.schedule(), edits());
  }

  /** The verification after the last successful step, or the original when none succeeded. */
  public VerificationReport last() {
    VerificationReport r = original;
    for (RepairStep s : steps) {
      if (s.repair().isPresent()) {
        r = s.repair().get().after();
      }
    }
    return r;
  }

  public boolean verifies() {
    return last().verdict() instanceof Verdict.Verified;
  }

  /** The step whose repair first makes {@code v} disappear (matched by identity). */
  public Optional<RepairStep> fixOf(Violation v) {
    String key = ViolationIdentity.key(v);
    for (RepairStep s : steps) {
      if (s.repair().isEmpty()) {
        return Optional.empty();
      }
      boolean gone =
          s.repair().get().after().verdict().violations().stream()
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

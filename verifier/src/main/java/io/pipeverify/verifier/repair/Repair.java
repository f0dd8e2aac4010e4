package io.pipeverify.verifier.repair;

import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import java.util.List;
import java.util.Objects;

/**
 * A verified repair of one violation: the changes to the kernel (one, or two when no single change
 * suffices), made in every wave role that has their place ({@code scope}: "" for a single-program
 * schedule, else the roles), the edits of the IR that make them in each role, and the full
 * verification of the schedule after them, which says whether it now verifies or what remains.
 */
public record Repair(
    List<Edit> edits, List<String> changes, String scope, VerificationReport after) {

  public Repair {
    edits = List.copyOf(edits);
    changes = List.copyOf(changes);
    Objects.requireNonNull(scope);
    Objects.requireNonNull(after);
    if (edits.isEmpty() || changes.isEmpty()) {
      throw new IllegalArgumentException("a repair needs an edit");
    }
  }

  /**
   * The changes as one sentence, e.g. "in every role, in loop stage 3, before the s_barrier, insert
   * s_waitcnt lgkmcnt(0)".
   */
  public String describe() {
    return scope + String.join("; and ", changes);
  }

  public boolean verifies() {
    return after.verdict() instanceof Verdict.Verified;
  }

  /** "the repaired schedule verifies ..." or what remains. */
  public String outcome() {
    if (verifies()) {
      return "the repaired schedule verifies (every trip count T >= 1)";
    }
    if (after.verdict() instanceof Verdict.Inconclusive i) {
      return "the repaired schedule is inconclusive: " + i.reason();
    }
    List<Violation> left = after.verdict().violations();
    return left.size()
        + (left.size() == 1 ? " violation remains" : " violations remain")
        + ", first: "
        + left.get(0).summary();
  }
}

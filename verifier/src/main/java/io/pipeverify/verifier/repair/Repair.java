package io.pipeverify.verifier.repair;

import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import java.util.List;
import java.util.Objects;

/**
 * One candidate change of a repair plan: the change of the kernel in words (one sentence, or two
 * for a drained barrier; the first names the roles when a schedule has several), the edits of the
 * IR that make it in every role that has its place, and the full verification of the schedule after
 * it and the plan's steps before it, which says whether it now verifies or what remains.
 */
public record Repair(List<Edit> edits, List<String> changes, VerificationReport after) {

  public Repair {
    edits = List.copyOf(edits);
    changes = List.copyOf(changes);
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
    return String.join("; and ", changes);
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

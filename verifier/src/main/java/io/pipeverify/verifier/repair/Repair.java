package io.pipeverify.verifier.repair;

import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import java.util.List;
import java.util.Objects;

/**
 * A verified repair of one violation: the edits (one, or two when no single edit suffices) and the
 * full verification of the schedule after them, which says whether it now verifies or what remains.
 */
public record Repair(List<Edit> edits, VerificationReport after) {

  public Repair {
    edits = List.copyOf(edits);
    Objects.requireNonNull(after);
    if (edits.isEmpty()) {
      throw new IllegalArgumentException("a repair needs an edit");
    }
  }

  /** The edits as one sentence, e.g. "in loop stage 3, before the s_barrier, insert ...". */
  public String describe() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < edits.size(); i++) {
      s.append(i == 0 ? "" : "; and ").append(edits.get(i).description());
    }
    return s.toString();
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

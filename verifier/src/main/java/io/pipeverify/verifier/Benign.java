package io.pipeverify.verifier;

import java.util.Objects;
import java.util.Optional;

/**
 * A defect of a read whose value nothing uses (issue 36): its rule ({@code P1 WAR}), the read, the
 * op it conflicts with (none for P2 and P3), what became of the read's registers ({@code a[0:7]
 * never read}, {@code v[4:7] overwritten at line 812}) and how many instances were benign at the
 * trip counts and launch classes checked. Not a finding: the value read cannot reach a result
 * (proofs/dead-reads.md); listed with {@code --show-benign}.
 */
public record Benign(String rule, OpRef read, Optional<OpRef> other, String why, int instances)
    implements CountedNote<Benign> {
  public Benign {
    Objects.requireNonNull(rule);
    Objects.requireNonNull(read);
    Objects.requireNonNull(other);
    Objects.requireNonNull(why);
    if (instances < 1) {
      throw new IllegalArgumentException("a benign defect has an instance at least");
    }
  }

  @Override
  public Benign withInstances(int n) {
    return new Benign(rule, read, other, why, n);
  }

  @Override
  public String mergeKey() {
    return rule + "|" + read.origin() + "|" + other.map(OpRef::origin).orElse("") + "|" + why;
  }

  /** One line for reports. */
  public String text() {
    return rule
        + ": "
        + read.brief()
        + other.map(o -> " and " + o.brief()).orElse("")
        + ": the value read is never used ("
        + why
        + "; "
        + instances
        + (instances == 1 ? " instance" : " instances")
        + ")";
  }
}

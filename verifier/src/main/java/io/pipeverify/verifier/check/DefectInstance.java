package io.pipeverify.verifier.check;

import io.pipeverify.verifier.unroll.Instance;
import java.util.Optional;

/**
 * One instance of a defect the graph checks found (a race or a data-flow finding): its op instance
 * and, for a pair, the other; what a finding's tally and its root causes are counted over.
 */
public interface DefectInstance {
  Instance first();

  Optional<Instance> second();
}

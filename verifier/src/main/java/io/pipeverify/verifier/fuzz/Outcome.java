package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Finding;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** What one configuration gave: invalid knobs, or a verdict and its violations by class. */
public sealed interface Outcome {

  /** The knobs do not make a valid configuration or schedule; skipped and counted. */
  record Invalid(List<String> problems) implements Outcome {
    public Invalid {
      problems = List.copyOf(problems);
    }
  }

  /**
   * Verified ("verified", "violated" or "inconclusive"); the finding of each class, none for a
   * compiled kernel that could not be checked (its class is the reason).
   */
  record Checked(String verdict, Map<ClassKey, Optional<Finding>> classes) implements Outcome {
    public Checked {
      Objects.requireNonNull(verdict);
      // Insertion order is the report's order of findings (Map.copyOf would lose it).
      classes = Collections.unmodifiableMap(new LinkedHashMap<>(classes));
    }
  }
}

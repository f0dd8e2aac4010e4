package io.pipeverify.verifier;

import java.util.List;

/** The outcome of a verification. */
public sealed interface Verdict {

  /** The JSON and CLI name: verified, violated or inconclusive. */
  String id();

  /** P1-P7 hold for every trip count; every obligation was proved unsat by Z3. */
  record Verified() implements Verdict {
    @Override
    public String id() {
      return "verified";
    }
  }

  /** At least one violation, each confirmed by a Z3 model. */
  record Violated(List<Violation> violations) implements Verdict {
    public Violated {
      violations = List.copyOf(violations);
      if (violations.isEmpty()) {
        throw new IllegalArgumentException("a violated verdict needs a violation");
      }
    }

    @Override
    public String id() {
      return "violated";
    }
  }

  /** Z3 could not decide an obligation in time; neither a pass nor a fail. */
  record Inconclusive(String reason, List<Violation> violationsSoFar) implements Verdict {
    public Inconclusive {
      violationsSoFar = List.copyOf(violationsSoFar);
    }

    @Override
    public String id() {
      return "inconclusive";
    }
  }
}

package io.pipeverify.verifier;

import java.util.List;

/** The outcome of a verification. */
public sealed interface Verdict {

  /** The JSON and CLI name: verified, violated or inconclusive. */
  String id();

  /** The violations found: all of them, those found before giving up, or none. */
  List<Violation> violations();

  /** P1-P7 hold for every trip count; every obligation was proved unsat by Z3. */
  record Verified() implements Verdict {
    @Override
    public String id() {
      return "verified";
    }

    @Override
    public List<Violation> violations() {
      return List.of();
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
    public List<Violation> violations() {
      return violationsSoFar;
    }

    @Override
    public String id() {
      return "inconclusive";
    }
  }
}

package io.pipeverify.verifier;

import java.util.List;

/** The outcome of a verification. */
public sealed interface Verdict {

  /** The JSON and CLI name: verified, violated or inconclusive. */
  String id();

  /** The findings (one per root cause): all of them, those found before giving up, or none. */
  List<Finding> findings();

  /** Every defect's representative violation, finding by finding, in the order found. */
  default List<Violation> violations() {
    return findings().stream().flatMap(f -> f.violations().stream()).toList();
  }

  /** The violations the findings stand for, every instance counted. */
  default int instances() {
    return findings().stream().mapToInt(Finding::instances).sum();
  }

  /** P1-P7 hold for every trip count; every obligation was proved unsat by Z3. */
  record Verified() implements Verdict {
    @Override
    public String id() {
      return "verified";
    }

    @Override
    public List<Finding> findings() {
      return List.of();
    }
  }

  /** At least one finding, each representative confirmed by a Z3 model. */
  record Violated(List<Finding> findings) implements Verdict {
    public Violated {
      findings = List.copyOf(findings);
      if (findings.isEmpty()) {
        throw new IllegalArgumentException("a violated verdict needs a finding");
      }
    }

    @Override
    public String id() {
      return "violated";
    }
  }

  /** Z3 could not decide an obligation in time; neither a pass nor a fail. */
  record Inconclusive(String reason, List<Finding> findingsSoFar) implements Verdict {
    public Inconclusive {
      findingsSoFar = List.copyOf(findingsSoFar);
    }

    @Override
    public List<Finding> findings() {
      return findingsSoFar;
    }

    @Override
    public String id() {
      return "inconclusive";
    }
  }
}

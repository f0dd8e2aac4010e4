package io.pipeverify.verifier.smt;

/**
 * A second opinion named {@code name} (version 1) that gives {@code answer} to every script: with
 * SAT it is wrong on each refutation Z3 proves, so a run cross-checked with it fails at its first
 * proof (the cross-check tests of the smt package, the verifier and the CLI).
 */
public record FixedSolver(String name, Answer answer) implements SecondOpinion {
  @Override
  public String version() {
    return "1";
  }

  @Override
  public Answer decide(String script) {
    return answer;
  }
}

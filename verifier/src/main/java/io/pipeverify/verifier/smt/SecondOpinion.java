package io.pipeverify.verifier.smt;

/**
 * A second solver that re-decides the queries Z3 answers ({@code verify --cross-check}): a complete
 * SMT-LIB2 script in, sat, unsat or unknown out. {@link CrossCheck} compares the answers; an
 * implementation only decides. Called from the verifier's and the proof thread's sessions at once,
 * so an implementation must be thread-safe.
 */
public interface SecondOpinion {

  /** What the second solver said about a script. */
  enum Answer {
    SAT,
    UNSAT,
    /** It gave up (a timeout, a resource limit): counted, never a disagreement. */
    UNKNOWN
  }

  /** The solver's name as messages give it ({@code cvc5}). */
  String name();

  /** The solver's version as the summary gives it ({@code 1.0.3}). */
  String version();

  /**
   * The answer to {@code script}, an SMT-LIB2 script that ends in {@code (check-sat)}. Throws
   * {@link CrossCheckException} when the solver cannot be run or rejects the script: that is no
   * answer to compare.
   */
  Answer decide(String script);
}

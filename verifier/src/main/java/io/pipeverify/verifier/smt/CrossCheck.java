package io.pipeverify.verifier.smt;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The second opinion of one run: every query Z3 answers (sat or unsat) is re-decided by another
 * solver from SMT-LIB2 written by {@link SmtLib} from the same problem, and a different answer ends
 * the run ({@link CrossCheckException}). A query Z3 could not decide is not re-decided: it already
 * makes the run inconclusive. One object per run, shared by every session of it (the verifier's,
 * the proof thread's, those of parallel inputs), so its counts are atomic.
 */
public final class CrossCheck {
  private final SecondOpinion opinion;
  private final AtomicInteger decided = new AtomicInteger();
  private final AtomicInteger undecided = new AtomicInteger();

  public CrossCheck(SecondOpinion opinion) {
    this.opinion = opinion;
  }

  /**
   * Re-decides {@code script}, the query {@code query} (named as a message gives it) to which Z3
   * said {@code z3}; throws {@link CrossCheckException} when the second solver says otherwise.
   */
  void compare(String query, String script, SolverOutcome z3) {
    if (z3 instanceof SolverOutcome.Unknown) {
      return;
    }
    compare(query, script, z3 instanceof SolverOutcome.Sat);
  }

  /** As {@link #compare(String, String, SolverOutcome)}, for Z3's answer sat ({@code true}). */
  void compare(String query, String script, boolean z3Sat) {
    SecondOpinion.Answer answer = opinion.decide(script);
    if (answer == SecondOpinion.Answer.UNKNOWN) {
      undecided.incrementAndGet();
      return;
    }
    decided.incrementAndGet();
    boolean sat = answer == SecondOpinion.Answer.SAT;
    if (sat != z3Sat) {
      throw new CrossCheckException(
          "cross-check: Z3 and "
              + solver()
              + " disagree on "
              + query
              + ": Z3 says "
              + (z3Sat ? "sat" : "unsat")
              + ", "
              + opinion.name()
              + " says "
              + (sat ? "sat" : "unsat"));
    }
  }

  /** The queries the second solver has decided (sat or unsat) the same as Z3. */
  public int decided() {
    return decided.get();
  }

  /** The queries the second solver answered unknown (or ran out of time on). */
  public int undecided() {
    return undecided.get();
  }

  /**
   * The line a cross-checked run ends with: {@code cross-check: 40 queries re-decided by cvc5
   * 1.0.3, 0 disagreements; cvc5 could not decide 0 queries}. There is no count of disagreements to
   * keep: the first one ends the run.
   */
  public String summary() {
    return "cross-check: "
        + decided()
        + " queries re-decided by "
        + solver()
        + ", 0 disagreements; "
        + opinion.name()
        + " could not decide "
        + undecided()
        + " queries (unknown or out of time)";
  }

  private String solver() {
    return opinion.name() + " " + opinion.version();
  }
}

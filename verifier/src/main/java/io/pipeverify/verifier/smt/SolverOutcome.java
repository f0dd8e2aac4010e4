package io.pipeverify.verifier.smt;

/** What Z3 said: a model (event times), unsatisfiable, or unknown (timeout, resource limit). */
public sealed interface SolverOutcome {

  /** A model: {@code times[i]} is the time Z3 chose for event i. */
  record Sat(long[] times) implements SolverOutcome {
    public Sat {
      times = times.clone();
    }

    @Override
    public long[] times() {
      return times.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Sat s && java.util.Arrays.equals(times, s.times);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(times);
    }

    @Override
    public String toString() {
      return "Sat" + java.util.Arrays.toString(times);
    }
  }

  /** No model exists: the obligation is proved. */
  record Unsat() implements SolverOutcome {}

  /** Z3 gave up; never a pass, never a fail. */
  record Unknown(String reason) implements SolverOutcome {}
}

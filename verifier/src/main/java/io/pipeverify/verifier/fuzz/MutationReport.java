package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every single mutation of a schedule's waits and barriers, verified (docs/fuzzing.md, "mutate"). A
 * mutation breaks the schedule when its verification has a class the schedule as given does not
 * have (for a verified schedule: any violation), or is inconclusive; a wait or barrier is
 * load-bearing when a mutation of it breaks the schedule.
 */
public record MutationReport(VerificationReport base, List<Result> results) {

  /** One mutation's verdict and the classes it adds, by {@link ClassKey#describe}. */
  public record Result(Mutation mutation, String verdict, List<String> newClasses) {
    public Result {
      Objects.requireNonNull(mutation);
      Objects.requireNonNull(verdict);
      newClasses = List.copyOf(newClasses);
    }

    public boolean breaks() {
      return !newClasses.isEmpty() || verdict.equals("inconclusive");
    }
  }

  public MutationReport {
    Objects.requireNonNull(base);
    results = List.copyOf(results);
  }

  public static MutationReport run(VerificationReport base, VerifyOptions options) {
    Set<String> known = classes(base.verdict());
    List<Result> results = new ArrayList<>();
    for (Mutation m : Mutation.of(base.schedule())) {
      Verdict v = Verifier.verify(m.mutant(), options).verdict();
      Set<String> fresh = classes(v);
      fresh.removeAll(known);
      results.add(new Result(m, v.id(), List.copyOf(fresh)));
    }
    return new MutationReport(base, results);
  }

  private static Set<String> classes(Verdict v) {
    Set<String> out = new TreeSet<>();
    for (Finding f : v.findings()) {
      out.add(ClassKey.of(f).describe());
    }
    return out;
  }
}

package io.pipeverify.verifier.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The smallest repair is the smallest (issue 21): on violated configurations of the built-in
 * transforms, the plan's edits make the schedule verify for every trip count, and no set of the
 * search's candidates with fewer changes does (every one tried, each at its strongest, which adds
 * the most happens-before edges); where the search says no repair of at most K changes exists, no
 * set of at most K changes verifies.
 */
class SmallestRepairProperties {
  private static final int MAX_EDITS = 2;

  @Provide
  Arbitrary<PassConfig> configs() {
    return PassConfigArbitraries.smallTileLangOrCdna4(4);
  }

  @Property(tries = 20)
  void theRepairVerifiesAndNoSmallerSetOfCandidatesDoes(@ForAll("configs") PassConfig c)
      throws Exception {
    Schedule s = Transforms.byName(c.transformName()).orElseThrow().generate(c.options());
    VerifyOptions options = VerifyOptions.defaults();
    VerificationReport report = Verifier.verify(s, options);
    Assume.that(report.verdict() instanceof Verdict.Violated);
    SmallestRepair search = new SmallestRepair(options, MAX_EDITS);
    RepairPlan plan = search.plan(report);
    Statistics.collect(plan.search().found() ? plan.changeCount() + " edits" : "none");
    List<RepairChoice> candidates = search.candidates(report);
    int below;
    if (plan.search().found()) {
      assertInstanceOf(Verdict.Verified.class, Verifier.verify(plan.repaired(), options).verdict());
      assertEquals(plan.search().size(), plan.changeCount());
      below = plan.changeCount() - 1;
    } else {
      assertEquals(List.of(), plan.steps());
      below = MAX_EDITS;
    }
    for (List<RepairChoice> subset : subsets(candidates, below)) {
      VerificationReport r = Verifier.verify(SmallestRepair.withChoices(s, subset), options);
      assertFalse(
          r.verdict() instanceof Verdict.Verified,
          "a smaller repair: " + subset.stream().map(x -> x.said().apply(0)).toList());
    }
  }

  /** Every subset of pairwise compatible candidates with at most {@code weight} changes. */
  private static List<List<RepairChoice>> subsets(List<RepairChoice> all, int weight) {
    List<List<RepairChoice>> out = new ArrayList<>();
    extend(all, 0, new ArrayList<>(), weight, out);
    return out;
  }

  private static void extend(
      List<RepairChoice> all,
      int from,
      List<RepairChoice> chosen,
      int left,
      List<List<RepairChoice>> out) {
    out.add(List.copyOf(chosen));
    for (int i = from; i < all.size(); i++) {
      RepairChoice c = all.get(i);
      if (c.cost() > left || chosen.stream().anyMatch(x -> SmallestRepair.conflict(x, c))) {
        continue;
      }
      chosen.add(c);
      extend(all, i + 1, chosen, left - c.cost(), out);
      chosen.remove(chosen.size() - 1);
    }
  }
}

package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Groups a verification's defects into findings, one per root cause (docs/debugging.md, "Root
 * causes"). Each defect can be put down to one or two candidate causes ({@link CauseCandidates});
 * the causes reported are a cover of the defects, chosen greedily: the candidate that accounts for
 * the most instances not yet accounted for, ties broken by the smaller repair (the sum of the
 * candidate's distances over those defects), then by kind (issued too early first: the repair
 * nearest the op that needs the order) and then by when its first defect was found. Every input is
 * in the order the verifier found it, so the grouping is deterministic.
 */
final class RootCauses {
  private RootCauses() {}

  static List<Finding> group(Schedule schedule, List<FindingTally> defects) {
    int[] causeOf = new int[defects.size()];
    java.util.Arrays.fill(causeOf, -1);
    List<RootCause> chosen = new ArrayList<>();
    int left = defects.size();
    while (left > 0) {
      // Worded by the first defect it covers, which is the first of its finding.
      CauseCandidates.Candidate best = best(defects, causeOf);
      int index = chosen.size();
      chosen.add(best.cause());
      for (int d = 0; d < defects.size(); d++) {
        if (causeOf[d] < 0 && has(defects.get(d), best.key())) {
          causeOf[d] = index;
          left--;
        }
      }
    }
    // Findings in the order of their first defect.
    Map<Integer, List<FindingTally>> byCause = new LinkedHashMap<>();
    for (int d = 0; d < defects.size(); d++) {
      byCause.computeIfAbsent(causeOf[d], c -> new ArrayList<>()).add(defects.get(d));
    }
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<Integer, List<FindingTally>> e : byCause.entrySet()) {
      findings.add(finding(schedule, chosen.get(e.getKey()), e.getValue()));
    }
    return findings;
  }

  /** The candidate of the defects not yet covered that covers the most instances of them. */
  private static CauseCandidates.Candidate best(List<FindingTally> defects, int[] causeOf) {
    Map<String, Long> weight = new LinkedHashMap<>();
    Map<String, Long> distance = new LinkedHashMap<>();
    Map<String, CauseCandidates.Candidate> first = new LinkedHashMap<>();
    for (int d = 0; d < defects.size(); d++) {
      if (causeOf[d] >= 0) {
        continue;
      }
      for (CauseCandidates.Candidate c : defects.get(d).candidates()) {
        weight.merge(c.key(), (long) defects.get(d).instances(), Long::sum);
        distance.merge(c.key(), c.distance(), Long::sum);
        first.putIfAbsent(c.key(), c);
      }
    }
    Comparator<CauseCandidates.Candidate> order =
        Comparator.<CauseCandidates.Candidate>comparingLong(c -> -weight.get(c.key()))
            .thenComparingLong(c -> distance.get(c.key()))
            .thenComparing(CauseCandidates.Candidate::kind);
    CauseCandidates.Candidate best = null;
    for (CauseCandidates.Candidate c : first.values()) {
      if (best == null || order.compare(c, best) < 0) {
        best = c;
      }
    }
    return best;
  }

  private static boolean has(FindingTally defect, String key) {
    for (CauseCandidates.Candidate c : defect.candidates()) {
      if (c.key().equals(key)) {
        return true;
      }
    }
    return false;
  }

  private static Finding finding(Schedule schedule, RootCause cause, List<FindingTally> group) {
    List<Violation> violations = new ArrayList<>();
    Set<Integer> waves = new TreeSet<>();
    Set<Integer> iterations = new TreeSet<>();
    int instances = 0;
    for (FindingTally t : group) {
      violations.add(t.representative());
      instances += t.instances();
      t.addPlaces(waves, iterations);
    }
    return new Finding(
        cause,
        violations,
        instances,
        List.copyOf(waves),
        List.copyOf(iterations),
        Finding.roles(schedule, waves));
  }
}

package io.pipeverify.verifier.report;

import io.pipeverify.verifier.Assumption;
import io.pipeverify.verifier.Benign;
import io.pipeverify.verifier.Excused;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import java.util.ArrayList;
import java.util.List;

/** The sentences every report format uses for findings, so that they all say the same. */
public final class FindingText {
  private FindingText() {}

  /** {@code 24 instances in waves 0-7, iterations k=0-3, role main}; one instance: its place. */
  public static String coverage(Finding f) {
    StringBuilder s = new StringBuilder();
    s.append(f.instances()).append(f.instances() == 1 ? " instance" : " instances");
    if (!f.waves().isEmpty()) {
      s.append(" in ").append(f.waves().size() == 1 ? "wave " : "waves ").append(ranges(f.waves()));
    }
    if (!f.iterations().isEmpty()) {
      s.append(", ")
          .append(f.iterations().size() == 1 ? "iteration k=" : "iterations k=")
          .append(ranges(f.iterations()));
    }
    if (!f.roles().isEmpty()) {
      s.append(", ")
          .append(f.roles().size() == 1 ? "role " : "roles ")
          .append(String.join(", ", f.roles()));
    }
    return s.toString();
  }

  /** {@code 1 root cause, 20 instances} (the verdict's totals). */
  public static String totals(Verdict v) {
    int findings = v.findings().size();
    int instances = v.instances();
    return findings
        + (findings == 1 ? " root cause, " : " root causes, ")
        + instances
        + (instances == 1 ? " instance" : " instances");
  }

  /**
   * What a finding breaks: {@code P1 RAW (12 defects), P2 UNINITIALIZED (4)}, each rule with how
   * many defects (pairs of schedule ops) break it when more than one.
   */
  public static String rules(Finding f) {
    java.util.Map<String, Integer> count = new java.util.LinkedHashMap<>();
    for (io.pipeverify.verifier.Violation v : f.violations()) {
      count.merge(v.property() + " " + v.kind(), 1, Integer::sum);
    }
    StringBuilder s = new StringBuilder();
    boolean first = true;
    for (java.util.Map.Entry<String, Integer> e : count.entrySet()) {
      s.append(first ? "" : ", ").append(e.getKey());
      if (e.getValue() > 1) {
        s.append(" (").append(e.getValue()).append(first ? " defects)" : ")");
      }
      first = false;
    }
    return s.toString();
  }

  /**
   * {@code " in flight across the barrier"} for a race of that class (semantics.md section 4), else
   * nothing: an unordered race is the default reading of a P1 finding.
   */
  public static String inFlight(Violation v) {
    return v.raceClass().filter(c -> c == RaceClass.IN_FLIGHT).isPresent()
        ? " " + RaceClass.IN_FLIGHT.label()
        : "";
  }

  /**
   * The assumptions a report's verification stated, with how many instances they excused: {@code
   * assumptions: lds-read-before-dma (28 instances excused; pipeverify list --assumptions)}; empty
   * when none was stated.
   */
  public static String assumptions(VerificationReport report) {
    List<Assumption> stated = report.options().assumptions();
    if (stated.isEmpty()) {
      return "";
    }
    int n = report.excused().stream().mapToInt(Excused::instances).sum();
    return "assumptions: "
        + String.join(", ", stated.stream().map(Assumption::id).toList())
        + " ("
        + n
        + (n == 1 ? " instance" : " instances")
        + " excused; pipeverify list --assumptions)";
  }

  /**
   * How many defects of reads whose value nothing uses were set aside: {@code benign: 2 defects of
   * dead reads, not findings (6 instances; --show-benign lists them)}; empty when none was.
   */
  public static String benign(VerificationReport report, boolean listed) {
    List<Benign> all = report.benign();
    if (all.isEmpty()) {
      return "";
    }
    int n = all.stream().mapToInt(Benign::instances).sum();
    return "benign: "
        + all.size()
        + (all.size() == 1 ? " defect" : " defects")
        + " of reads whose value is never used, not findings ("
        + n
        + (n == 1 ? " instance" : " instances")
        + (listed ? "; proofs/dead-reads.md):" : "; --show-benign lists them)");
  }

  /**
   * The verdict as a headline word: {@code VERIFIED}, or {@code VERIFIED under assumption
   * lds-read-before-dma} when it rests on excused instances.
   */
  public static String verdict(VerificationReport report) {
    String id = report.verdict().id().toUpperCase(java.util.Locale.ROOT);
    if (!report.verifiedUnderAssumptions()) {
      return id;
    }
    List<String> used = new ArrayList<>();
    for (Excused e : report.excused()) {
      if (!used.contains(e.assumption().id())) {
        used.add(e.assumption().id());
      }
    }
    return id + " under assumption " + String.join(", ", used);
  }

  /**
   * The places of a finding's ops, the first six and how many more: {@code kernel.s:88,
   * kernel.s:111, ... and 3 more} (the JSON report lists them all).
   */
  public static String origins(Finding f) {
    List<String> all = f.origins();
    int shown = Math.min(all.size(), 6);
    String list = String.join(", ", all.subList(0, shown));
    return shown == all.size() ? list : list + " and " + (all.size() - shown) + " more";
  }

  /**
   * Nothing is silently capped: how many defects the cap on root causes left out and how to see
   * them, e.g. {@code 5 more defects not reported (limit 20 root causes; --max-findings 0 reports
   * all)}; empty when none were.
   */
  public static String omitted(VerificationReport report) {
    int n = report.findingsOmitted();
    if (n == 0) {
      return "";
    }
    return n
        + (n == 1 ? " more defect" : " more defects")
        + " not reported (limit "
        + report.options().maxFindings()
        + " root causes; --max-findings 0 reports all)";
  }

  /** Sorted numbers as runs: {@code [0, 1, 2, 3, 5]} is {@code 0-3, 5}. */
  static String ranges(List<Integer> sorted) {
    StringBuilder s = new StringBuilder();
    int i = 0;
    while (i < sorted.size()) {
      int j = i;
      while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
        j++;
      }
      s.append(s.length() == 0 ? "" : ", ").append(sorted.get(i));
      if (j > i) {
        s.append('-').append(sorted.get(j));
      }
      i = j + 1;
    }
    return s.toString();
  }
}

package io.pipeverify.verifier.report;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
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

  /** {@code 3 findings, 20 instances} (the verdict's totals). */
  public static String totals(Verdict v) {
    int findings = v.findings().size();
    int instances = v.instances();
    return findings
        + (findings == 1 ? " finding, " : " findings, ")
        + instances
        + (instances == 1 ? " instance" : " instances");
  }

  /**
   * Nothing is silently capped: how many findings were left out and how to see them, e.g. {@code 5
   * more findings not reported (limit 20; --max-findings 0 reports all)}; empty when none were.
   */
  public static String omitted(VerificationReport report) {
    int n = report.findingsOmitted();
    if (n == 0) {
      return "";
    }
    return n
        + (n == 1 ? " more finding" : " more findings")
        + " not reported (limit "
        + report.options().maxFindings()
        + "; --max-findings 0 reports all)";
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

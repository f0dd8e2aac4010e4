package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a verification found: the schedule as verified (with the model options applied), the
 * options, the trip counts unrolled (1..cutoff; the verdict covers every T >= 1 by
 * proofs/cutoff.md), the verdict, the stats, and {@code findingsOmitted}: the defects beyond {@link
 * VerifyOptions#maxFindings} that the happens-before graph found and that were neither confirmed by
 * Z3 nor reported (the verdict stands either way; reports say how to see them). {@code excused}:
 * the defects the stated assumptions excused ({@link Assumption}), notes of a verdict that rests on
 * them. {@code benign}: the defects of reads whose value nothing uses ({@link Benign}), no
 * findings.
 */
public record VerificationReport(
    Schedule schedule,
    VerifyOptions options,
    long period,
    List<Integer> tripCountsChecked,
    Verdict verdict,
    int findingsOmitted,
    Stats stats,
    Optional<Launches> launches,
    List<Excused> excused,
    List<Benign> benign) {

  /**
   * For a kernel lifted from assembly: what its launch classes cover together ({@code every trip
   * count; every value of Kdim; every workgroup}), how many there are, the one the verdict's
   * findings (or the undecided query) come from, empty when every class verified, and the launches
   * the lift could not follow ({@code condition: reason}), which no verdict covers.
   */
  public record Launches(
      String covers, int classes, Optional<String> foundIn, List<String> uncovered) {
    public Launches {
      Objects.requireNonNull(covers);
      Objects.requireNonNull(foundIn);
      uncovered = List.copyOf(uncovered);
    }
  }

  /** A report of one schedule, not of a kernel's launch classes. */
  public VerificationReport(
      Schedule schedule,
      VerifyOptions options,
      long period,
      List<Integer> tripCountsChecked,
      Verdict verdict,
      int findingsOmitted,
      Stats stats) {
    this(
        schedule,
        options,
        period,
        tripCountsChecked,
        verdict,
        findingsOmitted,
        stats,
        Optional.empty(),
        List.of(),
        List.of());
  }

  public VerificationReport {
    Objects.requireNonNull(launches);
    excused = List.copyOf(excused);
    benign = List.copyOf(benign);
    tripCountsChecked = List.copyOf(tripCountsChecked);
    if (findingsOmitted < 0) {
      throw new IllegalArgumentException("findingsOmitted must be >= 0");
    }
  }

  /** This report with {@code stats} as its work (a lifted kernel's: the lift's time included). */
  public VerificationReport withStats(Stats stats) {
    return new VerificationReport(
        schedule,
        options,
        period,
        tripCountsChecked,
        verdict,
        findingsOmitted,
        stats,
        launches,
        excused,
        benign);
  }

  /** The exit code of {@code pipeverify verify}: 0 verified, 1 violated, 3 inconclusive. */
  public int exitCode() {
    if (verdict instanceof Verdict.Verified) {
      return 0;
    }
    return verdict instanceof Verdict.Violated ? 1 : 3;
  }

  /**
   * The verdict over a kernel's launch classes, each verified on its own ({@code reports}, in class
   * order, {@code classes} their descriptions): the first violated class's report (else the first
   * inconclusive one's, else the last verified one's), with the work of all of them summed and what
   * they cover.
   */
  public static VerificationReport ofLaunches(
      List<VerificationReport> reports,
      List<String> classes,
      String covers,
      List<String> uncovered) {
    if (reports.size() > classes.size()) {
      throw new IllegalArgumentException("at most one report per launch class");
    }
    LaunchReports fold = new LaunchReports();
    for (int i = 0; i < reports.size(); i++) {
      fold.add(reports.get(i), classes.get(i));
    }
    return fold.merged(classes.size(), covers, uncovered);
  }

  /** Whether the verdict rests on a stated assumption: verified, with excused instances. */
  public boolean verifiedUnderAssumptions() {
    return verdict instanceof Verdict.Verified && !excused.isEmpty();
  }
}

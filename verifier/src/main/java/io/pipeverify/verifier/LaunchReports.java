package io.pipeverify.verifier;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The verdict over a kernel's launch classes, gathered one class's report at a time ({@link
 * VerificationReport#ofLaunches}): the first violated class's report, else the first inconclusive
 * one's, else the last verified one's, with the work of all of them summed and their notes merged.
 * It holds one report and the notes, not every class's: a kernel with hundreds of classes is
 * checked in batches.
 */
public final class LaunchReports {
  private VerificationReport picked;
  private String pickedClass;
  private Stats work = Stats.NONE;
  private int reports;
  private final Map<String, Excused> excused = new LinkedHashMap<>();
  private final Map<String, Benign> benign = new LinkedHashMap<>();

  /**
   * Adds the report of the next class, described {@code description}; true when it is now the one
   * the verdict comes from.
   */
  public boolean add(VerificationReport r, String description) {
    reports++;
    work = work.plus(r.stats());
    merge(excused, r.excused());
    merge(benign, r.benign());
    boolean pick = picked == null || rank(r) > rank(picked) || rank(r) == 0 && rank(picked) == 0;
    if (pick) {
      picked = r;
      pickedClass = description;
    }
    return pick;
  }

  /** Whether a class added is violated: the verdict is its, whatever the classes to come. */
  public boolean violated() {
    return picked != null && picked.verdict() instanceof Verdict.Violated;
  }

  /** How many reports were added. */
  public int size() {
    return reports;
  }

  /** Violated over inconclusive over verified; the first of a rank stays, but the last verified. */
  private static int rank(VerificationReport r) {
    return r.verdict() instanceof Verdict.Violated
        ? 2
        : r.verdict() instanceof Verdict.Inconclusive ? 1 : 0;
  }

  /**
   * The kernel's report: {@code classes} launch classes in all (at least the reports added: after a
   * violated one the others need no report), what they cover, and the launches not followed ({@code
   * condition: reason}), which make an all-verified kernel inconclusive.
   */
  public VerificationReport merged(int classes, String covers, List<String> uncovered) {
    if (picked == null || reports > classes) {
      throw new IllegalArgumentException("at least one report, at most one per launch class");
    }
    VerificationReport r = picked;
    Optional<String> foundIn =
        r.verdict() instanceof Verdict.Verified ? Optional.empty() : Optional.of(pickedClass);
    // Every class followed verified, but some launches were not followed: no verdict covers
    // them, so the kernel's is inconclusive (a violated class stays the verdict either way).
    Verdict verdict =
        r.verdict() instanceof Verdict.Verified && !uncovered.isEmpty()
            ? new Verdict.Inconclusive(
                uncovered.size()
                    + (uncovered.size() == 1 ? " launch class" : " launch classes")
                    + " not covered (the lift cannot follow them; "
                    + classes
                    + " covered, verified): "
                    + uncovered.get(0)
                    + (uncovered.size() > 1 ? "; ..." : ""),
                List.of())
            : r.verdict();
    return new VerificationReport(
        r.schedule(),
        r.options(),
        r.period(),
        r.tripCountsChecked(),
        verdict,
        r.findingsOmitted(),
        work,
        Optional.of(new VerificationReport.Launches(covers, classes, foundIn, uncovered)),
        List.copyOf(excused.values()),
        List.copyOf(benign.values()));
  }

  /**
   * A class's notes into {@code all}, each once by its {@link CountedNote#mergeKey} (classes share
   * their ops), with their instances summed, in the order first met.
   */
  private static <T extends CountedNote<T>> void merge(Map<String, T> all, List<T> notes) {
    for (T e : notes) {
      all.merge(e.mergeKey(), e, (known, next) -> known.plus(next.instances()));
    }
  }
}

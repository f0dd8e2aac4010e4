package io.pipeverify.verifier.fuzz;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a campaign (or one shard of it) found: the tries run of those planned, how many were invalid
 * (skipped), verified, violated or inconclusive, the distinct schedules verified, the classes
 * sorted by key, whether the time budget stopped it, and how long it took.
 */
public record FuzzResult(
    FuzzSettings settings,
    int planned,
    int run,
    int invalid,
    int verified,
    int violated,
    int inconclusive,
    int verifications,
    List<FuzzClass> classes,
    boolean stoppedByBudget,
    Duration triesElapsed,
    Duration elapsed) {

  public FuzzResult {
    Objects.requireNonNull(settings);
    classes = List.copyOf(classes);
    Objects.requireNonNull(triesElapsed);
    Objects.requireNonNull(elapsed);
  }

  /**
   * Valid configurations checked per second of the tries (shrinking not included: it re-checks
   * configurations near one class's, most of them answered from the cache).
   */
  public double perSecond() {
    double s = triesElapsed.toNanos() / 1e9;
    return s <= 0 ? 0 : (run - invalid) / s;
  }

  /** The command that reproduces a class ({@link Generator#reproduce}). */
  public String reproduce(FuzzClass c) {
    return settings.generator().reproduce(c);
  }

  /** 1 when a class was found, else 3 when a try was inconclusive, else 0. */
  public int exitCode() {
    if (!classes.isEmpty()) {
      return 1;
    }
    return inconclusive > 0 ? 3 : 0;
  }
}

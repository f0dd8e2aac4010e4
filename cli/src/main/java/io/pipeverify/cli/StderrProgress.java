package io.pipeverify.cli;

import io.pipeverify.verifier.fuzz.FuzzCampaign;
import io.pipeverify.verifier.fuzz.FuzzSettings;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * A campaign's progress on stderr, at most once a second and at the end of each phase: tries done,
 * configurations per second, classes found, invalid combinations, time left (of the budget, or
 * estimated from the rate so far).
 */
final class StderrProgress implements FuzzCampaign.Progress {
  private static final long EVERY_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final FuzzSettings settings;
  private long lastPrinted = Long.MIN_VALUE;

  StderrProgress(PrintWriter err, FuzzSettings settings) {
    this.err = err;
    this.settings = settings;
  }

  @Override
  public void tried(int done, int planned, int classes, int invalid, Duration elapsed) {
    if (done < planned && !due(elapsed)) {
      return;
    }
    double seconds = Math.max(1e-9, elapsed.toNanos() / 1e9);
    double rate = done / seconds;
    err.println(
        String.format(
            Locale.ROOT,
            "pipeverify: fuzz %s: %d/%d tries, %.1f/s, %d %s, %d invalid, %s left",
            settings.generator().name(),
            done,
            planned,
            rate,
            classes,
            classes == 1 ? "class" : "classes",
            invalid,
            left(elapsed, rate <= 0 ? 0 : (planned - done) / rate)));
    err.flush();
  }

  @Override
  public void shrunk(int done, int total, Duration elapsed) {
    if (done < total && !due(elapsed)) {
      return;
    }
    err.println(
        "pipeverify: fuzz "
            + settings.generator().name()
            + ": shrunk "
            + done
            + "/"
            + total
            + (total == 1 ? " class" : " classes"));
    err.flush();
  }

  private boolean due(Duration elapsed) {
    long now = elapsed.toNanos();
    if (lastPrinted != Long.MIN_VALUE && now - lastPrinted < EVERY_NANOS) {
      return false;
    }
    lastPrinted = now;
    return true;
  }

  /** The budget left, or the estimate for the remaining tries (shrinking not included). */
  private String left(Duration elapsed, double estimate) {
    double seconds =
        settings
            .budget()
            .map(b -> Math.max(0, (b.toNanos() - elapsed.toNanos()) / 1e9))
            .orElse(estimate);
    return String.format(Locale.ROOT, "%.0f s", seconds)
        + (settings.budget().isPresent() ? " of the budget" : "");
  }
}

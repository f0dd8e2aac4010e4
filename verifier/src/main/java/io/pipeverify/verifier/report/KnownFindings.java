package io.pipeverify.verifier.report;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.VerificationReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a team already knows of one result's findings (docs/ci.md, "Known findings"): the root
 * causes of a baseline report ({@code --baseline FILE}: their stable keys for this schedule) and
 * the suppressions written in the input ({@code // pipeverify: allow KEY -- reason}). A finding
 * whose cause key is suppressed is {@link State#SUPPRESSED}; else one whose key the baseline has is
 * {@link State#UNCHANGED}; the others are {@link State#NEW}. Only new findings fail a gate.
 */
public record KnownFindings(
    Optional<String> baseline, Set<String> baselineKeys, List<Suppression> suppressions) {

  /** Nothing known: every finding is new. */
  public static final KnownFindings NONE = new KnownFindings(Optional.empty(), Set.of(), List.of());

  /** An inline suppression: the cause key it allows, why, and where it is written. */
  public record Suppression(String key, String reason, String file, int line) {
    public Suppression {
      Objects.requireNonNull(key);
      Objects.requireNonNull(reason);
      Objects.requireNonNull(file);
    }

    /** {@code kernel.s:12}. */
    public String at() {
      return file + ":" + line;
    }
  }

  /** A finding's standing against what is known (SARIF's baselineState, for the first two). */
  public enum State {
    NEW("new"),
    UNCHANGED("unchanged"),
    SUPPRESSED("suppressed");

    private final String id;

    State(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  public KnownFindings {
    Objects.requireNonNull(baseline);
    baselineKeys = Set.copyOf(baselineKeys);
    suppressions = List.copyOf(suppressions);
  }

  /** Whether anything is known (a baseline was given or a suppression written). */
  public boolean any() {
    return baseline.isPresent() || !suppressions.isEmpty();
  }

  public State stateOf(Finding f) {
    if (suppressionOf(f).isPresent()) {
      return State.SUPPRESSED;
    }
    return baselineKeys.contains(f.cause().key()) ? State.UNCHANGED : State.NEW;
  }

  /** The suppression that allows {@code f}'s cause, if one does. */
  public Optional<Suppression> suppressionOf(Finding f) {
    return suppressions.stream().filter(s -> s.key().equals(f.cause().key())).findFirst();
  }

  /** The suppressions that match none of {@code report}'s findings (stale, or a typo). */
  public List<Suppression> unused(VerificationReport report) {
    List<Suppression> out = new ArrayList<>();
    for (Suppression s : suppressions) {
      if (report.verdict().findings().stream().noneMatch(f -> f.cause().key().equals(s.key()))) {
        out.add(s);
      }
    }
    return out;
  }

  /** The baseline's causes that {@code report} no longer has (fixed, or renamed). */
  public List<String> absent(VerificationReport report) {
    return baselineKeys.stream()
        .filter(k -> report.verdict().findings().stream().noneMatch(f -> f.cause().key().equals(k)))
        .sorted()
        .toList();
  }

  /** How many of {@code report}'s findings are in {@code state}. */
  public long count(VerificationReport report, State state) {
    return report.verdict().findings().stream().filter(f -> stateOf(f) == state).count();
  }

  /**
   * The exit code of a gate: the report's, but 0 for a violation all of whose findings are known
   * and none omitted (an omitted one might be new: {@code --max-findings 0} confirms them all).
   */
  public int exitCode(VerificationReport report) {
    int code = report.exitCode();
    boolean allKnown =
        report.findingsOmitted() == 0 && count(report, State.NEW) == 0 && code == 1 && any();
    return allKnown ? 0 : code;
  }

  /**
   * One line for the text report, when anything is known: {@code known: 1 root cause in the
   * baseline b.json, 1 suppressed; 1 new (only new ones fail the gate)}.
   */
  public String summary(VerificationReport report) {
    if (!any()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    baseline.ifPresent(b -> parts.add(count(report, State.UNCHANGED) + " in the baseline " + b));
    if (!suppressions.isEmpty()) {
      parts.add(count(report, State.SUPPRESSED) + " suppressed");
    }
    String line =
        "known: "
            + String.join(", ", parts)
            + "; "
            + count(report, State.NEW)
            + " new (only new root causes fail the gate)";
    List<String> absent = absent(report);
    if (baseline.isPresent() && !absent.isEmpty()) {
      line += "\n  no longer found: " + String.join("; ", absent);
    }
    for (Suppression s : unused(report)) {
      line += "\n  unused suppression at " + s.at() + ": " + s.key();
    }
    return line;
  }
}

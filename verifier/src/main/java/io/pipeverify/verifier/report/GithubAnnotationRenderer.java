package io.pipeverify.verifier.report;

import io.pipeverify.model.TerminalText;
import io.pipeverify.model.format.SourcePosition;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import java.util.List;
import java.util.Optional;

/**
 * GitHub Actions workflow commands: {@code ::error file=F,line=L,col=C,title=T::MESSAGE}, one per
 * root cause (the cause, the rules it breaks, its coverage and its first violation), at most {@code
 * cap} of them (GitHub shows only a few annotations per step), then one {@code ::warning} that
 * summarises the rest. Escaping follows GitHub's toolkit: in the message {@code %}, CR and LF; in
 * property values also {@code :} and {@code ,}.
 */
public final class GithubAnnotationRenderer {
  public static final int DEFAULT_CAP = 10;
  private final int cap;

  public GithubAnnotationRenderer(int cap) {
    if (cap < 1) {
      throw new IllegalArgumentException("cap must be >= 1");
    }
    this.cap = cap;
  }

  public String render(List<ScheduleResult> results) {
    StringBuilder out = new StringBuilder();
    int shown = 0;
    int total = 0;
    for (ScheduleResult r : results) {
      if (r.report().verdict() instanceof Verdict.Inconclusive i) {
        out.append("::error ")
            .append(fileProperty(r, Optional.empty()))
            .append("title=")
            .append(property("pipeverify: " + r.report().schedule().name() + " inconclusive"))
            .append("::")
            .append(data(TerminalText.escapeLines(i.reason())))
            .append('\n');
      }
      for (Finding finding : r.report().verdict().findings()) {
        if (r.known().stateOf(finding) != KnownFindings.State.NEW) {
          continue; // a known finding (in the baseline, suppressed) is no news for a pull request
        }
        Violation v = finding.representative();
        total++;
        if (shown >= cap) {
          continue;
        }
        shown++;
        Optional<OpRef> op = v.ops().isEmpty() ? Optional.empty() : Optional.of(v.ops().get(0));
        StringBuilder message =
            new StringBuilder(r.report().schedule().name())
                .append(": root cause (")
                .append(finding.cause().kind().title())
                .append("): ")
                .append(finding.cause().text());
        message.append("\nbreaks ").append(FindingText.rules(finding));
        message.append("\n").append(FindingText.coverage(finding));
        message.append("\nthe first: ").append(v.summary());
        message.append("\nmissing edge: ").append(v.missingEdge());
        Fixes.of(r, v)
            .ifPresent(
                f ->
                    message
                        .append("\nfix: ")
                        .append(f.description())
                        .append(" (")
                        .append(f.outcome())
                        .append(")"));
        out.append("::error ")
            .append(fileProperty(r, op.flatMap(r::position)))
            .append("title=")
            .append(property(ViolationIdentity.ruleId(v) + " in " + r.report().schedule().name()))
            .append("::")
            .append(data(TerminalText.escapeLines(message.toString())))
            .append('\n');
      }
      String omitted = FindingText.omitted(r.report());
      if (!omitted.isEmpty()) {
        out.append("::warning ")
            .append(fileProperty(r, Optional.empty()))
            .append("title=")
            .append(property("pipeverify: " + r.report().schedule().name()))
            .append("::")
            .append(data(TerminalText.escapeLines(omitted)))
            .append('\n');
      }
    }
    if (total > shown) {
      out.append("::warning title=pipeverify::")
          .append(
              data(
                  (total - shown)
                      + " more root causes not annotated ("
                      + total
                      + " in total); see the SARIF or text report"))
          .append('\n');
    }
    return out.toString();
  }

  private static String fileProperty(ScheduleResult r, Optional<SourcePosition> pos) {
    if (r.file().isEmpty()) {
      return "";
    }
    StringBuilder s = new StringBuilder("file=").append(property(r.file().get())).append(',');
    pos.ifPresent(
        p -> s.append("line=").append(p.line()).append(",col=").append(p.column()).append(','));
    return s.toString();
  }

  /** Escapes a message (GitHub toolkit {@code escapeData}). */
  public static String data(String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  /**
   * Escapes a property value (GitHub toolkit {@code escapeProperty}), and the control and bidi
   * characters that escaping leaves ({@link TerminalText}: titles and file names are shown).
   */
  public static String property(String s) {
    return TerminalText.escape(data(s)).replace(":", "%3A").replace(",", "%2C");
  }
}

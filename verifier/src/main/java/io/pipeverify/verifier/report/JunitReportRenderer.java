package io.pipeverify.verifier.report;

import io.pipeverify.model.TerminalText;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * JUnit XML for CI test views: one {@code testsuite} per schedule, one {@code testcase} per
 * property P1-P7, all of which {@code verify} decides, so a suite has a failure exactly when the
 * schedule is violated; a violated property is a {@code failure} whose body is the text report of
 * the root causes with a violation of it (cause, rules, summary, ops, missing edge, interleaving),
 * an inconclusive verdict an {@code error}.
 */
public final class JunitReportRenderer {
  /** The properties {@code verify} decides, in report order. */
  static final List<Property> CHECKED = List.of(Property.values());

  private final boolean timings;

  public JunitReportRenderer(boolean timings) {
    this.timings = timings;
  }

  public String render(List<ScheduleResult> results) {
    return render(results, List.of());
  }

  /**
   * The suites of {@code results}, and one suite per input of the batch that got no report ({@code
   * unchecked}): a single testcase with an {@code error} saying why.
   */
  public String render(List<ScheduleResult> results, List<Unchecked> unchecked) {
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    int tests = 0;
    int failures = 0;
    int errors = 0;
    StringBuilder suites = new StringBuilder();
    for (ScheduleResult r : results) {
      VerificationReport report = r.report();
      String name = report.schedule().name();
      // Known findings (in the baseline, suppressed) do not fail the suite: only new ones do.
      List<Finding> all =
          report.verdict().findings().stream()
              .filter(f -> r.known().stateOf(f) == KnownFindings.State.NEW)
              .toList();
      boolean inconclusive = report.verdict() instanceof Verdict.Inconclusive;
      int suiteFailures = 0;
      int suiteErrors = 0;
      StringBuilder cases = new StringBuilder();
      for (Property p : CHECKED) {
        // A root cause fails every property one of its violations breaks.
        List<Finding> fs =
            all.stream()
                .filter(f -> f.violations().stream().anyMatch(v -> v.property() == p))
                .toList();
        cases
            .append("    <testcase classname=\"pipeverify.")
            .append(xml(name))
            .append("\" name=\"")
            .append(p.name())
            .append(' ')
            .append(xml(p.title()))
            .append('"');
        if (fs.isEmpty() && !inconclusive) {
          cases.append("/>\n");
          continue;
        }
        cases.append(">\n");
        if (!fs.isEmpty()) {
          suiteFailures++;
          StringBuilder body = new StringBuilder();
          TextReportRenderer text = new TextReportRenderer(false);
          int n = 1;
          for (Finding f : fs) {
            Violation v = f.representative();
            body.append(text.renderFinding(n++, f));
            Optional<Fixes> fix = Fixes.of(r, v);
            if (fix.isPresent()) {
              body.append("  fix:             ")
                  .append(fix.get().description())
                  .append(" (")
                  .append(fix.get().outcome())
                  .append(")\n");
            }
          }
          Violation first =
              fs.get(0).violations().stream().filter(v -> v.property() == p).findFirst().get();
          int instances = fs.stream().mapToInt(Finding::instances).sum();
          cases
              .append("      <failure type=\"")
              .append(xml(ViolationIdentity.ruleId(first)))
              .append("\" message=\"")
              .append(fs.size())
              .append(fs.size() == 1 ? " root cause (" : " root causes (")
              .append(instances)
              .append(instances == 1 ? " instance), first: " : " instances), first: ")
              .append(xml(first.summary()))
              .append("\">")
              .append(xml(body.toString()))
              .append("</failure>\n");
        } else {
          // Z3 could not decide the verdict, so no property without a violation is known to hold.
          suiteErrors++;
          cases
              .append("      <error type=\"inconclusive\" message=\"")
              .append(xml(((Verdict.Inconclusive) report.verdict()).reason()))
              .append("\"/>\n");
        }
        cases.append("    </testcase>\n");
      }
      tests += CHECKED.size();
      failures += suiteFailures;
      errors += suiteErrors;
      suites
          .append("  <testsuite name=\"")
          .append(xml(name))
          .append("\" tests=\"")
          .append(CHECKED.size())
          .append("\" failures=\"")
          .append(suiteFailures)
          .append("\" errors=\"")
          .append(suiteErrors)
          .append("\" skipped=\"0\"");
      if (timings) {
        suites
            .append(" time=\"")
            .append(seconds(report.stats().totalTime().toMillis()))
            .append('"');
      }
      suites.append(">\n");
      suites
          .append("    <properties>\n      <property name=\"input\" value=\"")
          .append(xml(r.input()))
          .append("\"/>\n      <property name=\"verdict\" value=\"")
          .append(report.verdict().id())
          .append("\"/>\n");
      if (report.findingsOmitted() > 0) {
        suites
            .append("      <property name=\"omitted\" value=\"")
            .append(xml(FindingText.omitted(report)))
            .append("\"/>\n");
      }
      suites.append("    </properties>\n");
      suites.append(cases).append("  </testsuite>\n");
    }
    for (Unchecked u : unchecked) {
      tests++;
      errors++;
      suites
          .append("  <testsuite name=\"")
          .append(xml(u.schedule().orElse(u.input())))
          .append("\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n")
          .append("    <testcase classname=\"pipeverify.input\" name=\"")
          .append(xml(u.label()))
          .append("\">\n      <error type=\"")
          .append(xml(u.verdict()))
          .append("\" message=\"")
          .append(xml(u.reason()))
          .append("\"/>\n    </testcase>\n  </testsuite>\n");
    }
    out.append("<testsuites name=\"pipeverify\" tests=\"")
        .append(tests)
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"")
        .append(errors)
        .append("\">\n")
        .append(suites)
        .append("</testsuites>\n");
    return out.toString();
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
  }

  /**
   * XML text and attribute escaping, after {@link TerminalText#escapeLines}: CI views show these
   * texts as they are, and XML 1.0 cannot hold most control characters at all.
   */
  static String xml(String s) {
    String safe = TerminalText.escapeLines(s);
    StringBuilder b = new StringBuilder(safe.length());
    for (int i = 0; i < safe.length(); i++) {
      char c = safe.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&apos;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}

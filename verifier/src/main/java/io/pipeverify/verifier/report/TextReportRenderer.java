package io.pipeverify.verifier.report;

import io.pipeverify.model.Intent;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.TerminalText;
import io.pipeverify.verifier.Benign;
import io.pipeverify.verifier.Excused;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.Stats;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report for people: the verdict, then for each violation what is wrong, where, the missing
 * happens-before edge and the interleaving with one column per wave.
 */
public final class TextReportRenderer {
  private final boolean timings;
  private final boolean showBenign;

  /** {@code timings}: include wall and solver times (they differ from run to run). */
  public TextReportRenderer(boolean timings) {
    this(timings, false);
  }

  /**
   * {@code showBenign}: list the dead reads' defects, not only count them ({@code --show-benign}).
   */
  public TextReportRenderer(boolean timings, boolean showBenign) {
    this.timings = timings;
    this.showBenign = showBenign;
  }

  public String render(VerificationReport report) {
    return render(report, KnownFindings.NONE);
  }

  /**
   * The report with what is known of its findings: a {@code known:} line, and each finding marked
   * as in the baseline or suppressed.
   */
  public String render(VerificationReport report, KnownFindings known) {
    StringBuilder out = new StringBuilder();
    Schedule s = report.schedule();
    Verdict v = report.verdict();
    List<Finding> findings = v.findings();
    out.append(s.name()).append(": ").append(FindingText.verdict(report));
    if (!findings.isEmpty()) {
      out.append(" (").append(FindingText.totals(v)).append(")");
    }
    out.append('\n');
    out.append("model: target ")
        .append(s.target().id())
        .append(", implicit waits ")
        .append(s.implicitWaits().id())
        .append(", counters ")
        .append(report.options().counters().id())
        .append('\n');
    if (s.intent() == Intent.NONE) {
      out.append(
          "properties: P1, P2, P3 (follows from P1 and P2 for a lifted kernel:"
              + " proofs/lifted-intent.md), P4 (loads land before any instruction that reads their"
              + " registers), P6, P7; P5 needs"
              + " GEMM intent, which assembly lacks\n");
    }
    out.append("trip counts: every T >= 1 (period ")
        .append(report.period())
        .append(", unrolled T = 1..")
        .append(report.tripCountsChecked().get(report.tripCountsChecked().size() - 1))
        .append("; proofs/cutoff.md)\n");
    if (report.launches().isPresent()) {
      VerificationReport.Launches l = report.launches().get();
      out.append("launches: ")
          .append(l.covers())
          .append(" (")
          .append(l.classes())
          .append(l.classes() == 1 ? " launch class" : " launch classes")
          .append("; docs/isa.md)\n");
      l.foundIn().ifPresent(c -> out.append("found in launch class: ").append(c).append('\n'));
      if (!l.uncovered().isEmpty()) {
        out.append("not covered: ")
            .append(l.uncovered().size())
            .append(l.uncovered().size() == 1 ? " launch class" : " launch classes")
            .append(" the lift cannot follow (no verdict covers them):\n");
        for (String u : l.uncovered()) {
          out.append("  ").append(u).append('\n');
        }
      }
    }
    if (v instanceof Verdict.Inconclusive i) {
      out.append("inconclusive: ").append(i.reason()).append('\n');
    }
    String assumed = FindingText.assumptions(report);
    if (!assumed.isEmpty()) {
      out.append(assumed).append('\n');
      for (Excused e : report.excused()) {
        out.append("  note: ").append(e.text()).append('\n');
      }
    }
    String benign = FindingText.benign(report, showBenign);
    if (!benign.isEmpty()) {
      out.append(benign).append('\n');
      if (showBenign) {
        for (Benign b : report.benign()) {
          out.append("  benign: ").append(b.text()).append('\n');
        }
      }
    }
    String knownLine = known.summary(report);
    if (!knownLine.isEmpty()) {
      out.append(knownLine).append('\n');
    }
    int n = 1;
    for (Finding f : findings) {
      out.append('\n');
      renderFinding(out, n++, f, known);
    }
    String omitted = FindingText.omitted(report);
    if (!omitted.isEmpty()) {
      out.append('\n').append(omitted).append('\n');
    }
    Stats st = report.stats();
    out.append("\nstats: ")
        .append(st.events())
        .append(" events, ")
        .append(st.edges())
        .append(" edges, ")
        .append(st.pairsChecked())
        .append(" pairs checked, ")
        .append(st.obligationsProved())
        .append(" orders proved by Z3, ")
        .append(st.solverQueries())
        .append(" solver queries");
    if (timings) {
      out.append(", solver ")
          .append(st.solverTime().toMillis())
          .append(" ms, total ")
          .append(st.totalTime().toMillis())
          .append(" ms");
    }
    out.append('\n');
    return TerminalText.escapeLines(out.toString());
  }

  /** One finding as the text report shows it, numbered {@code n}: for JUnit failure bodies. */
  public String renderFinding(int n, Finding f) {
    StringBuilder out = new StringBuilder();
    renderFinding(out, n, f, KnownFindings.NONE);
    return TerminalText.escapeLines(out.toString());
  }

  /**
   * The finding's root cause, the rules it breaks, its coverage and the places of its ops, then its
   * representative: what is wrong, where, the missing edge and the interleaving.
   */
  private void renderFinding(StringBuilder out, int n, Finding f, KnownFindings known) {
    Violation v = f.representative();
    out.append('[').append(n).append("] root cause (").append(f.cause().kind().title());
    out.append("): ").append(f.cause().text()).append('\n');
    out.append("  key: ").append(f.cause().key());
    switch (known.stateOf(f)) {
      case UNCHANGED -> out.append(" [in the baseline]");
      case SUPPRESSED -> {
        KnownFindings.Suppression s = known.suppressionOf(f).orElseThrow();
        out.append(" [suppressed at ").append(s.at()).append(": ").append(s.reason()).append(']');
      }
      case NEW -> out.append(known.any() ? " [new]" : "");
    }
    out.append('\n');
    out.append("  breaks ").append(FindingText.rules(f)).append('\n');
    out.append("  ").append(FindingText.coverage(f)).append('\n');
    if (!f.origins().isEmpty()) {
      out.append("  ops at ").append(FindingText.origins(f)).append('\n');
    }
    out.append("  the first: ").append(v.property()).append(' ').append(v.kind());
    if (!v.ops().isEmpty() && !v.ops().get(0).buffer().isEmpty()) {
      out.append(" on buffer ").append(v.ops().get(0).buffer());
    }
    out.append(" (").append(v.property().title()).append(", found at T=").append(v.tripCount());
    out.append(")\n  ").append(v.summary()).append('\n');
    String[] labels =
        v.ops().size() == 2
            ? new String[] {"should be first", "may come first"}
            : new String[] {"op", ""};
    for (int i = 0; i < v.ops().size(); i++) {
      OpRef op = v.ops().get(i);
      out.append(String.format("  %-16s %s%n", labels[i] + ":", op.brief()));
      out.append(String.format("  %-16s origin %s%n", "", op.origin()));
    }
    out.append(String.format("  %-16s %s%n", "missing edge:", v.missingEdge()));
    if (v.raceClass().isPresent()) {
      RaceClass c = v.raceClass().get();
      out.append(String.format("  %-16s %s: %s%n", "race class:", c.label(), c.description()));
    }
    if (!v.trace().isEmpty()) {
      out.append("  interleaving (one column per wave; * marks the violating events):\n");
      renderTrace(out, v);
    }
  }

  private static void renderTrace(StringBuilder out, Violation v) {
    Map<Integer, Integer> column = new LinkedHashMap<>();
    for (int w : v.traceWaves()) {
      column.put(w, column.size());
    }
    int[] width = new int[column.size()];
    List<String[]> rows = new ArrayList<>();
    List<String> times = new ArrayList<>();
    for (TraceStep s : v.trace()) {
      String[] cells = new String[column.size()];
      String cell = (s.racing() ? "* " : "  ") + s.event() + " " + s.text();
      if (s.wave() < 0) {
        java.util.Arrays.fill(cells, "");
        cells[0] = "-- " + (s.event().equals("...") ? s.text() : s.text()) + " --";
      } else {
        java.util.Arrays.fill(cells, "");
        cells[column.getOrDefault(s.wave(), 0)] = cell;
      }
      rows.add(cells);
      times.add(s.time() < 0 ? "" : Long.toString(s.time()));
    }
    for (String[] r : rows) {
      for (int c = 0; c < r.length; c++) {
        width[c] = Math.max(width[c], r[c].length());
      }
    }
    StringBuilder header = new StringBuilder(String.format("  %5s", "t"));
    for (Map.Entry<Integer, Integer> e : column.entrySet()) {
      header.append(" | ").append(pad("wave " + e.getKey(), width[e.getValue()]));
    }
    out.append(header.toString().stripTrailing()).append('\n');
    for (int i = 0; i < rows.size(); i++) {
      StringBuilder line = new StringBuilder(String.format("  %5s", times.get(i)));
      String[] r = rows.get(i);
      for (int c = 0; c < r.length; c++) {
        line.append(" | ").append(pad(r[c], width[c]));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}

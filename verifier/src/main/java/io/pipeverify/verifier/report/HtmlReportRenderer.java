package io.pipeverify.verifier.report;

import io.pipeverify.model.TerminalText;
import io.pipeverify.verifier.Benign;
import io.pipeverify.verifier.Excused;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Violation;
import java.util.List;
import java.util.Optional;

/**
 * One self-contained HTML page (inline CSS and SVG; no scripts, no network): per schedule its
 * verdict, and per violation the explanation (summary, both ops, the missing edge, the fix) and a
 * swimlane timeline with one lane per wave: op instances as bars from issue to LDS access, barriers
 * as lines across all lanes, the racing accesses highlighted (class {@code racing}) and the missing
 * happens-before edge drawn as a dashed arrow (class {@code missing-edge}) from the op that should
 * come first to the one that may come first.
 */
public final class HtmlReportRenderer {
  private static final int LANE = 34;
  private static final int LEFT = 70;
  private static final int STEP = 14;
  private static final int TOP = 26;

  public String render(List<ScheduleResult> results) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>pipeverify report</title>\n<style>\n")
        .append("body{font-family:sans-serif;margin:16px;color:#222}")
        .append("h1{font-size:20px}h2{font-size:17px;margin-top:24px}")
        .append(".verdict-violated{color:#b00}.verdict-verified{color:#070}")
        .append(".verdict-inconclusive{color:#a60}")
        .append("dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px}")
        .append("dt{font-weight:bold}dd{margin:0;font-family:monospace}")
        .append("svg{border:1px solid #ccc;background:#fff}")
        .append(".lane{fill:#f6f6f6}.lane-label{font:12px monospace}")
        .append(".op{fill:#8ab;stroke:#467;stroke-width:1}")
        .append(".op.wait{fill:#ccc}.op.racing{fill:#e33;stroke:#900;stroke-width:2}")
        .append(".barrier{stroke:#555;stroke-width:2;stroke-dasharray:2,2}")
        .append(".missing-edge{stroke:#d00;stroke-width:2.5;stroke-dasharray:7,4;fill:none}")
        .append(".edge-label{font:12px sans-serif;fill:#d00}")
        .append("table{border-collapse:collapse;font:12px monospace}")
        .append("td,th{border:1px solid #ddd;padding:1px 6px}tr.racing td{background:#fdd}")
        .append(".fix{background:#efe;border-left:4px solid #070;padding:4px 8px}")
        .append(".nofix{background:#fee;border-left:4px solid #b00;padding:4px 8px}")
        .append("\n</style>\n</head>\n<body>\n<h1>pipeverify report</h1>\n");
    for (ScheduleResult r : results) {
      String verdict = r.report().verdict().id();
      h.append("<section class=\"schedule\">\n<h2>")
          .append(esc(r.report().schedule().name()))
          .append(": <span class=\"verdict-")
          .append(verdict)
          .append("\">")
          .append(esc(FindingText.verdict(r.report())))
          .append("</span></h2>\n<p>input ")
          .append(esc(r.input()))
          .append("; every trip count T &gt;= 1 (unrolled T = 1..")
          .append(r.report().tripCountsChecked().get(r.report().tripCountsChecked().size() - 1))
          .append(")</p>\n");
      String assumed = FindingText.assumptions(r.report());
      if (!assumed.isEmpty()) {
        h.append("<p class=\"assumptions\">").append(esc(assumed)).append("</p>\n<ul>\n");
        for (Excused e : r.report().excused()) {
          h.append("<li>").append(esc(e.text())).append("</li>\n");
        }
        h.append("</ul>\n");
      }
      String benign = FindingText.benign(r.report(), true);
      if (!benign.isEmpty()) {
        h.append("<p class=\"benign\">").append(esc(benign)).append("</p>\n<ul>\n");
        for (Benign b : r.report().benign()) {
          h.append("<li>").append(esc(b.text())).append("</li>\n");
        }
        h.append("</ul>\n");
      }
      int n = 1;
      for (Finding f : r.report().verdict().findings()) {
        violation(h, r, f, n++);
      }
      String omitted = FindingText.omitted(r.report());
      if (!omitted.isEmpty()) {
        h.append("<p class=\"omitted\">").append(esc(omitted)).append("</p>\n");
      }
      h.append("</section>\n");
    }
    return h.append("</body>\n</html>\n").toString();
  }

  private static void violation(StringBuilder h, ScheduleResult r, Finding f, int n) {
    Violation v = f.representative();
    h.append("<article class=\"violation\" id=\"v")
        .append(n)
        .append("\">\n<h3>[")
        .append(n)
        .append("] root cause (")
        .append(esc(f.cause().kind().title()))
        .append(")</h3>\n<p class=\"cause\">")
        .append(esc(f.cause().text()))
        .append("</p>\n<p class=\"coverage\">breaks ")
        .append(esc(FindingText.rules(f)))
        .append("; ")
        .append(esc(FindingText.coverage(f)))
        .append("; the first: ")
        .append(v.property())
        .append(' ')
        .append(v.kind())
        .append(esc(FindingText.inFlight(v)))
        .append(" (")
        .append(esc(v.property().title()))
        .append(", found at T=")
        .append(v.tripCount())
        .append(")</p>\n<p class=\"summary\">")
        .append(esc(v.summary()))
        .append("</p>\n<dl>\n");
    String[] labels = {"should be first", "may come first"};
    for (int i = 0; i < v.ops().size(); i++) {
      OpRef op = v.ops().get(i);
      h.append("<dt>")
          .append(v.ops().size() == 2 ? labels[i] : "op")
          .append("</dt><dd class=\"racing-op\">")
          .append(esc(op.brief()))
          .append("</dd>\n");
    }
    h.append("<dt>missing edge</dt><dd>").append(esc(v.missingEdge())).append("</dd>\n</dl>\n");
    Optional<Fixes> fix = Fixes.of(r, v);
    if (fix.isPresent()) {
      h.append("<p class=\"fix\">Fix: ")
          .append(esc(fix.get().description()))
          .append(" &mdash; ")
          .append(esc(fix.get().outcome()))
          .append("</p>\n");
    } else {
      Fixes.missing(r, v)
          .ifPresent(m -> h.append("<p class=\"nofix\">").append(esc(m)).append("</p>\n"));
    }
    if (!v.trace().isEmpty()) {
      timeline(h, v);
      table(h, v);
    }
    h.append("</article>\n");
  }

  private static void timeline(StringBuilder h, Violation v) {
    TraceLayout t = new TraceLayout(v);
    List<Integer> waves = v.traceWaves();
    int width = LEFT + (int) (t.maxTime - t.minTime + 3) * STEP + 160;
    int height = TOP + waves.size() * LANE + 10;
    h.append("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" role=\"img\" aria-label=\"timeline\">\n")
        .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\"")
        .append(" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">")
        .append("<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d00\"/></marker></defs>\n");
    for (int i = 0; i < waves.size(); i++) {
      int y = TOP + i * LANE;
      h.append("<rect class=\"lane\" x=\"0\" y=\"")
          .append(y)
          .append("\" width=\"")
          .append(width)
          .append("\" height=\"")
          .append(LANE - 4)
          .append("\"/><text class=\"lane-label\" x=\"6\" y=\"")
          .append(y + 19)
          .append("\">wave ")
          .append(waves.get(i))
          .append("</text>\n");
    }
    h.append("<text class=\"lane-label\" x=\"6\" y=\"14\">t = ")
        .append(t.minTime)
        .append("..")
        .append(t.maxTime)
        .append("</text>\n");
    for (TraceStep b : t.barriers) {
      int x = x(t, b.time()) + STEP / 2;
      h.append("<line class=\"barrier\" x1=\"")
          .append(x)
          .append("\" x2=\"")
          .append(x)
          .append("\" y1=\"")
          .append(TOP - 6)
          .append("\" y2=\"")
          .append(height - 6)
          .append("\"><title>")
          .append(esc(b.text()))
          .append("</title></line>\n");
    }
    // Racing spans first: an op in flight for long would hide the wave's other ops.
    List<TraceLayout.Span> spans = new java.util.ArrayList<>(t.spans);
    spans.sort(java.util.Comparator.comparing((TraceLayout.Span s) -> !s.racing()));
    for (TraceLayout.Span s : spans) {
      int lane = waves.indexOf(s.wave());
      if (lane < 0) {
        continue;
      }
      String kind = TraceLayout.opKind(s.text());
      String cls =
          "op " + (kind.startsWith("s_") ? "wait" : cssName(kind)) + (s.racing() ? " racing" : "");
      h.append("<rect class=\"")
          .append(cls)
          .append("\" data-op=\"")
          .append(esc(TraceLayout.opText(s.text())))
          .append("\" x=\"")
          .append(x(t, s.start()) + 1)
          .append("\" y=\"")
          .append(TOP + lane * LANE + 5)
          .append("\" width=\"")
          .append(Math.max(1, s.end() - s.start() + 1) * STEP - 2)
          .append("\" height=\"")
          .append(LANE - 14)
          .append("\" rx=\"3\"><title>")
          .append(esc(s.text()))
          .append(" (t=")
          .append(s.start())
          .append(s.end() != s.start() ? ".." + s.end() : "")
          .append(")</title></rect>\n");
    }
    if (t.first.isPresent() && t.second.isPresent()) {
      TraceLayout.Span a = t.first.get();
      TraceLayout.Span b = t.second.get();
      int x1 = x(t, a.end()) + STEP / 2;
      int y1 = TOP + waves.indexOf(a.wave()) * LANE + LANE / 2;
      int x2 = x(t, b.end()) + STEP / 2;
      int y2 = TOP + waves.indexOf(b.wave()) * LANE + LANE / 2;
      int mx = (x1 + x2) / 2;
      int my = Math.min(y1, y2) - 18;
      h.append("<path class=\"missing-edge\" marker-end=\"url(#arrow)\" d=\"M")
          .append(x1)
          .append(',')
          .append(y1)
          .append(" Q")
          .append(mx)
          .append(',')
          .append(my)
          .append(' ')
          .append(x2)
          .append(',')
          .append(y2)
          .append("\"><title>missing happens-before edge: ")
          .append(esc(v.missingEdge()))
          .append("</title></path>\n<text class=\"edge-label\" x=\"")
          .append(Math.max(LEFT, mx - 80))
          .append("\" y=\"")
          .append(Math.max(12, my))
          .append("\">missing happens-before</text>\n");
    }
    h.append("</svg>\n");
  }

  private static void table(StringBuilder h, Violation v) {
    h.append("<details><summary>interleaving (")
        .append(v.trace().size())
        .append(" events)</summary>\n<table class=\"interleaving\">\n<tr><th>t</th>");
    for (int w : v.traceWaves()) {
      h.append("<th>wave ").append(w).append("</th>");
    }
    h.append("</tr>\n");
    for (TraceStep s : v.trace()) {
      h.append(s.racing() ? "<tr class=\"racing\">" : "<tr>")
          .append("<td>")
          .append(s.time() < 0 ? "" : Long.toString(s.time()))
          .append("</td>");
      for (int w : v.traceWaves()) {
        String cell = s.wave() < 0 ? s.text() : s.wave() == w ? s.event() + " " + s.text() : "";
        h.append("<td>").append(esc(cell)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n</details>\n");
  }

  private static int x(TraceLayout t, long time) {
    return LEFT + (int) (time - t.minTime) * STEP;
  }

  private static String cssName(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "");
  }

  /**
   * HTML escaping, after {@link TerminalText#escapeLines}: a bidi control would reorder the page.
   */
  static String esc(String s) {
    return TerminalText.escapeLines(s)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}

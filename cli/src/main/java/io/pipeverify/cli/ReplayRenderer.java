package io.pipeverify.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.interp.Outcome;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.replay.RandomReplay;
import io.pipeverify.verifier.replay.ViolationReplay;
import io.pipeverify.verifier.report.JsonOutput;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Text and JSON output of {@code pipeverify replay} (docs/replay.md). */
final class ReplayRenderer {
  private ReplayRenderer() {}

  /** The verification report (with traces), then one replay paragraph per counterexample. */
  static String text(ReplaySession s, boolean timings) {
    StringBuilder sb = new StringBuilder(new TextReportRenderer(timings).render(s.report()));
    if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') {
      sb.append('\n');
    }
    sb.append('\n').append(summary(s));
    return TerminalText.escapeLines(sb.toString());
  }

  /** The replay part alone (the corpus's replay.txt). */
  static String summary(ReplaySession s) {
    return TerminalText.escapeLines(replays(s));
  }

  private static String replays(ReplaySession s) {
    StringBuilder sb = new StringBuilder();
    sb.append("replay (data seed ").append(s.seed()).append("):\n");
    if (s.report().verdict() instanceof Verdict.Violated v) {
      List<Violation> all = v.violations();
      for (int i = 0; i < all.size(); i++) {
        Violation violation = all.get(i);
        sb.append("[").append(i + 1).append("] ").append(violation.property()).append(' ');
        sb.append(violation.kind()).append(" at T=").append(violation.tripCount()).append(": ");
        Optional<ViolationReplay> r =
            s.replays().stream().filter(x -> x.violation() == violation).findFirst();
        if (r.isEmpty()) {
          sb.append("nothing to replay (no data involved)\n");
          continue;
        }
        Outcome o = r.get().outcome();
        sb.append(o.matches() ? "replays to the RIGHT result: a verifier bug\n" : "WRONG RESULT\n");
        outcome(sb, o);
      }
    } else if (s.random().isPresent()) {
      RandomReplay r = s.random().get();
      sb.append(r.orders()).append(" random legal orders at T=").append(r.tripCount()).append(": ");
      if (r.allMatch()) {
        sb.append("all match the reference GEMM\n");
      } else {
        sb.append(r.mismatching())
            .append(" give a WRONG RESULT (a verifier bug); first, order #")
            .append(r.firstWrongOrder())
            .append(":\n");
        outcome(sb, r.firstWrong().orElseThrow());
      }
    } else {
      sb.append("inconclusive verification: nothing replayed\n");
    }
    return sb.toString();
  }

  private static void outcome(StringBuilder sb, Outcome o) {
    sb.append("    ")
        .append(o.mismatchCount())
        .append(" of ")
        .append(o.outputs())
        .append(" outputs differ from the reference (")
        .append(percent(o.mismatchPercent()))
        .append("%), ")
        .append(o.nanCount())
        .append(" NaN, max abs error ")
        .append(number(o.maxAbsError()))
        .append('\n');
    o.firstMismatch()
        .ifPresent(
            m ->
                sb.append("    first: C[")
                    .append(m.row())
                    .append("][")
                    .append(m.col())
                    .append("] = ")
                    .append(number(m.actual()))
                    .append(", expected ")
                    .append(number(m.expected()))
                    .append(" (")
                    .append(m.accumulator())
                    .append(")\n    produced by: ")
                    .append(m.producer())
                    .append('\n'));
  }

  static String percent(double p) {
    return String.format(Locale.ROOT, "%.2f", p);
  }

  private static String number(double x) {
    return Double.isNaN(x) ? "NaN" : String.format(Locale.ROOT, "%.6g", x);
  }

  private static double round(double x, double scale) {
    return Math.round(x * scale) / scale;
  }

  /**
   * {@code {schedule, verdict, seed, mismatchCount, mismatchPercent, nanCount, maxAbsError,
   * firstMismatch, replays: [...], randomOrders}}; the top-level numbers are the headline outcome
   * (the first counterexample's replay, or the first wrong random order, or zeros).
   */
  static String json(ReplaySession s) {
    return JsonOutput.pretty(g -> write(g, s));
  }

  private static void write(JsonGenerator g, ReplaySession s) throws IOException {
    g.writeStartObject();
    g.writeStringField("schedule", s.report().schedule().name());
    g.writeStringField("verdict", s.report().verdict().id());
    g.writeNumberField("seed", s.seed());
    Optional<Outcome> head = s.headline();
    if (head.isPresent()) {
      outcomeFields(g, head.get());
    } else {
      g.writeNumberField("mismatchCount", 0);
      g.writeNumberField("mismatchPercent", 0.0);
      g.writeNumberField("nanCount", 0);
      g.writeNumberField("maxAbsError", 0.0);
      g.writeNullField("firstMismatch");
    }
    g.writeArrayFieldStart("replays");
    for (ViolationReplay r : s.replays()) {
      g.writeStartObject();
      g.writeStringField("property", r.violation().property().name());
      g.writeStringField("kind", r.violation().kind().name());
      g.writeNumberField("tripCount", r.violation().tripCount());
      g.writeStringField("summary", r.violation().summary());
      g.writeBooleanField("matches", r.outcome().matches());
      outcomeFields(g, r.outcome());
      g.writeEndObject();
    }
    g.writeEndArray();
    if (s.random().isPresent()) {
      RandomReplay r = s.random().get();
      g.writeObjectFieldStart("randomOrders");
      g.writeNumberField("tripCount", r.tripCount());
      g.writeNumberField("orders", r.orders());
      g.writeNumberField("mismatching", r.mismatching());
      g.writeBooleanField("allMatch", r.allMatch());
      g.writeEndObject();
    } else {
      g.writeNullField("randomOrders");
    }
    g.writeEndObject();
  }

  private static void outcomeFields(JsonGenerator g, Outcome o) throws IOException {
    g.writeNumberField("outputs", o.outputs());
    g.writeNumberField("mismatchCount", o.mismatchCount());
    g.writeNumberField("mismatchPercent", round(o.mismatchPercent(), 1e4));
    g.writeNumberField("nanCount", o.nanCount());
    g.writeNumberField("maxAbsError", round(o.maxAbsError(), 1e6));
    if (o.firstMismatch().isEmpty()) {
      g.writeNullField("firstMismatch");
      return;
    }
    Outcome.Mismatch m = o.firstMismatch().get();
    g.writeObjectFieldStart("firstMismatch");
    g.writeNumberField("row", m.row());
    g.writeNumberField("col", m.col());
    g.writeNumberField("expected", round(m.expected(), 1e6));
    if (Float.isNaN(m.actual())) {
      g.writeStringField("actual", "NaN");
    } else {
      g.writeNumberField("actual", round(m.actual(), 1e6));
    }
    g.writeStringField("accumulator", m.accumulator());
    g.writeStringField("producer", m.producer());
    g.writeEndObject();
  }
}

package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.verifier.Assumption;
import io.pipeverify.verifier.Benign;
import io.pipeverify.verifier.Excused;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.Stats;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The JSON report (docs/cli.md lists its fields): verdict, schedule, model options, trip counts
 * covered, findings (one per root cause: the cause, the rules broken, the ops' origins, the
 * instance count, waves, iterations and roles, and the indices of its violations, the first the
 * trace), how many defects the cap left out, violations (one per defect, finding by finding) with
 * ops, missing edge and trace, and stats. Field order is fixed, so the same report gives the same
 * bytes; only the timing fields vary, and {@code timings=false} leaves them out.
 */
public final class JsonReportRenderer {
  private final boolean timings;

  public JsonReportRenderer(boolean timings) {
    this.timings = timings;
  }

  public String render(VerificationReport report) {
    return JsonOutput.pretty(g -> write(g, report, null));
  }

  /** The report with its input and, when computed, each violation's fix. */
  public String render(ScheduleResult result) {
    return JsonOutput.pretty(g -> write(g, result.report(), result));
  }

  /**
   * An input that got no report: {@code input}, {@code schedule} (the kernel, when the input has
   * several), {@code verdict} ({@code bad input} or {@code inconclusive}), {@code reason} and
   * {@code exitCode}, pretty-printed.
   */
  public String render(Unchecked u) {
    return JsonOutput.pretty(g -> writeUnchecked(g, u));
  }

  /** The same on one line, for {@code --jsonl}. */
  public String renderLine(Unchecked u) {
    return JsonOutput.compact(g -> writeUnchecked(g, u));
  }

  private static void writeUnchecked(JsonGenerator g, Unchecked u) throws IOException {
    g.writeStartObject();
    g.writeStringField("input", u.input());
    if (u.schedule().isPresent()) {
      g.writeStringField("schedule", u.schedule().get());
    }
    g.writeStringField("verdict", u.verdict());
    g.writeStringField("reason", u.reason());
    g.writeNumberField("exitCode", u.exitCode());
    g.writeEndObject();
  }

  /** The same object on one line, for {@code --jsonl}. */
  public String renderLine(ScheduleResult result) {
    return JsonOutput.compact(g -> write(g, result.report(), result));
  }

  private void write(JsonGenerator g, VerificationReport r, ScheduleResult result)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("verdict", r.verdict().id());
    g.writeStringField("schedule", r.schedule().name());
    if (result != null) {
      g.writeStringField("input", result.input());
    }
    g.writeObjectFieldStart("options");
    g.writeStringField("target", r.schedule().target().id());
    g.writeStringField("implicitWaits", r.schedule().implicitWaits().id());
    g.writeStringField("counters", r.options().counters().id());
    g.writeNumberField("solverTimeoutMs", r.options().solverTimeout().toMillis());
    g.writeStringField("proof", r.options().proof().name().toLowerCase(java.util.Locale.ROOT));
    g.writeStringField("intent", r.schedule().intent().id());
    g.writeArrayFieldStart("properties");
    for (Property p : Property.checked(r.schedule().intent())) {
      g.writeString(p.name());
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeObjectFieldStart("tripCounts");
    g.writeStringField("covered", "all T >= 1");
    g.writeNumberField("period", r.period());
    g.writeNumberField("cutoff", r.tripCountsChecked().get(r.tripCountsChecked().size() - 1));
    g.writeArrayFieldStart("unrolled");
    for (int t : r.tripCountsChecked()) {
      g.writeNumber(t);
    }
    g.writeEndArray();
    g.writeEndObject();
    if (r.launches().isPresent()) {
      VerificationReport.Launches l = r.launches().get();
      g.writeObjectFieldStart("launches");
      g.writeStringField("covers", l.covers());
      g.writeNumberField("classes", l.classes());
      if (l.foundIn().isPresent()) {
        g.writeStringField("foundIn", l.foundIn().get());
      }
      if (!l.uncovered().isEmpty()) {
        strings(g, "uncovered", l.uncovered());
      }
      g.writeEndObject();
    }
    if (r.verdict() instanceof Verdict.Inconclusive i) {
      g.writeStringField("reason", i.reason());
    }
    if (!r.options().assumptions().isEmpty()) {
      writeAssumptions(g, r);
    }
    if (!r.benign().isEmpty()) {
      writeBenign(g, r);
    }
    KnownFindings known = result == null ? KnownFindings.NONE : result.known();
    if (known.any()) {
      writeKnown(g, r, known);
    }
    g.writeArrayFieldStart("findings");
    int index = 0;
    for (Finding f : r.verdict().findings()) {
      Violation v = f.representative();
      g.writeStartObject();
      writeCause(g, f);
      if (known.any()) {
        g.writeStringField("known", known.stateOf(f).id());
        Optional<KnownFindings.Suppression> s = known.suppressionOf(f);
        if (s.isPresent()) {
          g.writeObjectFieldStart("suppression");
          g.writeStringField("reason", s.get().reason());
          g.writeStringField("at", s.get().at());
          g.writeEndObject();
        }
      }
      g.writeStringField("property", v.property().name());
      g.writeStringField("kind", v.kind().name());
      g.writeStringField("summary", v.summary());
      writeCoverage(g, f);
      g.writeNumberField("violation", index);
      g.writeArrayFieldStart("violations");
      for (int i = 0; i < f.violations().size(); i++) {
        g.writeNumber(index++);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeNumberField("maxFindings", r.options().maxFindings());
    g.writeNumberField("findingsOmitted", r.findingsOmitted());
    g.writeArrayFieldStart("violations");
    for (Violation v : r.verdict().violations()) {
      writeViolation(g, v, result);
    }
    g.writeEndArray();
    Stats s = r.stats();
    g.writeObjectFieldStart("stats");
    g.writeNumberField("events", s.events());
    g.writeNumberField("edges", s.edges());
    g.writeNumberField("pairsChecked", s.pairsChecked());
    g.writeNumberField("ordersProved", s.obligationsProved());
    g.writeNumberField("solverQueries", s.solverQueries());
    if (timings) {
      g.writeNumberField("solverTimeMs", s.solverTime().toMillis());
      g.writeNumberField("totalTimeMs", s.totalTime().toMillis());
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /**
   * A finding's {@code cause} (kind, stable key, sentence), the {@code rules} its violations break
   * and the {@code origins} of their ops.
   */
  static void writeCause(JsonGenerator g, Finding f) throws IOException {
    g.writeObjectFieldStart("cause");
    g.writeStringField("kind", f.cause().kind().title());
    g.writeStringField("key", f.cause().key());
    g.writeStringField("family", f.cause().family());
    g.writeStringField("text", f.cause().text());
    g.writeEndObject();
    strings(g, "rules", f.rules());
    strings(g, "origins", f.origins());
  }

  /**
   * The stated {@code assumptions} (names) and the defects they {@code excused}: rule, class, both
   * ops and instances (written only when an assumption was stated).
   */
  private static void writeAssumptions(JsonGenerator g, VerificationReport r) throws IOException {
    strings(g, "assumptions", r.options().assumptions().stream().map(Assumption::id).toList());
    g.writeArrayFieldStart("excused");
    for (Excused e : r.excused()) {
      g.writeStartObject();
      g.writeStringField("assumption", e.assumption().id());
      g.writeStringField("rule", e.rule());
      g.writeStringField("class", RaceClass.IN_FLIGHT.id());
      g.writeArrayFieldStart("ops");
      writeOp(g, e.first());
      writeOp(g, e.second());
      g.writeEndArray();
      g.writeNumberField("instances", e.instances());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /**
   * What is known of the findings ({@code known}, written when a baseline was given or a
   * suppression written): the baseline file, how many findings are new, unchanged and suppressed,
   * the exit code a gate takes from them, the baseline's causes no longer found and the
   * suppressions that matched nothing.
   */
  private static void writeKnown(JsonGenerator g, VerificationReport r, KnownFindings known)
      throws IOException {
    g.writeObjectFieldStart("known");
    if (known.baseline().isPresent()) {
      g.writeStringField("baseline", known.baseline().get());
    }
    g.writeNumberField("new", known.count(r, KnownFindings.State.NEW));
    g.writeNumberField("unchanged", known.count(r, KnownFindings.State.UNCHANGED));
    g.writeNumberField("suppressed", known.count(r, KnownFindings.State.SUPPRESSED));
    g.writeNumberField("exitCode", known.exitCode(r));
    strings(g, "noLongerFound", known.absent(r));
    g.writeArrayFieldStart("unusedSuppressions");
    for (KnownFindings.Suppression s : known.unused(r)) {
      g.writeStartObject();
      g.writeStringField("key", s.key());
      g.writeStringField("at", s.at());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * The defects of reads whose value nothing uses ({@code benign}, written when there are some):
   * rule, the read and the op it conflicts with, why the read is dead, instances.
   */
  private static void writeBenign(JsonGenerator g, VerificationReport r) throws IOException {
    g.writeArrayFieldStart("benign");
    for (Benign b : r.benign()) {
      g.writeStartObject();
      g.writeStringField("rule", b.rule());
      g.writeArrayFieldStart("ops");
      writeOp(g, b.read());
      if (b.other().isPresent()) {
        writeOp(g, b.other().get());
      }
      g.writeEndArray();
      g.writeStringField("why", b.why());
      g.writeNumberField("instances", b.instances());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** A finding's {@code instances}, {@code waves}, {@code iterations} and {@code roles} fields. */
  static void writeCoverage(JsonGenerator g, Finding f) throws IOException {
    g.writeNumberField("instances", f.instances());
    numbers(g, "waves", f.waves());
    numbers(g, "iterations", f.iterations());
    strings(g, "roles", f.roles());
  }

  private static void strings(JsonGenerator g, String field, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(field);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static void numbers(JsonGenerator g, String field, List<Integer> values)
      throws IOException {
    g.writeArrayFieldStart(field);
    for (int v : values) {
      g.writeNumber(v);
    }
    g.writeEndArray();
  }

  private static void writeViolation(JsonGenerator g, Violation v, ScheduleResult result)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("property", v.property().name());
    g.writeStringField("kind", v.kind().name());
    if (v.raceClass().isPresent()) {
      g.writeStringField("class", v.raceClass().get().id());
    }
    g.writeNumberField("tripCount", v.tripCount());
    g.writeStringField("summary", v.summary());
    g.writeArrayFieldStart("ops");
    for (OpRef op : v.ops()) {
      writeOp(g, op);
    }
    g.writeEndArray();
    g.writeStringField("missingEdge", v.missingEdge());
    numbers(g, "traceWaves", v.traceWaves());
    g.writeArrayFieldStart("trace");
    for (TraceStep s : v.trace()) {
      g.writeStartObject();
      g.writeNumberField("time", s.time());
      g.writeNumberField("wave", s.wave());
      g.writeStringField("event", s.event());
      g.writeStringField("text", s.text());
      g.writeBooleanField("racing", s.racing());
      g.writeEndObject();
    }
    g.writeEndArray();
    if (result != null) {
      g.writeStringField("ruleId", ViolationIdentity.ruleId(v));
      g.writeStringField(
          "fingerprint", ViolationIdentity.fingerprint(result.report().schedule().name(), v));
      Fixes.writeJson(g, result, v);
    }
    g.writeEndObject();
  }

  private static void writeOp(JsonGenerator g, OpRef op) throws IOException {
    g.writeStartObject();
    g.writeNumberField("wave", op.wave());
    g.writeStringField("section", op.section());
    if (op.iteration() >= 0) {
      g.writeNumberField("iteration", op.iteration());
    }
    g.writeNumberField("position", op.position());
    g.writeStringField("stage", op.stage());
    g.writeStringField("op", op.op());
    g.writeStringField("text", op.text());
    if (!op.buffer().isEmpty()) {
      g.writeStringField("buffer", op.buffer());
      g.writeNumberField("slot", op.slot());
      g.writeStringField("range", op.range());
      g.writeStringField("tile", op.tile());
    }
    g.writeStringField("origin", op.origin());
    g.writeEndObject();
  }
}

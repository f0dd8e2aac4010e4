package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.model.Op;
import io.pipeverify.model.format.SourcePosition;
import io.pipeverify.verifier.Benign;
import io.pipeverify.verifier.Excused;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.repair.Edit;
import io.pipeverify.verifier.repair.RepairStep;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * SARIF 2.1.0 (OASIS) for code-scanning gates: one run, one result per finding (its first
 * violation, with the instance count, waves and iterations in the message and properties) with a
 * stable {@code ruleId} per property and kind ({@code pipeverify/P1/WAR}), the op that should come
 * first as the location (line and column in the schedule file from the located parse, and its JSON
 * pointer or transform stage as a logical location), the other op as a related location, stable
 * {@code partialFingerprints} ({@link ViolationIdentity}), a code flow with one thread flow per
 * wave whose {@code executionOrder} numbers the counterexample's global interleaving, and the
 * repair as a fix (a real text edit of the file when the first repair step inserts or changes ops
 * of it).
 */
public final class SarifReportRenderer {
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  private static final String FINGERPRINT = "pipeverifyRootCause/v1";
  private static final String INFO_URI = "https://github.com/pipeverify/pipeverify";

  private final String version;

  public SarifReportRenderer(String version) {
    this.version = version;
  }

  public String render(List<ScheduleResult> results) {
    return render(results, List.of());
  }

  /**
   * The run's results, and an error notification for each input of the batch that got no report
   * ({@code unchecked}): the run was then not successful.
   */
  public String render(List<ScheduleResult> results, List<Unchecked> unchecked) {
    return JsonOutput.pretty(g -> write(g, results, unchecked));
  }

  private void write(JsonGenerator g, List<ScheduleResult> results, List<Unchecked> unchecked)
      throws IOException {
    Map<String, Violation> rules = new TreeMap<>();
    for (ScheduleResult r : results) {
      for (Violation v : r.report().verdict().violations()) {
        rules.putIfAbsent(ViolationIdentity.ruleId(v), v);
      }
    }
    List<String> ruleIds = new ArrayList<>(rules.keySet());
    List<String> artifacts = new ArrayList<>();
    for (ScheduleResult r : results) {
      r.file().filter(f -> !artifacts.contains(f)).ifPresent(artifacts::add);
    }
    g.writeStartObject();
    g.writeStringField("$schema", SCHEMA);
    g.writeStringField("version", "2.1.0");
    g.writeArrayFieldStart("runs");
    g.writeStartObject();
    g.writeObjectFieldStart("tool");
    g.writeObjectFieldStart("driver");
    g.writeStringField("name", "pipeverify");
    g.writeStringField("semanticVersion", version);
    g.writeStringField("informationUri", INFO_URI);
    g.writeArrayFieldStart("rules");
    for (String id : ruleIds) {
      writeRule(g, id, rules.get(id));
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
    if (!artifacts.isEmpty()) {
      g.writeArrayFieldStart("artifacts");
      for (String a : artifacts) {
        g.writeStartObject();
        g.writeObjectFieldStart("location");
        g.writeStringField("uri", a);
        g.writeEndObject();
        g.writeStringField("mimeType", "application/json");
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeArrayFieldStart("invocations");
    g.writeStartObject();
    boolean ok =
        unchecked.isEmpty()
            && results.stream()
                .noneMatch(r -> r.report().verdict() instanceof Verdict.Inconclusive);
    g.writeBooleanField("executionSuccessful", ok);
    if (!ok
        || results.stream()
            .anyMatch(
                r ->
                    r.report().findingsOmitted() > 0
                        || !r.report().excused().isEmpty()
                        || !r.report().benign().isEmpty())) {
      g.writeArrayFieldStart("toolExecutionNotifications");
      for (Unchecked u : unchecked) {
        g.writeStartObject();
        g.writeStringField("level", "error");
        message(g, u.label() + ": not checked (" + u.verdict() + "): " + u.reason());
        g.writeEndObject();
      }
      for (ScheduleResult r : results) {
        if (r.report().verdict() instanceof Verdict.Inconclusive i) {
          g.writeStartObject();
          g.writeStringField("level", "error");
          message(g, r.report().schedule().name() + ": inconclusive: " + i.reason());
          g.writeEndObject();
        }
        if (r.report().findingsOmitted() > 0) {
          // Nothing is capped silently: the results left out are counted here.
          g.writeStartObject();
          g.writeStringField("level", "warning");
          message(g, r.report().schedule().name() + ": " + FindingText.omitted(r.report()));
          g.writeEndObject();
        }
        for (Excused e : r.report().excused()) {
          // What a stated assumption excused is no result, but it is not silent either.
          g.writeStartObject();
          g.writeStringField("level", "note");
          message(g, r.report().schedule().name() + ": " + e.text());
          g.writeEndObject();
        }
        for (Benign b : r.report().benign()) {
          // A dead read's defect is no result either; a note says it was set aside.
          g.writeStartObject();
          g.writeStringField("level", "note");
          message(g, r.report().schedule().name() + ": benign: " + b.text());
          g.writeEndObject();
        }
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    g.writeEndArray();
    g.writeArrayFieldStart("results");
    for (ScheduleResult r : results) {
      for (Finding f : r.report().verdict().findings()) {
        Violation v = f.representative();
        writeResult(g, r, f, ruleIds.indexOf(ViolationIdentity.ruleId(v)), artifacts);
      }
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void writeRule(JsonGenerator g, String id, Violation example) throws IOException {
    Property p = example.property();
    ViolationKind k = example.kind();
    g.writeStartObject();
    g.writeStringField("id", id);
    g.writeStringField("name", camel(p.title()) + camel(k.name().toLowerCase().replace('_', ' ')));
    g.writeObjectFieldStart("shortDescription");
    g.writeStringField("text", p.name() + " " + p.title() + ": " + k.description());
    g.writeEndObject();
    g.writeObjectFieldStart("fullDescription");
    g.writeStringField(
        "text",
        p.name()
            + " ("
            + p.title()
            + ", shared/docs/semantics.md section 4): "
            + k.description()
            + ". The result carries a concrete interleaving (a Z3 model) as a code flow.");
    g.writeEndObject();
    g.writeStringField("helpUri", INFO_URI + "/blob/main/docs/debugging.md");
    g.writeObjectFieldStart("defaultConfiguration");
    g.writeStringField("level", "error");
    g.writeEndObject();
    g.writeObjectFieldStart("properties");
    g.writeArrayFieldStart("tags");
    g.writeString("correctness");
    g.writeString("concurrency");
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
  }

  private static String camel(String words) {
    StringBuilder s = new StringBuilder();
    for (String w : words.split("[^A-Za-z0-9]+")) {
      if (!w.isEmpty()) {
        s.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1).toLowerCase());
      }
    }
    return s.toString();
  }

  private void writeResult(
      JsonGenerator g, ScheduleResult r, Finding finding, int ruleIndex, List<String> artifacts)
      throws IOException {
    Violation v = finding.representative();
    String schedule = r.report().schedule().name();
    g.writeStartObject();
    g.writeStringField("ruleId", ViolationIdentity.ruleId(v));
    g.writeNumberField("ruleIndex", ruleIndex);
    g.writeStringField("level", "error");
    StringBuilder text = new StringBuilder(schedule).append(": root cause (");
    text.append(finding.cause().kind().title()).append("): ").append(finding.cause().text());
    text.append(". Breaks ").append(FindingText.rules(finding));
    text.append(" (").append(FindingText.coverage(finding)).append("). The first: ");
    text.append(v.summary());
    text.append(". Missing edge: ").append(v.missingEdge()).append('.');
    Optional<Fixes> fix = Fixes.of(r, v);
    fix.ifPresent(
        f ->
            text.append(" Fix: ")
                .append(f.description())
                .append(" (")
                .append(f.outcome())
                .append(")."));
    message(g, text.toString());
    g.writeArrayFieldStart("locations");
    if (!v.ops().isEmpty()) {
      writeLocation(g, r, v.ops().get(0), -1, "should be first", artifacts);
    } else {
      moduleLocation(g, schedule);
    }
    g.writeEndArray();
    List<OpRef> related = related(finding);
    if (!related.isEmpty()) {
      g.writeArrayFieldStart("relatedLocations");
      for (int i = 0; i < related.size(); i++) {
        OpRef op = related.get(i);
        String role =
            v.ops().size() > 1 && op == v.ops().get(1)
                ? "may come first"
                : "also of this root cause: " + op.op() + " (" + op.origin() + ")";
        writeLocation(g, r, op, i + 1, role, artifacts);
      }
      g.writeEndArray();
    }
    g.writeObjectFieldStart("partialFingerprints");
    g.writeStringField(FINGERPRINT, ViolationIdentity.fingerprint(schedule, finding.cause().key()));
    g.writeEndObject();
    writeKnown(g, r, finding);
    if (!v.trace().isEmpty()) {
      writeCodeFlow(g, v);
    }
    if (fix.isPresent()) {
      writeFix(g, r, v, fix.get(), artifacts);
    }
    g.writeObjectFieldStart("properties");
    g.writeStringField("schedule", schedule);
    g.writeStringField("input", r.input());
    g.writeNumberField("tripCount", v.tripCount());
    if (v.raceClass().isPresent()) {
      g.writeStringField("class", v.raceClass().get().id());
    }
    g.writeStringField("missingEdge", v.missingEdge());
    JsonReportRenderer.writeCause(g, finding);
    JsonReportRenderer.writeCoverage(g, finding);
    Fixes.writeJson(g, r, v);
    g.writeEndObject();
    g.writeEndObject();
  }

  /**
   * What is known of a result: with a baseline its {@code baselineState} ({@code new} or {@code
   * unchanged}), and for a finding allowed in the source an {@code inSource} suppression with its
   * reason and place (SARIF 2.1.0, sections 3.27.24 and 3.35).
   */
  private static void writeKnown(JsonGenerator g, ScheduleResult r, Finding finding)
      throws IOException {
    KnownFindings known = r.known();
    if (known.baseline().isPresent()) {
      boolean inBaseline = known.baselineKeys().contains(finding.cause().key());
      g.writeStringField("baselineState", inBaseline ? "unchanged" : "new");
    }
    Optional<KnownFindings.Suppression> s = known.suppressionOf(finding);
    if (s.isPresent()) {
      g.writeArrayFieldStart("suppressions");
      g.writeStartObject();
      g.writeStringField("kind", "inSource");
      g.writeStringField("status", "accepted");
      g.writeStringField("justification", s.get().reason());
      g.writeObjectFieldStart("location");
      g.writeObjectFieldStart("physicalLocation");
      g.writeObjectFieldStart("artifactLocation");
      g.writeStringField("uri", s.get().file().replace('\\', '/'));
      g.writeEndObject();
      g.writeObjectFieldStart("region");
      g.writeNumberField("startLine", s.get().line());
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndArray();
    }
  }

  /**
   * The locations of a result beyond its first: the representative's other op, then the ops of the
   * cause's other violations, each place once.
   */
  private static List<OpRef> related(Finding finding) {
    Map<String, OpRef> byPlace = new java.util.LinkedHashMap<>();
    for (Violation v : finding.violations()) {
      for (OpRef op : v.ops()) {
        byPlace.putIfAbsent(place(op), op);
      }
    }
    // The first is the result's location.
    return List.copyOf(byPlace.values()).subList(Math.min(1, byPlace.size()), byPlace.size());
  }

  /** An op of the schedule (not an instance): its origin, kind, section and position. */
  private static String place(OpRef op) {
    return op.origin() + "|" + op.op() + "|" + op.section() + "|" + op.position();
  }

  private static void writeLocation(
      JsonGenerator g, ScheduleResult r, OpRef op, int id, String role, List<String> artifacts)
      throws IOException {
    g.writeStartObject();
    if (id >= 0) {
      g.writeNumberField("id", id);
    }
    Optional<SourcePosition> pos = r.position(op);
    if (r.file().isPresent() && pos.isPresent()) {
      g.writeObjectFieldStart("physicalLocation");
      artifactLocation(g, r.file().get(), artifacts);
      g.writeObjectFieldStart("region");
      g.writeNumberField("startLine", pos.get().line());
      g.writeNumberField("startColumn", pos.get().column());
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeArrayFieldStart("logicalLocations");
    g.writeStartObject();
    Optional<String> pointer = r.pointer(op);
    g.writeStringField("name", op.op());
    g.writeStringField(
        "fullyQualifiedName",
        r.report().schedule().name() + (pointer.isPresent() ? pointer.get() : ":" + op.origin()));
    g.writeStringField("kind", "element");
    g.writeEndObject();
    g.writeEndArray();
    message(g, role + ": " + op.brief());
    g.writeEndObject();
  }

  /** A location that is the whole schedule or transform {@code name}: a SARIF module. */
  static void moduleLocation(JsonGenerator g, String name) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("logicalLocations");
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("kind", "module");
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void artifactLocation(JsonGenerator g, String file, List<String> artifacts)
      throws IOException {
    g.writeObjectFieldStart("artifactLocation");
    g.writeStringField("uri", file);
    g.writeNumberField("index", artifacts.indexOf(file));
    g.writeEndObject();
  }

  /** One thread flow per wave; barriers (all waves) appear in every wave's flow. */
  private static void writeCodeFlow(JsonGenerator g, Violation v) throws IOException {
    g.writeArrayFieldStart("codeFlows");
    g.writeStartObject();
    message(g, "a concrete interleaving (Z3 model) at T=" + v.tripCount());
    g.writeArrayFieldStart("threadFlows");
    for (int wave : v.traceWaves()) {
      g.writeStartObject();
      g.writeStringField("id", "wave " + wave);
      message(g, "wave " + wave);
      g.writeArrayFieldStart("locations");
      int order = 0;
      for (TraceStep s : v.trace()) {
        if (s.time() < 0) {
          continue;
        }
        order++;
        if (s.wave() != wave && s.wave() >= 0) {
          continue;
        }
        g.writeStartObject();
        g.writeNumberField("executionOrder", order);
        g.writeObjectFieldStart("location");
        message(g, "t=" + s.time() + " " + s.event() + " " + s.text());
        g.writeEndObject();
        g.writeStringField("importance", s.racing() ? "essential" : "important");
        g.writeObjectFieldStart("properties");
        g.writeNumberField("time", s.time());
        g.writeStringField("event", s.event());
        g.writeBooleanField("racing", s.racing());
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
  }

  /**
   * A SARIF fix needs an artifact change; it has one when the schedule is a file and the fix is the
   * plan's first step (whose edits refer to the file's own op positions).
   */
  private static void writeFix(
      JsonGenerator g, ScheduleResult r, Violation v, Fixes fix, List<String> artifacts)
      throws IOException {
    if (r.file().isEmpty() || r.source().isEmpty() || fix.step() != 1) {
      return;
    }
    RepairStep step = r.repairs().orElseThrow().fixOf(v).orElseThrow();
    List<String[]> replacements = new ArrayList<>();
    List<Edit> inserted = new ArrayList<>();
    for (Edit e : step.repair().edits()) {
      // Indices of later edits count the ops earlier edits inserted; the file does not have them.
      int shift = 0;
      for (Edit p : inserted) {
        if (p.program() == e.program() && p.section() == e.section() && p.index() <= e.index()) {
          shift++;
        }
      }
      Optional<String[]> rep = replacement(r, e, e.index() - shift);
      if (rep.isEmpty()) {
        return;
      }
      if (!e.kind().replaces()) {
        inserted.add(e);
      }
      String[] last = replacements.isEmpty() ? null : replacements.get(replacements.size() - 1);
      if (last != null
          && last[0].equals(rep.get()[0])
          && last[1].equals(rep.get()[1])
          && last[2].equals("0")
          && rep.get()[2].equals("0")) {
        last[3] = last[3] + rep.get()[3];
      } else {
        replacements.add(rep.get());
      }
    }
    g.writeArrayFieldStart("fixes");
    g.writeStartObject();
    g.writeObjectFieldStart("description");
    g.writeStringField("text", fix.description() + " (" + fix.outcome() + ")");
    g.writeEndObject();
    g.writeArrayFieldStart("artifactChanges");
    g.writeStartObject();
    artifactLocation(g, r.file().get(), artifacts);
    g.writeArrayFieldStart("replacements");
    for (String[] rep : replacements) {
      g.writeStartObject();
      g.writeObjectFieldStart("deletedRegion");
      g.writeNumberField("startLine", Integer.parseInt(rep[0]));
      g.writeNumberField("startColumn", Integer.parseInt(rep[1]));
      g.writeNumberField("endLine", Integer.parseInt(rep[0]));
      g.writeNumberField("endColumn", Integer.parseInt(rep[1]) + Integer.parseInt(rep[2]));
      g.writeEndObject();
      g.writeObjectFieldStart("insertedContent");
      g.writeStringField("text", rep[3]);
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
  }

  /** {line, column, deleted length, inserted text} of an edit of the original file. */
  private static Optional<String[]> replacement(ScheduleResult r, Edit e, int index) {
    if (e.kind() == Edit.Kind.MOVE_FROM || e.kind() == Edit.Kind.MOVE_TO) {
      // A move deletes a whole op object and its separator: no artifact change is offered.
      return Optional.empty();
    }
    String base = "/programs/" + e.program() + "/" + e.section().id() + "/";
    if (e.kind() == Edit.Kind.STRENGTHEN_WAIT && e.op() instanceof Op.Wait w) {
      Op old = r.report().schedule().programs().get(e.program()).section(e.section()).get(index);
      if (!(old instanceof Op.Wait ow)) {
        return Optional.empty();
      }
      for (String counter : List.of("vmcnt", "lgkmcnt")) {
        var before = counter.equals("vmcnt") ? ow.vmcnt() : ow.lgkmcnt();
        var after = counter.equals("vmcnt") ? w.vmcnt() : w.lgkmcnt();
        if (before.isPresent() && after.isPresent() && before.getAsInt() != after.getAsInt()) {
          Optional<SourcePosition> pos = r.source().get().position(base + index + "/" + counter);
          return pos.map(
              p ->
                  new String[] {
                    Integer.toString(p.line()),
                    Integer.toString(p.column()),
                    Integer.toString(Integer.toString(before.getAsInt()).length()),
                    Integer.toString(after.getAsInt())
                  });
        }
      }
      return Optional.empty();
    }
    Optional<SourcePosition> anchor = r.source().get().position(base + index);
    String json;
    if (e.op() instanceof Op.Barrier) {
      json = "{\"op\": \"barrier\"}, ";
    } else if (e.op() instanceof Op.Wait w) {
      StringBuilder s = new StringBuilder("{\"op\": \"wait\"");
      w.vmcnt().ifPresent(n -> s.append(", \"vmcnt\": ").append(n));
      w.lgkmcnt().ifPresent(n -> s.append(", \"lgkmcnt\": ").append(n));
      json = s.append("}, ").toString();
    } else {
      return Optional.empty();
    }
    return anchor.map(
        p -> new String[] {Integer.toString(p.line()), Integer.toString(p.column()), "0", json});
  }

  private static void message(JsonGenerator g, String text) throws IOException {
    g.writeObjectFieldStart("message");
    g.writeStringField("text", text);
    g.writeEndObject();
  }
}

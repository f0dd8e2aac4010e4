package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.model.Digest;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationIdentity;
import io.pipeverify.verifier.fuzz.FuzzClass;
import io.pipeverify.verifier.fuzz.FuzzResult;
import io.pipeverify.verifier.fuzz.FuzzSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A fuzz campaign's report as text, JSON, JUnit XML or SARIF (docs/fuzzing.md). Everything but the
 * timing line (left out with {@code timings} false) depends only on the settings, so a seed gives
 * the same bytes on every run.
 */
public final class FuzzReportRenderer {
  private static final String FINGERPRINT = "pipeverifyFuzzClass/v1";

  /** The rule of a class whose compiled kernel could not be checked (no violation). */
  private static final String NOT_CHECKED = "not-checked";

  private final boolean timings;

  public FuzzReportRenderer(boolean timings) {
    this.timings = timings;
  }

  public String text(FuzzResult r) {
    FuzzSettings s = r.settings();
    StringBuilder out = new StringBuilder();
    out.append("fuzz ").append(s.generator().name()).append(": ").append(header(r)).append('\n');
    s.generator()
        .compilerVersion()
        .ifPresent(
            c ->
                out.append("compiled: the kernel of every configuration that verifies, with ")
                    .append(c)
                    .append(", lifted from its assembly and verified\n"));
    if (!s.pinned().isEmpty()) {
      out.append("pinned:");
      s.pinned().forEach((k, v) -> out.append(" --opt ").append(k).append('=').append(v));
      out.append('\n');
    }
    if (r.stoppedByBudget()) {
      out.append("stopped by the time budget: ")
          .append(r.run())
          .append(" of ")
          .append(r.planned())
          .append(" tries run")
          .append(
              r.classes().stream().anyMatch(c -> !c.shrunk())
                  ? "; some classes not fully shrunk"
                  : "")
          .append('\n');
    }
    int i = 0;
    for (FuzzClass c : r.classes()) {
      i++;
      out.append('\n').append('[').append(i).append("] ").append(c.key().describe()).append('\n');
      out.append("  seen in ")
          .append(c.tries())
          .append(c.tries() == 1 ? " try" : " tries")
          .append(" (first: try ")
          .append(c.firstTry())
          .append(")\n");
      out.append("  minimal: ").append(options(c)).append(c.shrunk() ? "" : " (not fully shrunk)");
      out.append('\n');
      if (c.example().isPresent()) {
        out.append("  breaks: ").append(String.join(", ", c.rules())).append('\n');
        out.append("  counterexample: ").append(c.example().get().summary()).append('\n');
      }
      out.append("  reproduce: ").append(r.reproduce(c)).append('\n');
    }
    if (timings) {
      out.append('\n').append(throughput(r)).append('\n');
    }
    return out.toString();
  }

  /** {@code --opt stages=8 --opt slots=1}, or {@code (the defaults)}. */
  private static String options(FuzzClass c) {
    if (c.minimal().isEmpty()) {
      return "(the defaults)";
    }
    StringBuilder s = new StringBuilder();
    c.minimal()
        .forEach(
            (k, v) ->
                s.append(s.length() == 0 ? "" : " ")
                    .append("--opt ")
                    .append(k)
                    .append('=')
                    .append(v));
    return s.toString();
  }

  private static String header(FuzzResult r) {
    FuzzSettings s = r.settings();
    int checked = r.run() - r.invalid();
    return "seed "
        + s.seed()
        + ", "
        + s.tries()
        + " tries"
        + (s.shard().count() > 1 ? " (shard " + s.shard() + ": " + r.planned() + " of them)" : "")
        + "; "
        + r.invalid()
        + " invalid combinations skipped; "
        + checked
        + " checked: "
        + r.verified()
        + " verified, "
        + r.violated()
        + " violated, "
        + r.inconclusive()
        + " inconclusive; "
        + r.classes().size()
        + (r.classes().size() == 1 ? " class" : " classes");
  }

  /** A class's rule: its violation's, or {@code not-checked} for a compiled kernel not checked. */
  private static String ruleId(FuzzClass c) {
    return c.example().map(ViolationIdentity::ruleId).orElse(NOT_CHECKED);
  }

  /** A class's one-line message: its counterexample, or why the compiled kernel is not checked. */
  private static String message(FuzzClass c) {
    return c.example().map(Violation::summary).orElse(c.key().describe());
  }

  /** The throughput line: configurations per second in this JVM. */
  public static String throughput(FuzzResult r) {
    return String.format(
        Locale.ROOT,
        "%d configurations checked in %.1f s: %.1f configurations/s; %.1f s with shrinking (%d"
            + " distinct schedules verified, %d threads)",
        r.run() - r.invalid(),
        r.triesElapsed().toNanos() / 1e9,
        r.perSecond(),
        r.elapsed().toNanos() / 1e9,
        r.verifications(),
        r.settings().threads());
  }

  public String json(FuzzResult r) {
    return JsonOutput.pretty(
        g -> {
          FuzzSettings s = r.settings();
          g.writeStartObject();
          g.writeStringField("transform", s.generator().name());
          g.writeNumberField("seed", s.seed());
          g.writeNumberField("tries", s.tries());
          g.writeStringField("shard", s.shard().toString());
          writeMap(g, "pinned", s.pinned());
          if (s.generator().compilerVersion().isPresent()) {
            g.writeStringField("compiler", s.generator().compilerVersion().get());
          }
          g.writeNumberField("planned", r.planned());
          g.writeNumberField("run", r.run());
          g.writeNumberField("invalid", r.invalid());
          g.writeNumberField("verified", r.verified());
          g.writeNumberField("violated", r.violated());
          g.writeNumberField("inconclusive", r.inconclusive());
          g.writeBooleanField("stoppedByBudget", r.stoppedByBudget());
          g.writeArrayFieldStart("classes");
          for (FuzzClass c : r.classes()) {
            g.writeStartObject();
            g.writeStringField("class", c.key().describe());
            g.writeStringField("rule", ruleId(c));
            g.writeArrayFieldStart("rules");
            for (String rule : c.rules()) {
              g.writeString(rule);
            }
            g.writeEndArray();
            g.writeNumberField("tries", c.tries());
            g.writeNumberField("firstTry", c.firstTry());
            writeMap(g, "minimal", c.minimal());
            g.writeBooleanField("shrunk", c.shrunk());
            if (c.example().isPresent()) {
              g.writeStringField("counterexample", c.example().get().summary());
              g.writeStringField("missingEdge", c.example().get().missingEdge());
            }
            g.writeStringField("reproduce", r.reproduce(c));
            g.writeEndObject();
          }
          g.writeEndArray();
          if (timings) {
            g.writeObjectFieldStart("timing");
            g.writeNumberField("triesSeconds", r.triesElapsed().toMillis() / 1000.0);
            g.writeNumberField("seconds", r.elapsed().toMillis() / 1000.0);
            g.writeNumberField("configurationsPerSecond", Math.round(r.perSecond() * 10) / 10.0);
            g.writeNumberField("schedulesVerified", r.verifications());
            g.writeNumberField("threads", s.threads());
            g.writeEndObject();
          }
          g.writeEndObject();
        });
  }

  private static void writeMap(JsonGenerator g, String name, Map<String, String> m)
      throws IOException {
    g.writeObjectFieldStart(name);
    for (Map.Entry<String, String> e : m.entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }

  /** One test case per class (a failure), or one passing case when the campaign found none. */
  public String junit(FuzzResult r) {
    String suite = "pipeverify fuzz " + r.settings().generator().name();
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    int cases = Math.max(1, r.classes().size());
    out.append("<testsuites>\n  <testsuite name=\"")
        .append(JunitReportRenderer.xml(suite))
        .append("\" tests=\"")
        .append(cases)
        .append("\" failures=\"")
        .append(r.classes().size())
        .append("\">\n");
    String classname = "pipeverify.fuzz." + r.settings().generator().name();
    if (r.classes().isEmpty()) {
      out.append("    <testcase classname=\"")
          .append(JunitReportRenderer.xml(classname))
          .append("\" name=\"")
          .append(JunitReportRenderer.xml("no class: " + header(r)))
          .append("\"/>\n");
    }
    for (FuzzClass c : r.classes()) {
      out.append("    <testcase classname=\"")
          .append(JunitReportRenderer.xml(classname))
          .append("\" name=\"")
          .append(JunitReportRenderer.xml(c.key().describe()))
          .append("\">\n      <failure type=\"")
          .append(JunitReportRenderer.xml(ruleId(c)))
          .append("\" message=\"")
          .append(JunitReportRenderer.xml(message(c)))
          .append("\">")
          .append(
              JunitReportRenderer.xml(
                  "minimal: "
                      + options(c)
                      + c.example().map(v -> "\nmissing edge: " + v.missingEdge()).orElse("")
                      + "\nreproduce: "
                      + r.reproduce(c)))
          .append("</failure>\n    </testcase>\n");
    }
    out.append("  </testsuite>\n</testsuites>\n");
    return out.toString();
  }

  /**
   * One SARIF result per class. A campaign over a built-in has no file, so results carry a logical
   * location (the transform) and no physical one; the fingerprint hashes the transform and class.
   */
  public String sarif(FuzzResult r, String version) {
    return JsonOutput.pretty(
        g -> {
          Map<String, FuzzClass> rules = new TreeMap<>();
          for (FuzzClass c : r.classes()) {
            rules.putIfAbsent(ruleId(c), c);
          }
          String transform = r.settings().generator().name();
          g.writeStartObject();
          g.writeStringField("$schema", SarifReportRenderer.SCHEMA);
          g.writeStringField("version", "2.1.0");
          g.writeArrayFieldStart("runs");
          g.writeStartObject();
          g.writeObjectFieldStart("tool");
          g.writeObjectFieldStart("driver");
          g.writeStringField("name", "pipeverify");
          g.writeStringField("semanticVersion", version);
          g.writeArrayFieldStart("rules");
          for (Map.Entry<String, FuzzClass> e : rules.entrySet()) {
            g.writeStartObject();
            g.writeStringField("id", e.getKey());
            g.writeObjectFieldStart("shortDescription");
            g.writeStringField(
                "text",
                e.getValue()
                    .example()
                    .map(v -> v.property().title() + ": " + v.kind().description())
                    .orElse("the compiled kernel could not be checked"));
            g.writeEndObject();
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
          g.writeEndObject();
          g.writeArrayFieldStart("results");
          for (FuzzClass c : r.classes()) {
            g.writeStartObject();
            String rule = ruleId(c);
            g.writeStringField("ruleId", rule);
            g.writeNumberField("ruleIndex", new ArrayList<>(rules.keySet()).indexOf(rule));
            g.writeStringField("level", "error");
            g.writeObjectFieldStart("message");
            g.writeStringField(
                "text",
                transform
                    + ": "
                    + c.key().describe()
                    + "; minimal configuration: "
                    + options(c)
                    + "; reproduce: "
                    + r.reproduce(c));
            g.writeEndObject();
            g.writeArrayFieldStart("locations");
            SarifReportRenderer.moduleLocation(g, transform);
            g.writeEndArray();
            g.writeObjectFieldStart("partialFingerprints");
            g.writeStringField(FINGERPRINT, fingerprint(transform + "\n" + c.key().describe()));
            g.writeEndObject();
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
          g.writeEndArray();
          g.writeEndObject();
        });
  }

  private static String fingerprint(String text) {
    return Digest.sha256(text, 16);
  }
}

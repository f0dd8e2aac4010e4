package io.pipeverify.codegen.compiled;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Renders a {@link CompiledReport} as text (compiled-report.txt) or JSON (compiled-report.json).
 */
public final class CompiledReportRenderer {
  private CompiledReportRenderer() {}

  /** The text report; a lifted verdict other than verified comes with its counterexample. */
  public static String text(CompiledReport r) {
    StringBuilder b = new StringBuilder();
    b.append("compiled check of '").append(r.schedule()).append("' on ").append(r.target());
    b.append(" (").append(r.asmName()).append("): the kernel lifted from the assembly, its loop");
    b.append(" against the schedule's loop as emitted (unrolled x")
        .append(r.unroll())
        .append(")\n");
    b.append("status: ").append(r.status().id()).append('\n');
    b.append("events: ");
    String sep = "";
    for (CompiledEvent.Kind k : CompiledEvent.Kind.values()) {
      b.append(sep).append(k.id()).append(' ').append(r.count(k));
      sep = ", ";
    }
    b.append("\n\n");
    for (CompiledEvent e : r.events()) {
      b.append("  [").append(e.kind().id()).append("] ");
      if (!e.where().isEmpty()) {
        b.append(e.where()).append(": ");
      }
      if (!e.stage().isEmpty()) {
        b.append(e.stage()).append(": ");
      }
      b.append(e.text()).append('\n');
    }
    if (!r.events().isEmpty()) {
      b.append('\n');
    }
    r.unliftable()
        .ifPresent(
            why ->
                b.append("lifted from the assembly: not lifted: ")
                    .append(why)
                    .append("; nothing about the compiled kernel is proved\n"));
    for (CompiledReport.Lifted l : r.lifted()) {
      b.append("lifted from the assembly")
          .append(r.unroll() == 1 ? "" : " for T % " + r.unroll() + " == " + l.residue())
          .append(": ")
          .append(l.report().verdict().id())
          .append('\n');
      if (!l.report().verdict().id().equals("verified")) {
        b.append(new TextReportRenderer(false).render(l.report()));
      }
    }
    return b.toString();
  }

  /** The JSON report (docs/codegen.md lists the fields). */
  public static String json(CompiledReport r) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("format", "pipeverify-compiled-report/1");
      g.writeStringField("schedule", r.schedule());
      g.writeStringField("target", r.target());
      g.writeStringField("asm", r.asmName());
      g.writeNumberField("unroll", r.unroll());
      g.writeStringField("status", r.status().id());
      g.writeArrayFieldStart("events");
      for (CompiledEvent e : r.events()) {
        g.writeStartObject();
        g.writeStringField("kind", e.kind().id());
        g.writeStringField("where", e.where());
        g.writeStringField("stage", e.stage());
        if (!e.counter().isEmpty()) {
          g.writeStringField("counter", e.counter());
          g.writeNumberField("value", e.value().getAsInt());
        }
        g.writeStringField("text", e.text());
        g.writeBooleanField("deviation", e.deviation());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("lifted");
      for (CompiledReport.Lifted l : r.lifted()) {
        g.writeStartObject();
        g.writeNumberField("residue", l.residue());
        g.writeStringField("verdict", l.report().verdict().id());
        g.writeEndObject();
      }
      g.writeEndArray();
      if (r.unliftable().isPresent()) {
        g.writeStringField("notLifted", r.unliftable().get());
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }
}

package io.pipeverify.codegen.isa;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/** Renders an {@link IsaReport} as text (isa-report.txt) or JSON (isa-report.json). */
public final class IsaReportRenderer {
  private IsaReportRenderer() {}

  /** The text report; the as-compiled verdicts include the counterexample of a violation. */
  public static String text(IsaReport r) {
    StringBuilder b = new StringBuilder();
    b.append("ISA check of '").append(r.schedule()).append("' on ").append(r.target());
    b.append(" (").append(r.asmName()).append(")\n");
    if (r.loop().isPresent()) {
      AsmLoop l = r.loop().get();
      b.append("loop: ")
          .append(l.label())
          .append(", lines ")
          .append(l.firstLine())
          .append("-")
          .append(l.lastLine())
          .append("; the schedule's loop body unrolled x")
          .append(r.unroll())
          .append(" (slot period)\n");
    }
    b.append("status: ").append(r.status().id()).append('\n');
    b.append("inserted vmcnt waits: ")
        .append(r.count(IsaFinding.Kind.INSERTED_VMCNT))
        .append(", inserted lgkmcnt waits: ")
        .append(r.count(IsaFinding.Kind.INSERTED_LGKMCNT))
        .append(", missing waits: ")
        .append(r.count(IsaFinding.Kind.MISSING_WAIT))
        .append(", moved waits: ")
        .append(r.count(IsaFinding.Kind.MOVED_WAIT))
        .append(", order changes: ")
        .append(r.count(IsaFinding.Kind.ORDER_CHANGE))
        .append("\n\n");
    if (!r.regions().isEmpty()) {
      b.append("regions between sched_barriers (schedule / compiled):\n");
      for (IsaReport.RegionSummary s : r.regions()) {
        b.append(String.format("  %3d  %s%n", s.index(), s.stage().isEmpty() ? "-" : s.stage()));
        b.append("       g2s ")
            .append(s.expected().g2s())
            .append("/")
            .append(s.actual().g2s())
            .append("  ds_read ")
            .append(s.expected().dsRead())
            .append("/")
            .append(s.actual().dsRead())
            .append("  v_mfma ")
            .append(s.expected().mfma())
            .append("/")
            .append(s.actual().mfma())
            .append("  s_barrier ")
            .append(s.expected().barriers())
            .append("/")
            .append(s.actual().barriers())
            .append("  vmcnt waits ")
            .append(s.expected().vmcntWaits())
            .append("/")
            .append(s.actual().vmcntWaits())
            .append("  lgkmcnt waits ")
            .append(s.expected().lgkmcntWaits())
            .append("/")
            .append(s.actual().lgkmcntWaits())
            .append('\n');
      }
      b.append('\n');
    }
    b.append("findings:");
    if (r.findings().isEmpty()) {
      b.append(" none");
    }
    b.append('\n');
    for (IsaFinding f : r.findings()) {
      b.append("  [").append(f.kind().id()).append("] ");
      if (f.line() > 0) {
        b.append(r.asmName()).append(':').append(f.line()).append(": ");
      }
      b.append(f.message()).append('\n');
    }
    b.append('\n');
    if (r.asCompiled().isEmpty()) {
      b.append("as-compiled schedule: not built (the loop could not be mapped); not verified\n");
    }
    verdicts(b, "as-compiled schedule", r.unroll(), r.asCompiled());
    boolean mappedViolated =
        r.asCompiled().stream().anyMatch(a -> !a.report().verdict().id().equals("verified"));
    boolean liftedVerified =
        !r.asLifted().isEmpty()
            && r.asLifted().stream().allMatch(a -> a.report().verdict().id().equals("verified"));
    if (mappedViolated && liftedVerified) {
      b.append(
          "(the loop mapping matches ops of one kind in program order and misplaces ops clang"
              + " reorders among themselves; the kernel lifted from the assembly decides:"
              + " docs/codegen.md)\n");
    }
    r.unliftable()
        .ifPresent(
            why -> b.append("lifted from the assembly: not lifted: ").append(why).append('\n'));
    verdicts(b, "lifted from the assembly", r.unroll(), r.asLifted());
    return b.toString();
  }

  /** One line per residue, and the text report of each verdict that is not "verified". */
  private static void verdicts(
      StringBuilder b, String what, int unroll, List<IsaReport.AsCompiled> reports) {
    for (IsaReport.AsCompiled a : reports) {
      b.append(what)
          .append(unroll == 1 ? "" : " for T % " + unroll + " == " + a.residue())
          .append(": ")
          .append(a.report().verdict().id())
          .append('\n');
      if (!a.report().verdict().id().equals("verified")) {
        b.append(new TextReportRenderer(false).render(a.report()));
      }
    }
  }

  /** The JSON report (docs/codegen.md lists the fields). */
  public static String json(IsaReport r) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("format", "pipeverify-isa-report/1");
      g.writeStringField("schedule", r.schedule());
      g.writeStringField("target", r.target());
      g.writeStringField("asm", r.asmName());
      g.writeNumberField("unroll", r.unroll());
      g.writeStringField("status", r.status().id());
      if (r.loop().isPresent()) {
        g.writeObjectFieldStart("loop");
        g.writeStringField("label", r.loop().get().label());
        g.writeNumberField("firstLine", r.loop().get().firstLine());
        g.writeNumberField("lastLine", r.loop().get().lastLine());
        g.writeEndObject();
      }
      g.writeArrayFieldStart("regions");
      for (IsaReport.RegionSummary s : r.regions()) {
        g.writeStartObject();
        g.writeNumberField("index", s.index());
        g.writeStringField("stage", s.stage());
        counts(g, "expected", s.expected());
        counts(g, "actual", s.actual());
        g.writeStringField("scheduleOrder", s.scheduleOrder());
        g.writeStringField("compiledOrder", s.compiledOrder());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("findings");
      for (IsaFinding f : r.findings()) {
        g.writeStartObject();
        g.writeStringField("kind", f.kind().id());
        g.writeNumberField("region", f.region());
        g.writeNumberField("line", f.line());
        g.writeStringField("message", f.message());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("asCompiled");
      for (IsaReport.AsCompiled a : r.asCompiled()) {
        g.writeStartObject();
        g.writeNumberField("residue", a.residue());
        g.writeStringField("schedule", a.report().schedule().name());
        g.writeStringField("verdict", a.report().verdict().id());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("asLifted");
      for (IsaReport.AsCompiled a : r.asLifted()) {
        g.writeStartObject();
        g.writeNumberField("residue", a.residue());
        g.writeStringField("verdict", a.report().verdict().id());
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

  private static void counts(JsonGenerator g, String name, IsaReport.Counts c) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeNumberField("g2s", c.g2s());
    g.writeNumberField("dsRead", c.dsRead());
    g.writeNumberField("mfma", c.mfma());
    g.writeNumberField("vmcntWaits", c.vmcntWaits());
    g.writeNumberField("lgkmcntWaits", c.lgkmcntWaits());
    g.writeNumberField("barriers", c.barriers());
    g.writeEndObject();
  }
}

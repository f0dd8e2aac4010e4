package io.pipeverify.cli;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.fuzz.Mutation;
import io.pipeverify.verifier.fuzz.MutationReport;
import io.pipeverify.verifier.relax.RelaxedOp;
import io.pipeverify.verifier.report.JsonOutput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code fuzz --mutate}'s output: every mutation with its verdict, then one row per wait and
 * barrier saying whether it is load-bearing (some mutation of it breaks the schedule).
 */
final class MutationTables {
  private MutationTables() {}

  /** The mutations of one wait or barrier. */
  private record PerOp(Mutation first, List<MutationReport.Result> results) {
    long breaking() {
      return results.stream().filter(MutationReport.Result::breaks).count();
    }
  }

  private static Map<String, PerOp> perOp(MutationReport r) {
    Map<String, PerOp> out = new LinkedHashMap<>();
    for (MutationReport.Result x : r.results()) {
      out.computeIfAbsent(
              x.mutation().place(r.base().schedule()),
              k -> new PerOp(x.mutation(), new ArrayList<>()))
          .results()
          .add(x);
    }
    return out;
  }

  static String text(MutationReport r) {
    Schedule s = r.base().schedule();
    Map<String, PerOp> ops = perOp(r);
    long breaking = r.results().stream().filter(MutationReport.Result::breaks).count();
    long bearing = ops.values().stream().filter(p -> p.breaking() > 0).count();
    StringBuilder out = new StringBuilder();
    out.append("mutate ")
        .append(s.name())
        .append(": ")
        .append(r.base().verdict().id())
        .append(" as given; ")
        .append(r.results().size())
        .append(" single mutations of ")
        .append(ops.size())
        .append(" waits and barriers, ")
        .append(breaking)
        .append(" break it; ")
        .append(bearing)
        .append(" of the ")
        .append(ops.size())
        .append(" are load-bearing\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"op", "before", "mutation", "verdict", "first new violation"});
    for (MutationReport.Result x : r.results()) {
      rows.add(
          new String[] {
            x.mutation().place(s),
            RelaxedOp.text(x.mutation().op()),
            x.mutation().change(),
            x.verdict(),
            x.newClasses().isEmpty() ? "-" : x.newClasses().get(0)
          });
    }
    Table.render(out, "", rows);
    out.append('\n');
    List<String[]> summary = new ArrayList<>();
    summary.add(new String[] {"op", "origin", "before", "load-bearing", "breaking mutations"});
    for (Map.Entry<String, PerOp> e : ops.entrySet()) {
      PerOp p = e.getValue();
      summary.add(
          new String[] {
            e.getKey(),
            p.first().op().origin().describe(),
            RelaxedOp.text(p.first().op()),
            p.breaking() > 0 ? "yes" : "no",
            p.breaking() + " of " + p.results().size()
          });
    }
    Table.render(out, "", summary);
    return out.toString();
  }

  static String json(MutationReport r) {
    Schedule s = r.base().schedule();
    return JsonOutput.pretty(
        g -> {
          g.writeStartObject();
          g.writeStringField("schedule", s.name());
          g.writeStringField("verdict", r.base().verdict().id());
          g.writeArrayFieldStart("mutations");
          for (MutationReport.Result x : r.results()) {
            g.writeStartObject();
            g.writeStringField("op", x.mutation().place(s));
            g.writeStringField("before", RelaxedOp.text(x.mutation().op()));
            g.writeStringField("mutation", x.mutation().change());
            g.writeStringField("verdict", x.verdict());
            g.writeBooleanField("breaks", x.breaks());
            g.writeArrayFieldStart("newClasses");
            for (String c : x.newClasses()) {
              g.writeString(c);
            }
            g.writeEndArray();
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeArrayFieldStart("ops");
          for (Map.Entry<String, PerOp> e : perOp(r).entrySet()) {
            PerOp p = e.getValue();
            g.writeStartObject();
            g.writeStringField("op", e.getKey());
            g.writeStringField("origin", p.first().op().origin().describe());
            g.writeStringField("before", RelaxedOp.text(p.first().op()));
            g.writeBooleanField("loadBearing", p.breaking() > 0);
            g.writeNumberField("breaking", p.breaking());
            g.writeNumberField("mutations", p.results().size());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        });
  }
}

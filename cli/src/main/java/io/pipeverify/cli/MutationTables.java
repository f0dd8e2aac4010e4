package io.pipeverify.cli;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.fuzz.MutationReport;
import io.pipeverify.verifier.relax.RelaxedOp;
import io.pipeverify.verifier.report.JsonOutput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code fuzz --mutate}'s output, for a schedule or an assembly kernel: every mutation with its
 * verdict, then one row per wait and barrier saying whether it is load-bearing (some mutation of it
 * breaks the schedule).
 */
final class MutationTables {
  private MutationTables() {}

  /**
   * One mutation: the wait or barrier ({@code op}, as the table names it: {@code loop #8}, {@code
   * line 650}), where it comes from, its text before, the change, the mutant's verdict, whether it
   * breaks the schedule, and the classes of findings the schedule as given lacks.
   */
  record Row(
      String op,
      String origin,
      String before,
      String mutation,
      String verdict,
      boolean breaks,
      List<String> newClasses) {
    Row {
      Objects.requireNonNull(op);
      newClasses = List.copyOf(newClasses);
    }
  }

  /** The mutated kernel or schedule, its verdict as given, what was left out, and the rows. */
  record Mutations(String name, String verdict, String note, List<Row> rows) {
    Mutations {
      rows = List.copyOf(rows);
    }
  }

  /** A schedule's mutations ({@link MutationReport}) as rows. */
  static Mutations of(MutationReport r) {
    Schedule s = r.base().schedule();
    List<Row> rows = new ArrayList<>();
    for (MutationReport.Result x : r.results()) {
      rows.add(
          new Row(
              x.mutation().place(s),
              x.mutation().op().origin().describe(),
              RelaxedOp.text(x.mutation().op()),
              x.mutation().change(),
              x.verdict(),
              x.breaks(),
              x.newClasses()));
    }
    return new Mutations(s.name(), r.base().verdict().id(), "", rows);
  }

  /** The mutations of one wait or barrier. */
  private record PerOp(Row first, List<Row> rows) {
    long breaking() {
      return rows.stream().filter(Row::breaks).count();
    }
  }

  private static Map<String, PerOp> perOp(Mutations t) {
    Map<String, PerOp> out = new LinkedHashMap<>();
    for (Row x : t.rows()) {
      out.computeIfAbsent(x.op(), k -> new PerOp(x, new ArrayList<>())).rows().add(x);
    }
    return out;
  }

  static String text(Mutations t) {
    Map<String, PerOp> ops = perOp(t);
    long breaking = t.rows().stream().filter(Row::breaks).count();
    long bearing = ops.values().stream().filter(p -> p.breaking() > 0).count();
    StringBuilder out = new StringBuilder();
    out.append("mutate ")
        .append(t.name())
        .append(": ")
        .append(t.verdict())
        .append(" as given; ")
        .append(t.rows().size())
        .append(" single mutations of ")
        .append(ops.size())
        .append(" waits and barriers, ")
        .append(breaking)
        .append(" break it; ")
        .append(bearing)
        .append(" of the ")
        .append(ops.size())
        .append(" are load-bearing")
        .append(t.note().isEmpty() ? "" : "; " + t.note())
        .append("\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"op", "before", "mutation", "verdict", "first new violation"});
    for (Row x : t.rows()) {
      rows.add(
          new String[] {
            x.op(),
            x.before(),
            x.mutation(),
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
            p.first().origin(),
            p.first().before(),
            p.breaking() > 0 ? "yes" : "no",
            p.breaking() + " of " + p.rows().size()
          });
    }
    Table.render(out, "", summary);
    return out.toString();
  }

  static String json(Mutations t) {
    return JsonOutput.pretty(
        g -> {
          g.writeStartObject();
          g.writeStringField("schedule", t.name());
          g.writeStringField("verdict", t.verdict());
          if (!t.note().isEmpty()) {
            g.writeStringField("note", t.note());
          }
          g.writeArrayFieldStart("mutations");
          for (Row x : t.rows()) {
            g.writeStartObject();
            g.writeStringField("op", x.op());
            g.writeStringField("before", x.before());
            g.writeStringField("mutation", x.mutation());
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
          for (Map.Entry<String, PerOp> e : perOp(t).entrySet()) {
            PerOp p = e.getValue();
            g.writeStartObject();
            g.writeStringField("op", e.getKey());
            g.writeStringField("origin", p.first().origin());
            g.writeStringField("before", p.first().before());
            g.writeBooleanField("loadBearing", p.breaking() > 0);
            g.writeNumberField("breaking", p.breaking());
            g.writeNumberField("mutations", p.rows().size());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        });
  }
}

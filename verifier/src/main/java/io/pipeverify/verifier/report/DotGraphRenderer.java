package io.pipeverify.verifier.report;

import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Violation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Graphviz DOT of the happens-before neighbourhood of each violation, rebuilt from its
 * counterexample: a cluster per wave with its events in program order, each workgroup barrier one
 * node that every wave passes (the barrier edges of semantics.md section 3), issue-to-access edges,
 * the racing accesses in red and the missing happens-before edge as a red dashed edge from the op
 * that should come first to the one that may come first.
 */
public final class DotGraphRenderer {

  public String render(List<ScheduleResult> results) {
    StringBuilder d = new StringBuilder("digraph hb {\n");
    d.append("  rankdir=TB;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
    int n = 0;
    for (ScheduleResult r : results) {
      int k = 0;
      for (Violation v : r.report().verdict().violations()) {
        k++;
        if (v.trace().isEmpty()) {
          continue;
        }
        n++;
        violation(d, "v" + n, r.report().schedule().name() + " [" + k + "]", v);
      }
    }
    return d.append("}\n").toString();
  }

  private static void violation(StringBuilder d, String id, String title, Violation v) {
    TraceLayout t = new TraceLayout(v);
    d.append("  subgraph cluster_")
        .append(id)
        .append(" {\n    label=\"")
        .append(esc(title + ": " + v.property() + " " + v.kind()))
        .append("\";\n");
    Map<Integer, String> last = new HashMap<>();
    StringBuilder edges = new StringBuilder();
    for (int wave : v.traceWaves()) {
      d.append("    subgraph cluster_").append(id).append("_w").append(wave).append(" {\n");
      d.append("      label=\"wave ").append(wave).append("\";\n");
      for (TraceLayout.Span s : t.spans) {
        if (s.wave() != wave) {
          continue;
        }
        String node = id + "_s" + s.id();
        d.append("      ")
            .append(node)
            .append(" [label=\"")
            .append(
                esc(
                    "t="
                        + s.start()
                        + (s.end() != s.start() ? ".." + s.end() : "")
                        + " "
                        + s.text()))
            .append('"')
            .append(s.racing() ? ", color=red, penwidth=2, fontcolor=red" : "")
            .append("];\n");
      }
      d.append("    }\n");
    }
    // Program order per wave, with the shared barrier nodes spliced in by time.
    int bi = 0;
    for (TraceStep b : t.barriers) {
      d.append("    ")
          .append(id)
          .append("_b")
          .append(bi++)
          .append(" [shape=doubleoctagon, label=\"")
          .append(esc("t=" + b.time() + " " + b.text()))
          .append("\"];\n");
    }
    for (int wave : v.traceWaves()) {
      int b = 0;
      for (TraceLayout.Span s : t.spans) {
        if (s.wave() != wave) {
          continue;
        }
        while (b < t.barriers.size() && t.barriers.get(b).time() <= s.start()) {
          link(edges, last, wave, id + "_b" + b);
          b++;
        }
        link(edges, last, wave, id + "_s" + s.id());
      }
      while (b < t.barriers.size()) {
        link(edges, last, wave, id + "_b" + b);
        b++;
      }
    }
    d.append(edges);
    if (t.first.isPresent() && t.second.isPresent()) {
      d.append("    ")
          .append(id)
          .append("_s")
          .append(t.first.get().id())
          .append(" -> ")
          .append(id)
          .append("_s")
          .append(t.second.get().id())
          .append(
              " [color=red, style=dashed, penwidth=2, constraint=false, label=\"missing HB\"];\n");
    }
    d.append("  }\n");
  }

  private static void link(StringBuilder edges, Map<Integer, String> last, int wave, String node) {
    String prev = last.put(wave, node);
    if (prev != null && !prev.equals(node)) {
      edges.append("    ").append(prev).append(" -> ").append(node).append(";\n");
    }
  }

  private static String esc(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}

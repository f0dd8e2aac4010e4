package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Violation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Chrome Trace Event JSON (opens in ui.perfetto.dev and chrome://tracing): each violation is a
 * process, each wave of its counterexample a thread named {@code wave N}; an op instance is a slice
 * from issue to its LDS access (waits a short slice when the wave passes them), barriers are
 * instants on every wave, a counter per wave tracks its LDS ops in flight (issued, not yet
 * accessed), and a flow arrow joins the two racing accesses, from the one that happens first in the
 * counterexample to the other. One solver time step is drawn as one microsecond.
 */
public final class PerfettoTraceRenderer {

  public String render(List<ScheduleResult> results) {
    return JsonOutput.pretty(g -> write(g, results));
  }

  private static void write(JsonGenerator g, List<ScheduleResult> results) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("traceEvents");
    int pid = 0;
    int flow = 0;
    for (ScheduleResult r : results) {
      int n = 0;
      for (Violation v : r.report().verdict().violations()) {
        n++;
        if (v.trace().isEmpty()) {
          continue;
        }
        pid++;
        flow++;
        writeViolation(g, pid, flow, r.report().schedule().name() + " [" + n + "] ", v);
      }
    }
    g.writeEndArray();
    g.writeStringField("displayTimeUnit", "ns");
    g.writeObjectFieldStart("otherData");
    g.writeStringField("generator", "pipeverify");
    g.writeStringField("timeUnit", "one solver time step of the counterexample per microsecond");
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writeViolation(JsonGenerator g, int pid, int flow, String prefix, Violation v)
      throws IOException {
    TraceLayout layout = new TraceLayout(v);
    meta(g, pid, 0, "process_name", prefix + v.property() + " " + v.kind());
    meta(g, pid, 0, "process_sort_index", null);
    for (int wave : v.traceWaves()) {
      meta(g, pid, tid(wave), "thread_name", "wave " + wave);
    }
    for (TraceLayout.Span s : layout.spans) {
      g.writeStartObject();
      g.writeStringField("name", TraceLayout.opText(s.text()));
      g.writeStringField("cat", s.racing() ? "race" : TraceLayout.opKind(s.text()));
      g.writeStringField("ph", "X");
      g.writeNumberField("ts", s.start());
      g.writeNumberField("dur", Math.max(1, s.end() - s.start()));
      g.writeNumberField("pid", pid);
      g.writeNumberField("tid", tid(s.wave()));
      g.writeObjectFieldStart("args");
      g.writeStringField("op", s.text());
      g.writeStringField("last event", s.kind());
      g.writeBooleanField("racing", s.racing());
      g.writeEndObject();
      g.writeEndObject();
      if (s.racing()) {
        // The racing access itself as a short slice on top, so the flow arrow binds to it.
        g.writeStartObject();
        g.writeStringField("name", "RACE " + s.kind() + " " + TraceLayout.opText(s.text()));
        g.writeStringField("cat", "race");
        g.writeStringField("ph", "X");
        g.writeNumberField("ts", s.end());
        g.writeNumberField("dur", 1);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid(s.wave()));
        g.writeEndObject();
      }
    }
    for (TraceStep b : layout.barriers) {
      for (int wave : v.traceWaves()) {
        g.writeStartObject();
        g.writeStringField("name", b.text());
        g.writeStringField("cat", "barrier");
        g.writeStringField("ph", "i");
        g.writeStringField("s", "t");
        g.writeNumberField("ts", b.time());
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid(wave));
        g.writeEndObject();
      }
    }
    writeCounters(g, pid, v);
    if (layout.first.isPresent() && layout.second.isPresent()) {
      TraceLayout.Span a = layout.first.get();
      TraceLayout.Span b = layout.second.get();
      TraceLayout.Span from = a.end() <= b.end() ? a : b;
      TraceLayout.Span to = from == a ? b : a;
      flowEvent(g, "s", pid, flow, from, v);
      flowEvent(g, "f", pid, flow, to, v);
    }
  }

  private static void flowEvent(
      JsonGenerator g, String ph, int pid, int id, TraceLayout.Span s, Violation v)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("name", v.property() + " " + v.kind() + ": missing happens-before");
    g.writeStringField("cat", "race");
    g.writeStringField("ph", ph);
    g.writeNumberField("id", id);
    g.writeNumberField("ts", s.end());
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid(s.wave()));
    if (ph.equals("f")) {
      g.writeStringField("bp", "e");
    }
    g.writeEndObject();
  }

  /** Per wave: LDS ops issued but not yet accessed, stepping at each issue and access. */
  private static void writeCounters(JsonGenerator g, int pid, Violation v) throws IOException {
    Map<Integer, Integer> inflight = new HashMap<>();
    Map<String, Integer> open = new HashMap<>();
    List<long[]> points = new ArrayList<>();
    for (TraceStep s : v.trace()) {
      if (s.time() < 0 || s.wave() < 0) {
        continue;
      }
      String kind = TraceLayout.opKind(s.text());
      boolean lds = kind.equals("ds_read") || kind.equals("ds_write") || kind.equals("g2s");
      if (!lds) {
        continue;
      }
      String key = s.wave() + "|" + s.text();
      int now = inflight.getOrDefault(s.wave(), 0);
      if (s.event().equals("issue")) {
        open.merge(key, 1, Integer::sum);
        now++;
      } else if (open.getOrDefault(key, 0) > 0) {
        open.merge(key, -1, Integer::sum);
        now--;
      } else {
        continue;
      }
      inflight.put(s.wave(), now);
      points.add(new long[] {s.time(), s.wave(), now});
    }
    for (long[] p : points) {
      g.writeStartObject();
      g.writeStringField("name", "LDS ops in flight, wave " + p[1]);
      g.writeStringField("ph", "C");
      g.writeNumberField("ts", p[0]);
      g.writeNumberField("pid", pid);
      g.writeNumberField("tid", tid((int) p[1]));
      g.writeObjectFieldStart("args");
      g.writeNumberField("ops", p[2]);
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  private static void meta(JsonGenerator g, int pid, int tid, String name, String value)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("ph", "M");
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    g.writeObjectFieldStart("args");
    if (value == null) {
      g.writeNumberField("sort_index", pid);
    } else {
      g.writeStringField("name", value);
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Thread ids start at 1: tid 0 is the process's own track in some viewers. */
  private static int tid(int wave) {
    return wave + 1;
  }
}

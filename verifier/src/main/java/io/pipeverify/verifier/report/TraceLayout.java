package io.pipeverify.verifier.report;

import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A counterexample's interleaving arranged for drawing: each op instance of a wave as a span from
 * its issue to its LDS access (or a point for waits), barriers, and the two racing accesses in the
 * order the violation names them ({@code first}: the op that should come first).
 */
final class TraceLayout {
  /** One op instance of one wave: issued at {@code start}, accessed at {@code end}. */
  record Span(int wave, String text, String kind, long start, long end, boolean racing, int id) {}

  final List<Span> spans = new ArrayList<>();
  final List<TraceStep> barriers = new ArrayList<>();
  final long minTime;
  final long maxTime;
  Optional<Span> first = Optional.empty();
  Optional<Span> second = Optional.empty();

  TraceLayout(Violation v) {
    Map<String, Integer> open = new HashMap<>();
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (TraceStep s : v.trace()) {
      if (s.time() < 0) {
        continue;
      }
      min = Math.min(min, s.time());
      max = Math.max(max, s.time());
      if (s.wave() < 0) {
        barriers.add(s);
        continue;
      }
      String key = s.wave() + "|" + s.text();
      boolean access = s.event().equals("read") || s.event().equals("write");
      Integer at = open.get(key);
      if (access && at != null) {
        Span o = spans.get(at);
        spans.set(
            at, new Span(o.wave(), o.text(), s.event(), o.start(), s.time(), s.racing(), o.id()));
        open.remove(key);
      } else {
        spans.add(
            new Span(s.wave(), s.text(), s.event(), s.time(), s.time(), s.racing(), spans.size()));
        if (s.event().equals("issue")) {
          open.put(key, spans.size() - 1);
        }
      }
    }
    minTime = min == Long.MAX_VALUE ? 0 : min;
    maxTime = max == Long.MIN_VALUE ? 0 : max;
    if (!v.ops().isEmpty()) {
      first = racing(v.ops().get(0));
    }
    if (v.ops().size() > 1) {
      second = racing(v.ops().get(1));
    }
  }

  private Optional<Span> racing(OpRef op) {
    Optional<Span> any = Optional.empty();
    for (Span s : spans) {
      if (s.racing() && s.wave() == op.wave() && s.text().startsWith(op.text())) {
        return Optional.of(s);
      }
      if (s.racing() && s.wave() == op.wave() && any.isEmpty()) {
        any = Optional.of(s);
      }
    }
    return any;
  }

  /** The op's text without the trailing {@code [k=0, loop stage 3]}. */
  static String opText(String text) {
    int bracket = text.lastIndexOf(" [");
    return bracket > 0 ? text.substring(0, bracket) : text;
  }

  /** The kind word of the op ({@code ds_read}, {@code g2s}, {@code s_waitcnt}). */
  static String opKind(String text) {
    int space = text.indexOf(' ');
    return space > 0 ? text.substring(0, space) : text;
  }
}

package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test helpers shared by the verdict tests: built-in schedules by name and options, their reports
 * verified once per JVM (a canonical verification takes seconds; the verdict tests and the golden
 * tests share them), and the decoded report for assertion messages.
 */
final class Reports {
  private static final Map<String, VerificationReport> CACHE = new ConcurrentHashMap<>();

  private Reports() {}

  /** The built-in transform's schedule; {@code options} are {@code key=value} strings. */
  static Schedule builtin(String transform, String... options) {
    Map<String, String> map = new TreeMap<>();
    for (String o : options) {
      String[] kv = o.split("=", 2);
      map.put(kv[0], kv[1]);
    }
    try {
      return Transforms.byName(transform).orElseThrow().generate(map);
    } catch (KnobException e) {
      throw new IllegalArgumentException(String.join("; ", e.problems()), e);
    }
  }

  /** The report of {@link Verifier#verify} at default options, computed once per JVM. */
  static VerificationReport canonical(String transform, String... options) {
    String key = transform + " " + String.join(" ", options);
    return CACHE.computeIfAbsent(
        key, k -> Verifier.verify(builtin(transform, options), VerifyOptions.defaults()));
  }

  /** The whole report as people read it (no timings): summaries, missing edges, traces. */
  static String describe(VerificationReport report) {
    return new TextReportRenderer(false).render(report);
  }
}

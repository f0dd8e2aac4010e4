package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleWriter;
import io.pipeverify.model.interp.Outcome;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.report.FindingText;
import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Regenerates the {@code counterexamples/} corpus and fails on any difference from the files in the
 * repository. Update it on purpose with {@code mvn -B -o -pl model,verifier,codegen,cli verify
 * -Dtest=CorpusTest -Dsurefire.failIfNoSpecifiedTests=false -Dpipeverify.updateCorpus=true}
 * (docs/replay.md); the prose of each case is {@link CorpusCases}.
 */
class CorpusTest {
  static final Path CORPUS = Path.of("..", "counterexamples");
  static final long SEED = 1;
  static final int ORDERS = 20;

  @Test
  void corpusIsUpToDate() throws Exception {
    Map<String, String> files = new TreeMap<>();
    List<String[]> index = new ArrayList<>();
    Map<String, String> verified = verifiedCases();
    for (CorpusCases.Case c : CorpusCases.ALL) {
      Schedule schedule = generate(c, c.knobs());
      ReplaySession s = ReplaySession.run(schedule, VerifyOptions.defaults(), null, SEED, ORDERS);
      assertTrue(
          s.clean().isEmpty(),
          () ->
              c.name()
                  + ": a counterexample replays to the right result\n"
                  + ReplayRenderer.summary(s));
      assertEquals(
          c.expectedVerdict(),
          s.report().verdict().id(),
          () ->
              c.name() + ": verdict changed\n" + new TextReportRenderer(false).render(s.report()));
      if (s.report().verdict() instanceof Verdict.Verified) {
        assertTrue(s.random().orElseThrow().allMatch(), () -> ReplayRenderer.summary(s));
      }
      String dir = c.name() + "/";
      files.put(dir + "schedule.json", ScheduleWriter.write(schedule));
      files.put(dir + "report.json", new JsonReportRenderer(false).render(s.report()));
      files.put(dir + "report.txt", new TextReportRenderer(false).render(s.report()));
      files.put(dir + "replay.json", ReplayRenderer.json(s));
      files.put(dir + "replay.txt", ReplayRenderer.summary(s));
      files.put(dir + "README.md", readme(c, s, fixedCase(c, verified)));
      index.add(row(c, s));
    }
    files.put("README.md", CorpusCases.index(index));
    boolean update = Boolean.getBoolean("pipeverify.updateCorpus");
    List<String> differ = new ArrayList<>();
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = CORPUS.resolve(f.getKey());
      String now = Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : null;
      if (!f.getValue().equals(now)) {
        differ.add(f.getKey());
        if (update) {
          Files.createDirectories(p.getParent());
          Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
        }
      }
    }
    if (!update && !differ.isEmpty()) {
      fail(
          "counterexamples/ is out of date: "
              + differ
              + "\nregenerate with: mvn -B -o -pl model,verifier,codegen,cli verify -Dtest=CorpusTest"
              + " -Dsurefire.failIfNoSpecifiedTests=false -Dpipeverify.updateCorpus=true");
    }
  }

  private static Schedule generate(CorpusCases.Case c, Map<String, String> knobs)
      throws KnobException {
    return Transforms.byName(c.transform()).orElseThrow().generate(knobs);
  }

  /**
   * The verified cases by their schedule file. Each case's verdict is asserted, so a case expected
   * to verify does.
   */
  private static Map<String, String> verifiedCases() throws KnobException {
    Map<String, String> byFile = new HashMap<>();
    for (CorpusCases.Case c : CorpusCases.ALL) {
      if (c.expectedVerdict().equals("verified")) {
        byFile.put(ScheduleWriter.write(generate(c, c.knobs())), c.name());
      }
    }
    return byFile;
  }

  /** The verified case that a violated case with its fix knobs applied is, by schedule file. */
  private static Optional<String> fixedCase(CorpusCases.Case c, Map<String, String> verified)
      throws KnobException {
    if (c.expectedVerdict().equals("verified")) {
      assertEquals(Map.of(), c.fixKnobs(), c.name() + ": a verified case needs no fix");
      return Optional.empty();
    }
    assertFalse(c.fixKnobs().isEmpty(), c.name() + ": a violated case needs its fix knobs");
    Map<String, String> knobs = new LinkedHashMap<>(c.knobs());
    for (Map.Entry<String, String> k : c.fixKnobs().entrySet()) {
      String kv = k.getKey() + "=" + k.getValue();
      assertTrue(c.fix().contains(kv), c.name() + ": the fix's prose does not say " + kv);
      knobs.put(k.getKey(), k.getValue());
    }
    String fixed = verified.get(ScheduleWriter.write(generate(c, knobs)));
    assertNotNull(fixed, c.name() + ": its fix gives no verified case of the corpus");
    return Optional.of(fixed);
  }

  private static String[] row(CorpusCases.Case c, ReplaySession s) {
    String kind = "-";
    String pct;
    if (s.report().verdict() instanceof Verdict.Violated v) {
      Violation first = v.violations().get(0);
      kind = first.property() + " " + first.kind();
      Outcome o = s.headline().orElse(null);
      pct =
          o == null
              ? "-"
              : ReplayRenderer.percent(o.mismatchPercent()) + " (" + o.nanCount() + " NaN)";
    } else {
      pct = "0.00 (" + s.random().orElseThrow().orders() + " random orders)";
    }
    return new String[] {c.name(), s.report().verdict().id(), kind, pct, c.oneLine()};
  }

  private static String readme(CorpusCases.Case c, ReplaySession s, Optional<String> fixedCase)
      throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("# ").append(c.name()).append("\n\n");
    sb.append("Schedule: `")
        .append(s.report().schedule().name())
        .append("` (`./pipeverify replay --builtin ");
    sb.append(c.transform());
    for (Map.Entry<String, String> k : new LinkedHashMap<>(c.knobs()).entrySet()) {
      sb.append(" --opt ").append(k.getKey()).append('=').append(k.getValue());
    }
    sb.append("`)\n\n");
    sb.append("Verdict: **").append(s.report().verdict().id()).append("**");
    if (s.report().verdict() instanceof Verdict.Violated v) {
      int causes = v.findings().size();
      sb.append(" (").append(causes).append(causes == 1 ? " root cause, " : " root causes, ");
      sb.append(v.violations().size()).append(" violations; first: ");
      sb.append(v.violations().get(0).property())
          .append(' ')
          .append(v.violations().get(0).kind())
          .append(")\n\nRoot causes (docs/debugging.md):\n\n");
      for (Finding f : v.findings()) {
        sb.append("- ")
            .append(f.cause().kind().title())
            .append(": ")
            .append(f.cause().text())
            .append(" (breaks ")
            .append(FindingText.rules(f))
            .append("; ")
            .append(f.instances())
            .append(" instances)\n");
      }
    }
    if (!(s.report().verdict() instanceof Verdict.Violated)) {
      sb.append('\n');
    }
    sb.append("\n## What is wrong\n\n").append(c.whatIsWrong()).append("\n\n");
    sb.append("## Minimal fix\n\n").append(c.fix()).append("\n\n");
    fixedCase.ifPresent(
        f ->
            sb.append("With the fix the schedule is case [`")
                .append(f)
                .append("`](../")
                .append(f)
                .append("/README.md), which verifies.\n\n"));
    sb.append("## Replay\n\n```\n").append(ReplayRenderer.summary(s)).append("```\n\n");
    sb.append("Files: `schedule.json` (the schedule), `report.txt` / `report.json` (the verifier's")
        .append(" report, no timings), `replay.txt` / `replay.json` (the replay on data seed ")
        .append(SEED)
        .append(").\n");
    return sb.toString();
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A baseline and an inline suppression end to end (issue 33 item 4; docs/ci.md, "Known findings"):
 * {@link PrefetchKernel}, whose epilogue stages its result over bytes the other wave's last
 * prefetch read (used afterwards) may still be reading. Its one root cause, baselined, stays
 * unchanged when lines are added above it; a second race made by dropping a loop wait is new and
 * fails the run; a suppression with a reason allows the first in the source; SARIF says all of it.
 */
class KnownFindingsTest {
  @TempDir Path tmp;

  private static final String KEY =
      "retired too late on lgkmcnt by s_waitcnt lgkmcnt(0) in epilogue";

  /**
   * {@link PrefetchKernel} used in its epilogue, after {@code above}; {@code loopWait}: line 26.
   */
  private Path kernel(String name, List<String> above, boolean loopWait) throws Exception {
    List<String> lines = new ArrayList<>(above);
    lines.addAll(PrefetchKernel.lines(true, loopWait));
    Path file = tmp.resolve(name);
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  private static Cli.Result verify(Path k, String... more) {
    List<String> args = new ArrayList<>(List.of("verify", k.toString(), "--waves", "2"));
    args.addAll(List.of("--no-timings", "--max-findings", "0"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  @Test
  void aBaselinedCauseSurvivesLinesAddedAboveAndOnlyANewOneFails() throws Exception {
    Path original = kernel("k.s", List.of(), true);
    Cli.Result first = verify(original, "--format", "json");
    assertEquals(1, first.code(), first.dump());
    assertEquals(KEY, first.json().at("/findings/0/cause/key").asText(), first.dump());
    Path baseline = tmp.resolve("baseline.json");
    Files.writeString(baseline, first.out(), StandardCharsets.UTF_8);

    // Four lines above the kernel: every line number moves, the key does not.
    List<String> above = List.of("// kernel k", "// two waves", "", "\t.text");
    Path moved = kernel("moved.s", above, true);
    Cli.Result same = verify(moved, "--baseline", baseline.toString());
    assertEquals(0, same.code(), same.dump());
    assertTrue(same.out().startsWith("k: VIOLATED (1 root cause, 4 instances)\n"), same.dump());
    assertTrue(
        same.out()
            .contains(
                "\nknown: 1 in the baseline "
                    + baseline
                    + "; 0 new (only new root causes fail the gate)\n"),
        same.dump());
    assertTrue(same.out().contains("\n  key: " + KEY + " [in the baseline]\n"), same.dump());

    // Without the loop's wait a new race: that one fails the run; SARIF tells them apart.
    Path broken = kernel("broken.s", above, false);
    Cli.Result worse = verify(broken, "--baseline", baseline.toString());
    assertEquals(1, worse.code(), worse.dump());
    assertTrue(worse.out().contains(" [new]\n"), worse.dump());
    assertTrue(worse.out().contains("; 1 new (only new root causes fail the gate)"), worse.dump());
    Cli.Result sarif = verify(broken, "--baseline", baseline.toString(), "--format", "sarif");
    assertEquals(1, sarif.code(), sarif.dump());
    JsonNode results = new ObjectMapper().readTree(sarif.out()).at("/runs/0/results");
    List<String> states = new ArrayList<>();
    for (JsonNode r : results) {
      states.add(r.at("/properties/cause/key").asText() + ": " + r.get("baselineState").asText());
    }
    assertTrue(states.contains(KEY + ": unchanged"), states.toString());
    assertEquals(2, states.size(), states.toString());
    assertTrue(states.stream().filter(s -> s.endsWith(": new")).count() == 1, states.toString());
  }

  @Test
  void aSuppressionWithAReasonAllowsTheCauseAndIsListed() throws Exception {
    String allow = "// pipeverify: allow " + KEY + " -- the epilogue's reads wait for lgkmcnt(0)";
    Path k = kernel("k.s", List.of(allow), true);
    Cli.Result text = verify(k);
    assertEquals(0, text.code(), text.dump());
    assertTrue(
        text.out()
            .contains(
                "\n  key: "
                    + KEY
                    + " [suppressed at "
                    + k
                    + ":1: the epilogue's reads wait for lgkmcnt(0)]\n"),
        text.dump());
    assertTrue(text.out().contains("\nknown: 1 suppressed; 0 new"), text.dump());
    JsonNode json = verify(k, "--format", "json").json();
    assertEquals("suppressed", json.at("/findings/0/known").asText());
    assertEquals(0, json.at("/known/exitCode").asInt());
    JsonNode sarif =
        new ObjectMapper().readTree(verify(k, "--format", "sarif").out()).at("/runs/0/results/0");
    assertEquals("inSource", sarif.at("/suppressions/0/kind").asText());
    assertEquals(
        "the epilogue's reads wait for lgkmcnt(0)",
        sarif.at("/suppressions/0/justification").asText());
    assertEquals(1, sarif.at("/suppressions/0/location/physicalLocation/region/startLine").asInt());

    // A suppression of another cause allows nothing and is listed as unused.
    Path other = kernel("other.s", List.of("; pipeverify: allow no such cause -- stale"), true);
    Cli.Result unused = verify(other);
    assertEquals(1, unused.code(), unused.dump());
    assertTrue(
        unused.out().contains("\n  unused suppression at " + other + ":1: no such cause\n"),
        unused.dump());
  }

  @Test
  void aSuppressionWithoutAReasonOrABadBaselineIsBadInput() throws Exception {
    Path k = kernel("k.s", List.of("// pipeverify: allow " + KEY), true);
    Cli.Result r = verify(k);
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .startsWith(
                "pipeverify: "
                    + k
                    + ":1: expected '// pipeverify: allow KEY -- reason' (KEY: a root cause's"
                    + " key, as the report's 'key:' line gives it; the reason is required)"),
        r.dump());
    Path bad = tmp.resolve("bad.json");
    Files.writeString(bad, "{\"schedule\": \"k\", \"findings\": [{\"cause\": {}}]}\n");
    Cli.Result b = verify(kernel("ok.s", List.of(), true), "--baseline", bad.toString());
    assertEquals(2, b.code(), b.dump());
    assertTrue(
        b.err()
            .startsWith(
                "pipeverify: --baseline "
                    + bad
                    + ":1:42: error at /findings/0/cause: expected an object with 'key' (a baseline"
                    + " is a pipeverify report: verify --format json or --jsonl)"),
        b.dump());
    // JSON Lines whose second line is cut: that line is named, not the whole file.
    Path lines = tmp.resolve("bad.jsonl");
    Files.writeString(lines, "{\"schedule\": \"k\", \"findings\": []}\n{\"schedule\": \n");
    Cli.Result l = verify(kernel("ok2.s", List.of(), true), "--baseline", lines.toString());
    assertEquals(2, l.code(), l.dump());
    assertTrue(
        l.err().startsWith("pipeverify: --baseline " + lines + ":2:14: error at /: invalid JSON"),
        l.dump());
  }
}

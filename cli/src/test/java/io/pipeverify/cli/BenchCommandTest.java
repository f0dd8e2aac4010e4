package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench} prints one row per schedule with its verdict; its timings are not asserted. */
class BenchCommandTest {

  @Test
  void oneRowPerBuiltinAndTheFixedCdna4WithTheirVerdicts() {
    Cli.Result r = Cli.run("bench", "--warmup", "0", "--runs", "1");
    assertEquals(0, r.code(), r.dump());
    List<String> lines = Arrays.asList(r.out().split("\n"));
    assertTrue(lines.get(0).startsWith("schedule "), r.dump());
    assertTrue(lines.get(0).contains("median ms"), r.dump());
    List<String> verdicts =
        lines.subList(2, 8).stream()
            .map(l -> l.split("\\s+"))
            .map(cols -> cols[0] + " " + cols[1])
            .toList();
    assertEquals(
        List.of(
            "tilelang-pipelined verified",
            "cdna4-interleave violated",
            "hipkittens-2step violated",
            "triton-stream verified",
            "triton-pingpong verified",
            "cdna4-interleave[lgkmDrainBeforeBarrier=true] verified"),
        verdicts);
    assertTrue(r.out().contains("1 timed runs after 0 warm-up runs each, in one JVM; "), r.dump());
    assertTrue(r.err().contains("pipeverify: bench cdna4-interleave\n"), r.dump());
  }

  @Test
  void targetsOneRowEachWithTheirVerdicts() {
    // --quick: the rows on the schedules one step down the events axis (the full sizes are the
    // benchmark's, docs/PERFORMANCE.md: minutes, not a unit test's). One warm-up and one run
    // each: the verdicts, the 512 MB child JVM and the largest run are what this checks; the
    // ratios of so few runs say nothing and are not asserted.
    Cli.Result r = Cli.run("bench", "--targets", "--quick", "--warmup", "1", "--runs", "1");
    assertEquals(0, r.code(), r.dump());
    List<String> lines = Arrays.asList(r.out().split("\n"));
    assertEquals(List.of("target", "measured", "met?"), List.of(lines.get(0).split("\\s{2,}")));
    List<String> rows = lines.subList(2, 9);
    assertTrue(
        rows.get(0)
            .startsWith("real kernel (pingpong-16phase.s, 16302 events) <= 1.5x cdna4-interleave"),
        r.dump());
    assertTrue(rows.get(0).contains("  verified: "), r.dump());
    assertTrue(
        rows.get(1).startsWith("pingpong-kernel.json (41980 events; reported, not a target)"),
        r.dump());
    assertTrue(rows.get(1).matches(".*  violated: .* +-"), r.dump());
    assertTrue(rows.get(2).startsWith("30020 events <= 12x 10040 events"), r.dump());
    assertTrue(rows.get(2).contains("  verified: "), r.dump());
    assertTrue(rows.get(3).startsWith("30020 events within 512 MB of heap"), r.dump());
    assertTrue(rows.get(3).contains("  verified with -Xmx512m in "), r.dump());
    assertTrue(rows.get(3).endsWith("  yes"), r.dump());
    assertTrue(
        rows.get(4)
            .startsWith(
                "10040 events, every access 16-32 pieces, <= 2x the same accesses as one range"
                    + " each"),
        r.dump());
    assertTrue(rows.get(4).contains("  verified: "), r.dump());
    assertTrue(rows.get(5).startsWith("120020 events verified, not inconclusive"), r.dump());
    assertTrue(rows.get(5).contains("  verified in "), r.dump());
    // In-process there is no launcher to time.
    assertTrue(
        rows.get(6).matches(".*  not measured: run bench through \\./pipeverify +-"), r.dump());
  }

  @Test
  void targetsRunTheirOwnSchedules() {
    Cli.Result r = Cli.run("bench", "--targets", "--builtin", "cdna4-interleave");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: bench --targets runs its own schedules; give no FILE, --builtin or"
            + " --scaling\n",
        r.err());
  }

  @Test
  void noTimedRunIsBadInput() {
    Cli.Result r = Cli.run("bench", "--runs", "0");
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: bench needs --runs >= 1\n", r.err());
    for (String warmup : List.of("-1", "soon")) {
      Cli.Result bad = Cli.run("bench", "--warmup", warmup);
      assertEquals(2, bad.code(), bad.dump());
      assertEquals(
          "pipeverify: bench --warmup takes auto or a number of runs >= 0, not '" + warmup + "'\n",
          bad.err());
    }
  }

  @Test
  void benchesTheGivenFilesOneRowEach() {
    String file = Cli.DOUBLE_BUFFER.toString();
    Cli.Result r = Cli.run("bench", "--warmup", "0", "--runs", "1", file);
    assertEquals(0, r.code(), r.dump());
    List<String> lines = Arrays.asList(r.out().split("\n"));
    assertEquals(
        List.of(file, "verified", "620"),
        Arrays.asList(lines.get(2).split("\\s+")).subList(0, 3),
        r.dump());
    assertEquals("", lines.get(3), r.dump());
    assertTrue(r.err().contains("pipeverify: bench " + file + "\n"), r.dump());
  }

  @Test
  void aBuiltinAndFilesInOneRunTheBuiltinFirst() {
    String file = Cli.DOUBLE_BUFFER.toString();
    Cli.Result r =
        Cli.run("bench", "--warmup", "0", "--runs", "1", "--builtin", "triton-stream", file);
    assertEquals(0, r.code(), r.dump());
    List<String> lines = Arrays.asList(r.out().split("\n"));
    assertEquals(
        List.of("triton-stream verified 13140", file + " verified 620"),
        lines.subList(2, 4).stream()
            .map(l -> String.join(" ", Arrays.asList(l.split("\\s+")).subList(0, 3)))
            .toList(),
        r.dump());
  }

  @Test
  void anUnknownScalingAxisIsBadInput() {
    Cli.Result r = Cli.run("bench", "--scaling=waves");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: bench --scaling takes grid, events or conflicts (or no value), not 'waves'\n",
        r.err());
  }

  @Test
  void scalingWithAFileIsBadInput() {
    Cli.Result r = Cli.run("bench", "--scaling=events", Cli.DOUBLE_BUFFER.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: bench --scaling runs its own schedules; give no FILE\n", r.err());
  }
}

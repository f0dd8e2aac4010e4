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
  void noTimedRunIsBadInput() {
    Cli.Result r = Cli.run("bench", "--runs", "0");
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: bench needs --warmup >= 0 and --runs >= 1\n", r.err());
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
        "pipeverify: bench --scaling takes grid or events (or no value), not 'waves'\n", r.err());
  }

  @Test
  void scalingWithAFileIsBadInput() {
    Cli.Result r = Cli.run("bench", "--scaling=events", Cli.DOUBLE_BUFFER.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: bench --scaling runs its own schedules; give no FILE\n", r.err());
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end verify runs. A full cdna4-interleave verification takes seconds, so only three run
 * here (two of them the determinism check); the rest use the small double-buffer example or stop at
 * bad input before verifying.
 */
class VerifyCommandTest {
  @TempDir Path dir;

  @Test
  void cdna4DefaultsAreAWarOnBAndTheReportIsDeterministic() {
    String[] args = {"verify", "--builtin", "cdna4-interleave", "--format", "json", "--no-timings"};
    Cli.Result first = Cli.run(args);
    assertEquals(1, first.code(), first.dump());
    JsonNode report = first.json();
    assertEquals("violated", report.get("verdict").asText());
    assertEquals("cdna4-interleave", report.get("schedule").asText());
    assertEquals("gfx950", report.at("/options/target").asText());
    assertEquals("llvm", report.at("/options/implicitWaits").asText());
    assertEquals("ordered", report.at("/options/counters").asText());
    // As in counterexamples/cdna4-interleave/report.json: two WARs on B, both found at T=2.
    assertEquals(2, report.get("violations").size(), first.dump());
    JsonNode v = report.at("/violations/0");
    assertEquals("P1", v.get("property").asText(), first.dump());
    assertEquals("WAR", v.get("kind").asText(), first.dump());
    assertEquals("B", v.at("/ops/0/buffer").asText(), first.dump());
    assertEquals("ds_read", v.at("/ops/0/op").asText(), first.dump());
    assertEquals("g2s", v.at("/ops/1/op").asText(), first.dump());
    assertEquals(2, v.get("tripCount").asInt(), first.dump());
    assertEquals(34, v.get("trace").size(), first.dump());
    assertFalse(report.get("stats").has("totalTimeMs"), first.dump());

    Cli.Result second = Cli.run(args);
    assertEquals(1, second.code(), second.dump());
    assertEquals(first.out(), second.out());
  }

  @Test
  void lgkmDrainBeforeBarrierVerifies() {
    Cli.Result r =
        Cli.run("verify", "--builtin", "cdna4-interleave", "--opt", "lgkmDrainBeforeBarrier=true");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out().startsWith("cdna4-interleave[lgkmDrainBeforeBarrier=true]: VERIFIED\n"), r.dump());
    assertTrue(r.out().contains("\nstats: "), r.dump());
    assertTrue(r.out().contains(" ms, total "), r.dump());
  }

  @Test
  void fromStdin() throws IOException {
    String schedule = Files.readString(Cli.DOUBLE_BUFFER, StandardCharsets.UTF_8);
    Cli.Result r = Cli.runWithStdin(schedule, "verify", "-", "--format", "json");
    assertEquals(0, r.code(), r.dump());
    assertEquals("verified", r.json().get("verdict").asText());
    assertEquals("double-buffer-2w", r.json().get("schedule").asText());
    assertTrue(r.json().at("/stats/totalTimeMs").isNumber(), r.dump());
  }

  @Test
  void unorderedCountersAndOverridesReachTheReport() {
    Cli.Result r =
        Cli.run(
            "verify",
            Cli.DOUBLE_BUFFER.toString(),
            "--counters",
            "unordered",
            "--implicit-waits",
            "none",
            "--timeout-ms",
            "5000",
            "--format",
            "json");
    // Without implicit waits the example's mfmas read their registers before the lgkmcnt wait
    // that retires the ds_reads: a P4 register hazard (exit 1). The options still reach the report.
    assertEquals(1, r.code(), r.dump());
    JsonNode first = r.json().at("/violations/0");
    assertEquals("P4", first.get("property").asText(), r.dump());
    assertEquals("REGISTER_HAZARD", first.get("kind").asText(), r.dump());
    JsonNode options = r.json().get("options");
    assertEquals("unordered", options.get("counters").asText());
    assertEquals("none", options.get("implicitWaits").asText());
    assertEquals("gfx950", options.get("target").asText());
    assertEquals(5000, options.get("solverTimeoutMs").asInt());
  }

  @Test
  void targetOverrideIsValidatedAgain() throws IOException {
    Cli.Result json = Cli.run("show", "--builtin", "cdna4-interleave", "--format", "json");
    Path file = dir.resolve("cdna4.json");
    Files.writeString(file, json.out(), StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("verify", file.toString(), "--target", "gfx942");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: "
            + file
            + " with gfx942, implicit waits llvm: error at /buffers: LDS use 131072 bytes exceeds"
            + " the gfx942 capacity of 65536 bytes\n",
        r.err());
    assertEquals("", r.out());
  }

  @Test
  void builtinThatDoesNotFitTheTargetIsBadInput() {
    Cli.Result r = Cli.run("verify", "--builtin", "tilelang-pipelined", "--target", "gfx942");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: tilelang-pipelined[target=gfx942]: these knobs give an invalid schedule:"
            + " error at /buffers: LDS use 131072 bytes exceeds the gfx942 capacity of 65536"
            + " bytes\n",
        r.err());
  }

  @Test
  void targetOptionContradictingAKnob() {
    Cli.Result r =
        Cli.run(
            "verify",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "target=gfx950",
            "--target",
            "gfx942");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: --target gfx942 contradicts --opt target=gfx950; give one of them\n", r.err());
  }

  @Test
  void badKnobOfABuiltinIsBadInput() {
    Cli.Result r = Cli.run("verify", "--builtin", "triton-pingpong", "--opt", "clusters=3");
    assertEquals(2, r.code(), r.dump());
    assertTrue(r.err().startsWith("pipeverify: triton-pingpong: "), r.dump());
  }

  @Test
  void usageErrors() {
    Cli.Result badCounters = Cli.run("verify", Cli.DOUBLE_BUFFER.toString(), "--counters", "fifo");
    assertEquals(2, badCounters.code(), badCounters.dump());
    assertEquals(
        "pipeverify: Invalid value for option '--counters': unknown counter mode 'fifo' (expected"
            + " ordered or unordered)\nTry 'pipeverify verify --help' for more information.\n",
        badCounters.err());
    Cli.Result badTarget = Cli.run("verify", Cli.DOUBLE_BUFFER.toString(), "--target", "gfx90a");
    assertEquals(2, badTarget.code(), badTarget.dump());
    assertTrue(badTarget.err().contains("unknown target 'gfx90a'"), badTarget.dump());
    Cli.Result zeroTimeout = Cli.run("verify", Cli.DOUBLE_BUFFER.toString(), "--timeout-ms", "0");
    assertEquals(2, zeroTimeout.code(), zeroTimeout.dump());
    assertTrue(zeroTimeout.err().startsWith("pipeverify: --timeout-ms must be at least 1"));
    Cli.Result unknownOption = Cli.run("verify", "--frob");
    assertEquals(2, unknownOption.code(), unknownOption.dump());
    assertTrue(unknownOption.err().startsWith("pipeverify: Unknown option: '--frob'"));
    assertEquals("", unknownOption.out());
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --assume}, {@code "assumptions"} in a schedule file and {@code list --assumptions}, end to
 * end: cdna4-interleave's default violation is reads in flight across a barrier, which {@code
 * lds-read-before-dma} excuses (docs/debugging.md).
 */
class AssumeOptionTest {
  @TempDir Path dir;

  @Test
  void listNamesEachAssumptionWithItsFactAndWhatItMayHide() {
    Cli.Result r = Cli.run("list", "--assumptions");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("lds-read-before-dma\n  relies on: a ds_read issued"), r.dump());
    assertTrue(r.out().contains("\n  may hide:  a read delayed past"), r.dump());
    Cli.Result json = Cli.run("list", "--assumptions", "--format", "json");
    assertEquals(0, json.code(), json.dump());
    assertEquals("lds-read-before-dma", json.json().get(0).get("name").asText());
    assertTrue(json.json().get(0).get("mayHide").asText().contains("lgkmcnt(0)"), json.dump());
  }

  @Test
  void withoutTheAssumptionTheReadsInFlightAreViolations() {
    Cli.Result r = Cli.run("verify", "--builtin", "cdna4-interleave", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("\n  race class:      in flight across the barrier: "), r.dump());
    assertFalse(r.out().contains("race class:      unordered"), r.dump());
  }

  @Test
  void theAssumptionVerifiesCdna4InterleaveAndListsWhatItExcused() {
    Cli.Result r =
        Cli.run(
            "verify",
            "--builtin",
            "cdna4-interleave",
            "--assume",
            "lds-read-before-dma",
            "--no-timings");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out().startsWith("cdna4-interleave: VERIFIED under assumption lds-read-before-dma\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nassumptions: lds-read-before-dma (224 instances excused; pipeverify list"
                    + " --assumptions)\n"),
        r.dump());
    assertEquals(2, r.out().split("\n  note: P1 WAR in flight across the barrier: ").length - 1);
  }

  @Test
  void anUnknownAssumptionIsAUsageError() {
    Cli.Result r = Cli.run("verify", "--builtin", "cdna4-interleave", "--assume", "dma-is-slow");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err().contains("unknown assumption 'dma-is-slow'; known: lds-read-before-dma"), r.dump());
  }

  /** The cdna4-interleave schedule as a file, with {@code "assumptions": [names]}. */
  private Path scheduleStating(String... names) throws Exception {
    Cli.Result show = Cli.run("show", "--builtin", "cdna4-interleave", "--format", "json");
    assertEquals(0, show.code(), show.dump());
    ObjectNode schedule = (ObjectNode) show.json();
    ArrayNode stated = schedule.putArray("assumptions");
    for (String n : names) {
      stated.add(n);
    }
    Path file = dir.resolve("cdna4.json");
    Files.writeString(file, schedule.toPrettyString(), StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void aScheduleFileCanStateTheAssumption() throws Exception {
    Path file = scheduleStating("lds-read-before-dma");
    Cli.Result r = Cli.run("verify", file.toString(), "--format", "json", "--no-timings");
    assertEquals(0, r.code(), r.dump());
    JsonNode report = r.json();
    assertEquals("verified", report.get("verdict").asText());
    assertEquals("lds-read-before-dma", report.get("assumptions").get(0).asText());
    assertEquals(2, report.get("excused").size(), r.dump());
    assertEquals("in-flight-across-barrier", report.get("excused").get(0).get("class").asText());
  }

  @Test
  void anUnknownAssumptionInAFileIsBadInputAtItsPointer() throws Exception {
    Path file = scheduleStating("lds-read-before-dma", "dma-is-slow");
    Cli.Result r = Cli.run("verify", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .matches(
                "(?s).*cdna4\\.json:\\d+:\\d+: error at /assumptions/1: unknown assumption"
                    + " 'dma-is-slow' \\(expected one of: lds-read-before-dma.*"),
        r.dump());
  }
}

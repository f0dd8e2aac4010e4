package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: every output says how many findings a cap left out and how to see them, and names
 * with control or bidi characters reach the terminal escaped.
 */
class FindingsOutputTest {
  @TempDir Path dir;

  private static final String OMITTED =
      "9 more defects not reported (limit 2 root causes; --max-findings 0 reports all)";

  @Test
  void everyFormatSaysHowManyFindingsTheCapLeftOut() throws IOException {
    Path out = dir.resolve("out");
    Cli.Result r =
        Cli.run(
            "verify",
            "--builtin",
            "hipkittens-2step",
            "--max-findings",
            "2",
            "--no-timings",
            "--format",
            "text,json,sarif,junit,github,html",
            "--out",
            out.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("(2 root causes, 4704 instances; 9 more not reported)"), r.dump());
    String text = Files.readString(out.resolve("report.txt"));
    assertTrue(
        text.startsWith("hipkittens-2step: VIOLATED (2 root causes, 4704 instances)\n"), text);
    assertTrue(text.contains("\n" + OMITTED + "\n"), text);
    var json =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(Files.readString(out.resolve("report.json")));
    assertEquals(2, json.get("findings").size());
    assertEquals(9, json.get("findingsOmitted").asInt());
    assertEquals(2, json.get("maxFindings").asInt());
    assertEquals(4648, json.at("/findings/0/instances").asInt());
    assertEquals(0, json.at("/findings/0/violation").asInt());
    assertEquals(26, json.at("/findings/0/violations").size());
    assertEquals(26, json.at("/findings/1/violation").asInt());
    assertEquals(
        "retired too late on vmcnt by s_waitcnt vmcnt(6) in loop phase 3",
        json.at("/findings/0/cause/key").asText());
    var sarif =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(Files.readString(out.resolve("report.sarif")));
    assertEquals(2, sarif.at("/runs/0/results").size());
    assertEquals(56, sarif.at("/runs/0/results/1/properties/instances").asInt());
    assertTrue(
        sarif.at("/runs/0/results/1/message/text").asText().contains("(56 instances in waves"));
    assertEquals(
        "hipkittens-2step: " + OMITTED,
        sarif.at("/runs/0/invocations/0/toolExecutionNotifications/0/message/text").asText());
    assertTrue(
        Files.readString(out.resolve("report.junit.xml"))
            .contains("<property name=\"omitted\" value=\"" + OMITTED + "\"/>"));
    assertTrue(
        Files.readString(out.resolve("github.txt"))
            .contains("::warning title=pipeverify%3A hipkittens-2step::" + OMITTED + "\n"));
    assertTrue(
        Files.readString(out.resolve("report.html"))
            .contains("<p class=\"omitted\">" + OMITTED + "</p>"));
  }

  @Test
  void aNegativeCapIsBadUsage() {
    Cli.Result r = Cli.run("verify", "--builtin", "triton-stream", "--max-findings", "-1");
    assertEquals(2, r.code(), r.dump());
    assertTrue(r.err().contains("--max-findings must be 0 (all) or more, got -1"), r.dump());
  }

  /**
   * The double-buffer example without its prologue wait (so it races), its name, role and buffer A
   * carrying a right-to-left override, an escape sequence and a bidi isolate, in a file whose name
   * has an override too.
   */
  private Path hostileSchedule() throws IOException {
    List<String> lines = Files.readAllLines(Cli.DOUBLE_BUFFER, StandardCharsets.UTF_8);
    lines.remove(20);
    String s =
        String.join("\n", lines)
            .replace("\"name\": \"double-buffer-2w\"", "\"name\": \"evil\\u202egnp.json\"")
            .replace("\"role\": \"all\"", "\"role\": \"r\\u001b[31m\"")
            .replace("\"name\": \"A\"", "\"name\": \"A\\u2066\"")
            .replace("\"buffer\": \"A\"", "\"buffer\": \"A\\u2066\"");
    Path file = dir.resolve("ev\u202eil.json");
    Files.writeString(file, s, StandardCharsets.UTF_8);
    return file;
  }

  private static void assertNoRawControls(String out) {
    assertFalse(
        out.chars().anyMatch(c -> c == 0x1B || c == 0x202E || c == 0x2066),
        "raw control or bidi character in:\n" + out);
  }

  @Test
  void namesWithControlAndBidiCharactersArePrintedEscaped() throws IOException {
    Path file = hostileSchedule();
    Cli.Result r = Cli.run("verify", file.toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    List<String> lines = r.out().lines().toList();
    assertEquals("evil\\u202Egnp.json: VIOLATED (1 root cause, 20 instances)", lines.get(0));
    assertTrue(lines.get(4).startsWith("[1] root cause (issued too early): ds_read A\\u2066 at"));
    assertEquals("  key: issued too early on vmcnt after the start of loop", lines.get(5));
    assertEquals("  breaks P1 RAW (4 defects), P2 UNINITIALIZED (4)", lines.get(6));
    assertEquals("  20 instances in waves 0-1, iteration k=0, role r\\u001B[31m", lines.get(7));
    assertEquals("  the first: P1 RAW on buffer A\\u2066 (LDS race, found at T=1)", lines.get(9));
    String escapedFile = dir.resolve("ev\\u202Eil.json").toString();
    assertEquals(
        "  ops at "
            + escapedFile
            + ":/programs/0/prologue/0, "
            + escapedFile
            + ":/programs/0/loop/2, "
            + escapedFile
            + ":/programs/0/loop/3, "
            + escapedFile
            + ":/programs/0/prologue/1, "
            + escapedFile
            + ":/programs/0/loop/4, "
            + escapedFile
            + ":/programs/0/loop/5",
        lines.get(8));
    assertEquals(
        "                   origin " + escapedFile + ":/programs/0/prologue/0", lines.get(12));
    assertNoRawControls(r.out());

    Cli.Result show = Cli.run("show", file.toString());
    assertEquals(0, show.code(), show.dump());
    assertEquals("schedule evil\\u202Egnp.json", show.out().lines().findFirst().orElseThrow());
    assertNoRawControls(show.out());
    Cli.Result showJson = Cli.run("show", file.toString(), "--format", "json");
    assertNoRawControls(showJson.out());
    assertTrue(showJson.out().contains("\"name\": \"evil\\u202Egnp.json\""), showJson.dump());
    assertEquals("evil\u202Egnp.json", showJson.json().get("name").asText());

    Cli.Result github = Cli.run("verify", file.toString(), "--format", "github");
    assertNoRawControls(github.out());
    assertTrue(
        github.out().startsWith("::error file=" + escapedFile + ",line=19,col=9,"), github.dump());

    Path out = dir.resolve("out");
    Cli.Result ci =
        Cli.run("verify", file.toString(), "--format", "junit,html", "--out", out.toString());
    assertEquals(1, ci.code(), ci.dump());
    String junit = Files.readString(out.resolve("report.junit.xml"));
    assertNoRawControls(junit);
    assertTrue(junit.contains("<testsuite name=\"evil\\u202Egnp.json\""), junit);
    assertNoRawControls(Files.readString(out.resolve("report.html")));

    // JSON escapes them by its own rules and reads back to the names as written.
    Cli.Result json = Cli.run("verify", file.toString(), "--format", "json", "--no-timings");
    assertNoRawControls(json.out());
    assertTrue(json.out().contains("\"schedule\" : \"evil\\u202Egnp.json\""), json.dump());
    assertEquals("evil\u202Egnp.json", json.json().get("schedule").asText());
    assertEquals("r\u001B[31m", json.json().at("/findings/0/roles/0").asText());
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep survives one kernel that exhausts the heap (issue 35 item 3): the CLI runs in a JVM of
 * its own with a 64 MB heap, on a listing of 400,000 instructions, whose reading alone needs more,
 * beside a small kernel. The big one is a row "inconclusive: out of memory" with exit 3, the small
 * one verified, and the reports list the big one as they list a time-limit row.
 */
class SweepMemoryLimitTest {
  @TempDir Path tmp;

  /** The reason of the big kernel's row, the heap's size as the JVM reports it. */
  private static final String REASON =
      Pattern.quote("out of memory (heap of ")
          + "\\d+"
          + Pattern.quote(
              " MB; raise it with PIPEVERIFY_HEAP, e.g. PIPEVERIFY_HEAP=16g ./pipeverify ..., or"
                  + " java -Xmx16g -jar pipeverify.jar ...: docs/robustness.md)");

  private record Run(int code, String out, String err) {
    String dump() {
      return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }
  }

  /**
   * {@code verify} of the big kernel, then the small one, with {@code jobs} jobs and {@code more}
   * options.
   */
  private Run sweep(int jobs, String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "verify",
                big.toString(),
                small.toString(),
                "--waves",
                "1",
                "--jobs",
                Integer.toString(jobs),
                "--no-timings"));
    args.addAll(List.of(more));
    return cli(args);
  }

  /** The CLI in a JVM of 64 MB heap, with this test's class path. */
  private static Run cli(List<String> args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(args);
    Process p = new ProcessBuilder(command).start();
    // stderr is read beside stdout: a pipe left full would stop the child.
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    String out = read(p.getInputStream());
    return new Run(p.waitFor(), out, err.join());
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path big;
  private Path small;

  @BeforeEach
  void kernels() throws IOException {
    big = kernel("a-big.s", 400_000);
    small = kernel("b-small.s", 0);
  }

  /** A one-wave kernel: each lane writes its 16 bytes at v1, {@code adds} additions between. */
  private Path kernel(String name, int adds) throws IOException {
    List<String> body = new ArrayList<>(List.of("\tv_lshlrev_b32_e32 v1, 4, v0"));
    for (int i = 0; i < adds; i++) {
      body.add("\tv_add_u32_e32 v" + (2 + i % 8) + ", v0, v" + (2 + i % 8));
    }
    body.addAll(List.of("\tds_write_b128 v1, v[12:15]", "\ts_waitcnt lgkmcnt(0)", "\ts_endpgm"));
    return KernelHeader.write(tmp.resolve(name), KernelHeader.then(body));
  }

  /**
   * With two jobs the big kernel runs beside the small one, so its first out of memory may be the
   * other's doing: it is run again alone after the rest, runs out again, and only then is its row.
   */
  @Test
  void aKernelThatExhaustsTheHeapIsARowOnceItRanOutAlone() throws Exception {
    Path reports = tmp.resolve("reports");
    Run r = sweep(2, "--format", "text,json,sarif,junit", "--out", reports.toString());
    assertEquals(3, r.code(), r.dump());
    assertTrue(
        r.err()
            .contains(
                "pipeverify: [1/2] "
                    + big
                    + ": out of memory beside other inputs; run again alone at the end\n"),
        r.dump());
    assertTrue(r.err().contains("pipeverify: [2/2] " + small + ": verified\n"), r.dump());
    assertTrue(
        r.err()
            .lines()
            .anyMatch(l -> l.matches(".*\\[1/2\\] .*a-big\\.s: inconclusive: " + REASON)),
        r.dump());
    List<String> rows = r.out().lines().skip(2).toList();
    assertEquals(2, rows.size(), r.dump());
    assertTrue(rows.get(0).matches(".*b-small\\.s +k +gfx950 +verified .* 0"), r.dump());
    assertTrue(
        rows.get(1).matches(".*a-big\\.s +- +- +inconclusive +- +- +- +" + REASON + " +3"),
        r.dump());

    JsonNode json = new ObjectMapper().readTree(reports.resolve("report.json").toFile());
    assertEquals("verified", json.at("/0/verdict").asText(), r.dump());
    assertEquals(big.toString(), json.at("/1/input").asText());
    assertEquals("inconclusive", json.at("/1/verdict").asText());
    assertEquals(3, json.at("/1/exitCode").asInt());
    assertTrue(json.at("/1/reason").asText().matches(REASON), json.toString());
    JsonNode sarif =
        new ObjectMapper().readTree(reports.resolve("report.sarif").toFile()).at("/runs/0");
    assertEquals(false, sarif.at("/invocations/0/executionSuccessful").asBoolean());
    assertTrue(
        sarif
            .at("/invocations/0/toolExecutionNotifications/0/message/text")
            .asText()
            .startsWith(big + ": not checked (inconclusive): out of memory (heap of "),
        sarif.toString());
    String junit = Files.readString(reports.resolve("report.junit.xml"));
    assertTrue(
        junit.contains("<testsuite name=\"" + big + "\" tests=\"1\" failures=\"0\" errors=\"1\""),
        junit);
    assertTrue(
        junit.contains("<error type=\"inconclusive\" message=\"out of memory (heap of "), junit);
  }

  /** With one job nothing runs beside it: its first out of memory is its row. */
  @Test
  void aKernelThatExhaustsTheHeapAloneIsARowAtOnce() throws Exception {
    Run r = sweep(1, "--jsonl");
    assertEquals(3, r.code(), r.dump());
    assertFalse(r.err().contains("run again alone"), r.dump());
    List<JsonNode> lines = new ArrayList<>();
    for (String line : r.out().lines().toList()) {
      try {
        lines.add(new ObjectMapper().readTree(line));
      } catch (IOException e) {
        throw new UncheckedIOException(r.dump(), e);
      }
    }
    assertEquals(2, lines.size(), r.dump());
    assertEquals("verified", lines.get(0).at("/verdict").asText(), r.dump());
    assertEquals("inconclusive", lines.get(1).at("/verdict").asText(), r.dump());
    assertTrue(lines.get(1).at("/reason").asText().startsWith("out of memory (heap of "), r.dump());
  }

  /** One input, no batch: the same reason on stderr, exit 3, and no stack trace. */
  @Test
  void aSingleInputThatExhaustsTheHeapIsInconclusive() throws Exception {
    Run r = cli(List.of("verify", big.toString(), "--waves", "1", "--no-timings"));
    assertEquals(3, r.code(), r.dump());
    assertEquals("", r.out(), r.dump());
    assertTrue(r.err().matches("pipeverify: inconclusive: " + REASON + "\n"), r.dump());
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CI gate: every format with --out, batches with a summary and jsonl, explain, Chromium. */
class CiGateTest {
  @TempDir static Path dir;
  static Path schedule;
  static Path out;
  static Cli.Result all;

  @BeforeAll
  static void writeAll() throws IOException {
    schedule = dir.resolve("cdna4-interleave.json");
    Files.writeString(
        schedule,
        Cli.run("show", "--builtin", "cdna4-interleave", "--format", "json").out(),
        StandardCharsets.UTF_8);
    out = dir.resolve("out");
    all =
        Cli.run(
            "verify",
            schedule.toString(),
            "--fixes",
            "--no-timings",
            "--format",
            "text,json,sarif,junit,github,perfetto,html,dot",
            "--out",
            out.toString());
  }

  @Test
  void everyFormatIsWrittenWithOutDir() throws IOException {
    assertEquals(1, all.code(), all.err());
    for (String f :
        List.of(
            "report.txt",
            "report.json",
            "report.sarif",
            "report.junit.xml",
            "github.txt",
            "trace.perfetto.json",
            "report.html",
            "hb.dot")) {
      assertTrue(Files.size(out.resolve(f)) > 100, f);
    }
    assertTrue(all.out().contains("cdna4-interleave  gfx950  violated"), all.out());
    assertTrue(
        Files.readString(out.resolve("report.txt"))
            .contains("edit: in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)"));
  }

  @Test
  void batchOverADirectoryPrintsASummaryAndExitsWithTheWorstCode() throws IOException {
    Path batch = dir.resolve("batch");
    Files.createDirectories(batch.resolve("sub"));
    Files.copy(schedule, batch.resolve("sub/bad-race.json"));
    Files.writeString(
        batch.resolve("fixed.json"),
        Cli.run(
                "show",
                "--builtin",
                "cdna4-interleave",
                "--opt",
                "lgkmDrainBeforeBarrier=true",
                "--format",
                "json")
            .out());
    Files.writeString(batch.resolve("notes.txt"), "not a schedule");
    Cli.Result r = Cli.run("verify", batch.toString(), "--no-timings");
    assertEquals(1, r.code(), r.err());
    String[] lines = r.out().split("\n");
    assertEquals(4, lines.length, r.out());
    assertTrue(lines[2].contains("fixed.json") && lines[2].contains("verified"), r.out());
    assertTrue(lines[3].contains("bad-race.json") && lines[3].contains("violated"), r.out());
    assertTrue(r.err().contains("[1/2] " + batch.resolve("fixed.json") + ": verified\n"), r.err());
    assertTrue(
        lines[0].matches(
            "input +schedule +target +verdict +findings +instances +events"
                + " +first violation +exit"),
        lines[0]);
    assertTrue(
        lines[3].matches(".*bad-race\\.json +cdna4-interleave +gfx950 +violated +1 +224 .*"),
        lines[3]);
    Cli.Result oneJob = Cli.run("verify", batch.toString(), "--no-timings", "--jobs", "1");
    assertEquals(r.out(), oneJob.out(), "the same table whatever the jobs");
    assertEquals(2, Cli.run("verify", batch.toString(), "--jobs", "0").code());

    Cli.Result jsonl = Cli.run("verify", batch.toString(), "--jsonl", "--no-timings");
    String[] objects = jsonl.out().split("\n");
    assertEquals(2, objects.length);
    assertTrue(objects[0].startsWith("{\"verdict\":\"verified\""), objects[0]);
    assertTrue(objects[1].startsWith("{\"verdict\":\"violated\""), objects[1]);

    Files.writeString(batch.resolve("broken.json"), "{");
    // Assembly in a directory is verified too; one the lift cannot read is a row with the reason.
    Files.writeString(
        batch.resolve("k.s"),
        "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"\n\t.amdhsa_kernel k\n"
            + "\t.end_amdhsa_kernel\nk:\n\ts_mov_b32 m0, s0\n\tbuffer_load_dword v1, s[4:7], 0 offen lds\n\ts_endpgm\n"
            + "\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .name: k\n"
            + "    .max_flat_workgroup_size: 64\n...\n\t.end_amdgpu_metadata\n");
    Cli.Result worst = Cli.run("verify", batch.toString(), "--no-timings");
    assertEquals(2, worst.code(), worst.out());
    assertTrue(worst.out().matches("(?s).*broken\\.json +- +- +bad input .*"), worst.out());
    assertTrue(
        worst
            .out()
            .matches(
                "(?s).*k\\.s +- +- +bad input +- +- +- +line 6: the LDS address of"
                    + " buffer_load_dword in wave 0 depends on an unknown value \\(M0, which depends on"
                    + " workgroup_id_x\\) +2\n.*"),
        worst.out());
  }

  @Test
  void explainProposesTheLgkmDrainAndReportsItVerified() {
    Cli.Result r = Cli.run("explain", "--builtin", "cdna4-interleave");
    assertEquals(1, r.code(), r.err());
    assertTrue(
        r.out()
            .contains(
                "    edit: in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)\n"
                    + "    then: the repaired schedule verifies (every trip count T >= 1)\n"),
        r.out());
    assertTrue(r.out().contains("One edit repairs the schedule"), r.out());
  }

  @Test
  void severalFormatsWithoutOutIsAUsageError() {
    Cli.Result r = Cli.run("verify", "--builtin", "cdna4-interleave", "--format", "sarif,html");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("several formats need --out DIR"), r.err());
  }

  /** Renders report.html in headless Chromium: a screenshot, and the DOM has the racing ops. */
  @Test
  void htmlRendersInHeadlessChromium() throws Exception {
    Path chromium = Path.of("/usr/bin/chromium");
    assumeTrue(
        Files.isExecutable(chromium),
        "chromium is not installed (apt-get install -y chromium); skipping the browser check");
    String url = out.resolve("report.html").toUri().toString();
    Path png = dir.resolve("timeline.png");
    run(
        List.of(
            chromium.toString(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--screenshot=" + png,
            "--window-size=1400,900",
            url));
    assertTrue(Files.size(png) > 10_000, "screenshot is too small to show the timeline");
    String dom =
        run(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--dump-dom",
                url));
    assertTrue(dom.contains("class=\"op ds_read racing\""), dom);
    assertTrue(dom.contains("class=\"op g2s racing\""), dom);
    assertTrue(dom.contains("class=\"missing-edge\""), dom);
    assertTrue(dom.contains("wave 1"), dom);
  }

  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] stdout = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium timed out");
    assertEquals(0, p.exitValue(), "chromium failed: " + command);
    return new String(stdout, StandardCharsets.UTF_8);
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fuzz --mutate} and {@code relax} on a kernel lifted from assembly (issue 37): a two-wave K
 * loop unrolled by hand into four copies. Each copy copies its wave's chunk with LDS-DMA (line 17 +
 * 8i), waits for it (18 + 8i), passes a barrier (19 + 8i), reads the other wave's chunk (20 + 8i),
 * waits for the read (21 + 8i: load-bearing, the next copy's DMA lands on those bytes), passes a
 * second barrier (22 + 8i) and waits again (23 + 8i: redundant, the read is retired already) before
 * its mfma. Line 7 waits for the kernel argument's scalar load (s20, the trip count), which the
 * first copy's lgkmcnt(0) at line 21 retires as well before the loop's compare reads s20.
 */
class AssemblyMutateRelaxTest {
  @TempDir Path tmp;

  private Path kernel(String second) throws Exception {
    String wait = "\ts_waitcnt lgkmcnt(0)";
    return KernelHeader.write(
        tmp.resolve("k.s"), KernelHeader.unrolled(List.of(wait, wait, wait, wait), second));
  }

  private static List<String> rowsOf(String out, String line) {
    return out.lines()
        .filter(l -> l.startsWith(line + " ") && l.contains(" verified  "))
        .map(String::strip)
        .toList();
  }

  @Test
  void mutateSaysWhichWaitsAndBarriersCarryWeight() throws Exception {
    Path k = kernel("\ts_waitcnt lgkmcnt(0)");
    Cli.Result r = Cli.run("fuzz", k.toString(), "--waves", "2", "--mutate");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .startsWith(
                "mutate k: verified as given; 34 single mutations of 21 waits and barriers, 24"
                    + " break it; 16 of the 21 are load-bearing\n"),
        r.dump());
    String breaking = "line 21  s_waitcnt lgkmcnt(0)  drop                            violated  ";
    assertTrue(r.out().contains(breaking), r.dump());
    List<String> summary =
        r.out().lines().filter(l -> l.contains(k + ":")).map(String::strip).toList();
    assertEquals(21, summary.size(), r.dump());
    assertTrue(
        summary.contains("line 21  " + k + ":21  s_waitcnt lgkmcnt(0)  yes           2 of 2"),
        r.dump());
    assertTrue(
        summary.contains("line 23  " + k + ":23  s_waitcnt lgkmcnt(0)  no            0 of 2"),
        r.dump());
    assertTrue(
        summary.contains("line 19  " + k + ":19  s_barrier             yes           1 of 1"),
        r.dump());
    assertTrue(
        summary.contains("line 7   " + k + ":7   s_waitcnt lgkmcnt(0)  no            0 of 2"),
        r.dump());
    assertEquals(
        List.of(
            "line 23  s_waitcnt lgkmcnt(0)  drop                            verified  -",
            "line 23  s_waitcnt lgkmcnt(0)  weaken to s_waitcnt lgkmcnt(1)  verified  -"),
        rowsOf(r.out(), "line 23"));
  }

  /** A "not load-bearing" claim, checked as a user would: the mutated file verifies. */
  @Test
  void aWaitThatIsNotLoadBearingCanGo() throws Exception {
    Path k = kernel("\ts_waitcnt lgkmcnt(0)");
    List<String> lines = new ArrayList<>(Files.readAllLines(k));
    lines.set(22, "\t; s_waitcnt lgkmcnt(0) taken out");
    Path without = KernelHeader.write(tmp.resolve("without.s"), lines);
    assertEquals(0, Cli.run("verify", without.toString(), "--waves", "2").code());
    lines.set(20, "\t; s_waitcnt lgkmcnt(0) taken out");
    Path both = KernelHeader.write(tmp.resolve("both.s"), lines);
    assertEquals(1, Cli.run("verify", both.toString(), "--waves", "2").code());
  }

  @Test
  void mutateJsonSaysWhichAreLoadBearing() throws Exception {
    Path k = kernel("\ts_waitcnt lgkmcnt(0)");
    Cli.Result r = Cli.run("fuzz", k.toString(), "--waves", "2", "--mutate", "--format", "json");
    assertEquals(0, r.code(), r.dump());
    JsonNode json = new ObjectMapper().readTree(r.out());
    JsonNode first = json.get("ops").get(0);
    assertEquals("line 7", first.get("op").asText());
    assertFalse(first.get("loadBearing").asBoolean());
    assertEquals(2, first.get("mutations").asInt());
    JsonNode read = json.get("ops").get(3);
    assertEquals("line 21", read.get("op").asText());
    assertTrue(read.get("loadBearing").asBoolean());
  }

  @Test
  void relaxTakesOutTheRedundantWaitOfEveryCopyAndTheFileVerifies() throws Exception {
    Path k = kernel("\ts_waitcnt lgkmcnt(0)");
    Path out = tmp.resolve("relaxed.s");
    Cli.Result r = Cli.run("relax", k.toString(), "--waves", "2", "--out", out.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .startsWith(
                "k: relaxed 5 of 21 waits and barriers; the relaxed kernel verifies (every launch"
                    + " class)\n"
                    + out
                    + " verified again as written: 1 launch class\n"),
        r.dump());
    List<String> expected = new ArrayList<>(Files.readAllLines(k));
    for (int line : List.of(7, 23, 31, 39, 47)) {
      expected.set(line - 1, "\t; dropped by pipeverify relax: s_waitcnt lgkmcnt(0)");
    }
    assertEquals(expected, Files.readAllLines(out));
    assertEquals(0, Cli.run("verify", out.toString(), "--waves", "2").code());
  }

  @Test
  void relaxRefusesAKernelThatDoesNotVerify() throws Exception {
    Path k = kernel("\ts_waitcnt lgkmcnt(0)");
    List<String> lines = new ArrayList<>(Files.readAllLines(k));
    lines.set(20, "\ts_nop 0");
    Path bad = KernelHeader.write(tmp.resolve("bad.s"), lines);
    Path out = tmp.resolve("relaxed.s");
    Cli.Result r = Cli.run("relax", bad.toString(), "--waves", "2", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.err()
            .contains(
                "pipeverify: k does not verify (violated); relax needs a kernel that verifies in"
                    + " every launch class, nothing written"),
        r.dump());
    assertTrue(
        r.out().contains("at " + bad + ":"), "the report names the user's file: " + r.dump());
    assertFalse(r.out().contains("pipeverify-variants"), r.dump());
    assertFalse(Files.exists(out));
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * explain on a K loop unrolled by hand into four copies (issue 38): each copy copies its wave's
 * chunk with LDS-DMA, passes a barrier, reads the other wave's chunk (line 20 + 8i) and passes a
 * second barrier (line 22 + 8i) with the read still in flight, so the other wave's next copy may
 * land on the bytes it reads. The fix, a wait for the read before that barrier, is one edit at four
 * sites, and {@code --apply} writes it into the file.
 */
class ExplainApplyTest {
  @TempDir Path tmp;

  /** The kernel with {@code gaps[i]} (line 21 + 8i) between each copy's read and barrier. */
  private Path unrolled(String name, List<String> gaps) throws Exception {
    return KernelHeader.write(
        tmp.resolve(name), KernelHeader.unrolled(gaps, "\ts_waitcnt lgkmcnt(0)"));
  }

  private static List<String> lines(Path p) throws Exception {
    return Files.readAllLines(p);
  }

  @Test
  void theMissingWaitIsOneEditAtFourSitesAndTheWrittenFileVerifies() throws Exception {
    Path k = unrolled("k.s", List.of("\ts_nop 0", "\ts_nop 0", "\ts_nop 0", "\ts_nop 0"));
    Path out = tmp.resolve("fixed");
    Cli.Result r =
        Cli.run("explain", k.toString(), "--waves", "2", "--apply", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().contains("  1 edit is the smallest repair among 30 candidate changes.\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "    edit: in every role, in the loop, before the s_barrier at "
                    + k
                    + ":22, insert s_waitcnt lgkmcnt(0), at 4 sites: lines 22, 30, 38, 46\n"),
        r.dump());
    Path written = out.resolve("k.s");
    assertTrue(
        r.out()
            .endsWith(
                "\nApplied: wrote "
                    + written
                    + " (4 lines inserted, 0 changed, every other line as it was); verified again"
                    + " from that file, 1 launch class: VERIFIED.\n"),
        r.dump());
    // Byte for byte the input, with a wait before each copy's second barrier.
    List<String> expected = new ArrayList<>(lines(k));
    for (int line : List.of(46, 38, 30, 22)) {
      expected.add(line - 1, "\ts_waitcnt lgkmcnt(0) ; inserted by pipeverify explain --apply");
    }
    assertEquals(String.join("\n", expected) + "\n", Files.readString(written));
    Cli.Result again = Cli.run("verify", written.toString(), "--waves", "2", "--no-timings");
    assertEquals(0, again.code(), again.dump());
    assertTrue(again.out().startsWith("k: VERIFIED\n"), again.dump());
  }

  /** A wait too weak in every copy is strengthened where it stands, its line keeping the rest. */
  @Test
  void aWaitTooWeakInEveryCopyIsStrengthenedInPlace() throws Exception {
    String weak = "\ts_waitcnt lgkmcnt(1) // leaves the read in flight";
    Path k = unrolled("weak.s", List.of(weak, weak, weak, weak));
    Path out = tmp.resolve("fixed");
    Cli.Result r =
        Cli.run("explain", k.toString(), "--waves", "2", "--apply", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "    edit: in every role, in the loop, strengthen the s_waitcnt lgkmcnt(1) at "
                    + k
                    + ":21 to s_waitcnt lgkmcnt(0), at 4 sites: lines 21, 29, 37, 45\n"),
        r.dump());
    List<String> expected = new ArrayList<>(lines(k));
    for (int line : List.of(21, 29, 37, 45)) {
      expected.set(
          line - 1,
          "\ts_waitcnt lgkmcnt(0) // leaves the read in flight ; strengthened by pipeverify"
              + " explain --apply (was: s_waitcnt lgkmcnt(1))");
    }
    Path written = out.resolve("weak.s");
    assertEquals(expected, lines(written));
    assertTrue(r.out().contains("(0 lines inserted, 4 changed,"), r.dump());
    assertEquals(0, Cli.run("verify", written.toString(), "--waves", "2").code());
  }

  /** Where only one copy misses the wait, the repair is made there alone. */
  @Test
  void oneCopyMissingItsWaitIsRepairedAtThatCopyOnly() throws Exception {
    String wait = "\ts_waitcnt lgkmcnt(0)";
    Path k = unrolled("one.s", List.of(wait, wait, "\ts_nop 0", wait));
    Cli.Result r = Cli.run("explain", k.toString(), "--waves", "2");
    assertEquals(1, r.code(), r.dump());
    List<String> edits = r.out().lines().filter(l -> l.startsWith("    edit: ")).toList();
    assertEquals(
        List.of(
            "    edit: in every role, in the loop, before the s_barrier at "
                + k
                + ":38, insert s_waitcnt lgkmcnt(0)"),
        edits,
        r.dump());
  }

  /** A schedule's repair is written as a schedule file, which verifies. */
  @Test
  void aBuiltInSchedulesRepairIsWrittenAsJson() throws Exception {
    Path out = tmp.resolve("fixed");
    Cli.Result r =
        Cli.run("explain", "--builtin", "cdna4-interleave", "--apply", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    List<Path> files;
    try (var s = Files.list(out)) {
      files = s.toList();
    }
    assertEquals(1, files.size(), files.toString());
    assertTrue(files.get(0).toString().endsWith(".json"), files.toString());
    assertTrue(r.out().contains("verified again from that file: VERIFIED.\n"), r.dump());
    assertEquals(0, Cli.run("verify", files.get(0).toString()).code());
  }

  @Test
  void applyNeedsAnOutDirectoryOtherThanTheInputs() throws Exception {
    Path k = unrolled("k.s", List.of("\ts_nop 0", "\ts_nop 0", "\ts_nop 0", "\ts_nop 0"));
    Cli.Result none = Cli.run("explain", k.toString(), "--waves", "2", "--apply");
    assertEquals(2, none.code(), none.dump());
    assertTrue(
        none.err().contains("--apply writes the repaired input into --out DIR; give --out"),
        none.dump());
    String before = Files.readString(k);
    Cli.Result same =
        Cli.run("explain", k.toString(), "--waves", "2", "--apply", "--out", tmp.toString());
    assertEquals(2, same.code(), same.dump());
    assertTrue(
        same.err()
            .contains(
                "pipeverify: --out "
                    + tmp
                    + " is the directory of the input "
                    + k
                    + "; --apply does not write beside its input: give another directory"),
        same.dump());
    assertEquals(before, Files.readString(k));
    assertFalse(same.out().contains("Applied"), same.dump());
  }

  /**
   * Two launch classes, each with its own loop (a kernel argument picks one, line 18) and its own
   * missing wait: the search repairs the class its violation was found in; the written file fails
   * in the other, which the second round repairs.
   */
  @Test
  void aWrittenFileFailingInAnotherLaunchClassIsRepairedInASecondRound() throws Exception {
    List<String> body =
        new ArrayList<>(
            List.of(
                "\ts_load_dword s20, s[0:1], 0x0", // 6: the trip count
                "\ts_load_dword s21, s[0:1], 0x4", // 7: which loop
                "\ts_waitcnt lgkmcnt(0)",
                "\tv_readfirstlane_b32 s0, v0",
                "\ts_lshl_b32 s1, s0, 4",
                "\ts_mov_b32 m0, s1",
                "\ts_sub_u32 s3, 0x400, s1",
                "\tv_and_b32_e32 v1, 63, v0",
                "\tv_lshlrev_b32_e32 v1, 4, v1",
                "\tv_add_u32_e32 v2, s3, v1",
                "\ts_mov_b32 s2, 0",
                "\ts_cmp_eq_u32 s21, 0", // 17
                "\ts_cbranch_scc0 .LBB0_2")); // 18
    for (String label : List.of(".LBB0_1", ".LBB0_2")) {
      body.addAll(
          List.of(
              label + ":", // 19, 32
              "\tbuffer_load_dwordx4 v9, s[4:7], 0 offen lds",
              "\ts_waitcnt vmcnt(0)",
              "\ts_barrier",
              "\tds_read_b128 v[4:7], v2",
              "\ts_nop 0",
              "\ts_barrier", // 25, 38
              "\ts_waitcnt lgkmcnt(0)",
              "\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]",
              "\ts_add_u32 s2, s2, 1",
              "\ts_cmp_lt_u32 s2, s20",
              "\ts_cbranch_scc1 " + label,
              "\ts_endpgm"));
    }
    Path k = KernelHeader.write(tmp.resolve("two.s"), KernelHeader.then(body));
    Path out = tmp.resolve("fixed");
    Cli.Result r =
        Cli.run("explain", k.toString(), "--waves", "2", "--apply", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    Path written = out.resolve("two.s");
    assertTrue(
        r.out()
            .contains(
                "Applied: wrote "
                    + written
                    + " (1 line inserted, 0 changed, every other line as it was); verified again"
                    + " from that file, 2 launch classes: VIOLATED (P1 WAR on lds: wave 0 loop k=0 "
                    + written
                    + ":37 ds_read vs wave 1 loop k=1 "
                    + written
                    + ":34 g2s (1 root cause, 2 instances)).\n"
                    + "Applied (round 2, the written file): wrote "
                    + written
                    + " (1 line inserted, 0 changed, every other line as it was); verified again"
                    + " from that file, 2 launch classes: VERIFIED.\n"),
        r.dump());
    List<String> expected = new ArrayList<>(lines(k));
    for (int line : List.of(38, 25)) {
      expected.add(line - 1, "\ts_waitcnt lgkmcnt(0) ; inserted by pipeverify explain --apply");
    }
    assertEquals(expected, lines(written));
  }
}

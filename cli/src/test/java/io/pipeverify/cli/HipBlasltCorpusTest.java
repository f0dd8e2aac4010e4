package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.isa.tools.SourceAssembler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hipBLASLt's triple-buffer Tensile kernel (../shared/corpus/hipblaslt) as its authors wrote it:
 * read from its assembler source and from the code object assembled from it, every launch class the
 * lift follows verified, the same both ways; with its main loop's barriers replaced by {@code s_nop
 * 0}, a P1 race named at the source's lines and text (docs/corpus.md). Skipped without the corpus,
 * clang-22, ld.lld-22 or llvm-objdump-22.
 */
class HipBlasltCorpusTest {
  private static final Path SOURCE =
      Path.of(
          "..",
          "..",
          "shared",
          "corpus",
          "hipblaslt",
          "Custom_Cijk_Alik_Bljk_HHS_BH_UserArgs_MT128x16x128_MI16x16x1_SN_K1_MIWT2_1_triple_buffer.s");

  /** The source's main loop: from {@code label_LoopBeginL:} to {@code label_LoopEndL:}. */
  private static final String LOOP_BEGIN = "label_LoopBeginL:";

  private static final String LOOP_END = "label_LoopEndL:";

  private static final String COVERED =
      "inconclusive: 3 launch classes not covered (the lift cannot follow them; 19 covered,"
          + " verified)";

  @TempDir Path tmp;

  private static void assumeTools() {
    assumeTrue(
        Files.isRegularFile(SOURCE),
        "../shared/corpus is absent: the hipBLASLt kernels are not here");
    assumeTrue(
        SourceAssembler.locate().isPresent(),
        "clang-22, ld.lld-22 or llvm-objdump-22 is not on PATH (apt-get install clang-22 lld-22"
            + " llvm-22)");
  }

  @Test
  void theSourceAndItsCodeObjectVerifyEveryLaunchTheLiftFollows() throws Exception {
    assumeTools();
    Cli.Result source = Cli.run("verify", SOURCE.toString());
    assertEquals(3, source.code(), source.dump());
    assertTrue(source.out().contains(COVERED), source.dump());
    Path co = assemble(SOURCE);
    Cli.Result object = Cli.run("verify", co.toString());
    assertEquals(3, object.code(), object.dump());
    assertTrue(object.out().contains(COVERED), object.dump());
  }

  /**
   * In a batch's summary table an inconclusive kernel's reason (its launch classes not covered, a
   * few thousand characters) is cut after 200, so the rows stay readable.
   */
  @Test
  void theSummaryCutsAnInconclusiveReason() throws Exception {
    assumeTools();
    Path copy = Files.copy(SOURCE, tmp.resolve("again.s"));
    Cli.Result r = Cli.run("verify", SOURCE.toString(), copy.toString(), "--no-timings");
    assertEquals(3, r.code(), r.dump());
    List<String> rows = r.out().lines().skip(2).toList();
    assertEquals(2, rows.size(), r.dump());
    for (String row : rows) {
      assertTrue(row.contains(COVERED.substring("inconclusive: ".length())), row);
      assertTrue(row.contains("... (the report has it all)"), row);
      assertTrue(row.length() < 600, row);
    }
  }

  /**
   * A UserArgs kernel calls its activation function (s_swappc_b64 to one of ten functions after
   * s_endpgm): the lift follows the call, and the launches with a bias type the kernel does not
   * stage read bias LDS nobody wrote, at the source's line (docs/corpus.md).
   */
  @Test
  void theActivationCallIsFollowedToTheBiasOutsideTheContract() throws Exception {
    assumeTools();
    Path k =
        SOURCE.resolveSibling(
            "Custom_Cijk_Ailk_Bljk_HSS_BH_Bias_GG_AS_SAV_UserArgs_shortname5_gfx942.s");
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("(18 launch classes; docs/isa.md)\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "  P2 UNINITIALIZED: wave 0 prologue ("
                    + k
                    + ":8008): ds_read lds[0] bytes [0, 256) -> v[12:15] may read bytes that no"
                    + " write happens before\n"),
        r.dump());
  }

  /**
   * A split-K kernel's setup computes the workgroup mapping in a loop of scalar instructions and
   * its remainder on one side of two branches on one decision: both are named now, the same in
   * every wave, so no branch is decided per wave and no class splits the waves of one launch (was:
   * 5 classes covered, 28 not, 21 of them per-wave decisions at K.s:1143 leading to a loop "with no
   * period"; docs/corpus.md).
   */
  @Test
  void theSplitKSetupIsOneDecisionPerLaunch() throws Exception {
    assumeTools();
    Path k =
        SOURCE.resolveSibling(
            "CustomGSUs_Cijk_Ailk_Bljk_F8H_HHS_BH_MT128x16x64_MI16x16x1_30_Freesize_gfx942.s");
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings");
    assertEquals(3, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "inconclusive: 6 launch classes not covered (the lift cannot follow them; 17"
                    + " covered, verified)"),
        r.dump());
    assertFalse(r.out().contains("an unknown SCC"), r.dump());
    assertFalse(r.out().contains("no period"), r.dump());
  }

  @Test
  void theMainLoopWithoutItsBarriersRacesAtTheSourcesLines() throws Exception {
    assumeTools();
    List<String> lines = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
    List<String> mutant = new ArrayList<>();
    boolean inLoop = false;
    int replaced = 0;
    for (String line : lines) {
      inLoop |= line.startsWith(LOOP_BEGIN);
      inLoop &= !line.startsWith(LOOP_END);
      if (inLoop && line.startsWith("s_barrier")) {
        mutant.add("s_nop 0");
        replaced++;
      } else {
        mutant.add(line);
      }
    }
    assertEquals(8, replaced);
    Path nobar = tmp.resolve("nobar.s");
    Files.write(nobar, mutant, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("verify", nobar.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("breaks P1 WAR"), r.dump());
    // The copy's ds_write after the main loop's even exit, at its source line with its text.
    int write =
        lineOf(
            mutant,
            lineOf(mutant, 0, "label_LoopEndL_evenexit:"),
            "ds_write_b128 v[vgprLocalWriteAddrA]");
    assertTrue(
        r.out()
            .contains(
                "origin "
                    + nobar
                    + ":"
                    + write
                    + ": ds_write_b128 v[vgprLocalWriteAddrA], v[vgprG2LA1+0:vgprG2LA1+0+3]"
                    + " offset:0\n"),
        r.dump());
  }

  /**
   * One more outstanding global load at the main loop's first {@code s_waitcnt vmcnt(17)} (18): the
   * register-staged copy's ds_write after it may write its data register before the load lands, a
   * P4 register hazard named at that ds_write (issue 32, item 4).
   */
  @Test
  void aWaitTooWeakForAStagedCopyIsARegisterHazardAtItsDsWrite() throws Exception {
    assumeTools();
    List<String> lines = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
    int wait = lineOf(lines, lineOf(lines, 0, LOOP_BEGIN), "s_waitcnt vmcnt(17)");
    assertTrue(lines.get(wait).startsWith("ds_write_b128 v[vgprLocalWriteAddrA]"));
    List<String> mutant = new ArrayList<>(lines);
    mutant.set(wait - 1, lines.get(wait - 1).replace("vmcnt(17)", "vmcnt(18)"));
    Path weak = tmp.resolve("weak.s");
    Files.write(weak, mutant, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("verify", weak.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("  breaks P4 REGISTER_HAZARD"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "[1] root cause (issued too early): ds_write lds at "
                    + weak
                    + ":"
                    + (wait + 1)
                    + " may start before gload at "),
        r.dump());
  }

  /**
   * The 1-based line of the first line of {@code lines} after line {@code after} that starts with
   * {@code prefix}.
   */
  private static int lineOf(List<String> lines, int after, String prefix) {
    for (int i = after; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line starts with " + prefix);
  }

  /** The code object of {@code source}, assembled and linked as the corpus README says. */
  private Path assemble(Path source) throws Exception {
    return CodeObjects.link(tmp.resolve("kernel.co"), "gfx942", source);
  }
}

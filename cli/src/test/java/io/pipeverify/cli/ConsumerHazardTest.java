package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.isa.tools.CodeObjectDisassembler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * P4 for an instruction other than an mfma or a staged ds_write that reads a loaded register
 * (docs/isa.md, "Consumers of loads"): each lane writes its 16 bytes, reads them back into v[4:7]
 * and one dword of them into v8, and adds v4 and v5 (line 14) with or without the wait that retires
 * the first read (line 13: lgkmcnt(1) leaves only the second in flight).
 */
class ConsumerHazardTest {
  @TempDir Path tmp;

  private Path kernel(String name, String beforeTheAdd) throws Exception {
    return KernelHeader.write(
        tmp.resolve(name),
        KernelHeader.then(
            KernelHeader.readBackThen(
                List.of(
                    "\tv_lshlrev_b32_e32 v2, 2, v0", // 11
                    "\tds_read_b32 v8, v1 offset:4", // 12
                    beforeTheAdd, // 13
                    "\tv_add_f32_e32 v20, v4, v5", // 14
                    "\ts_waitcnt lgkmcnt(0)", // 15
                    "\ts_endpgm"))));
  }

  @Test
  void aValuOperandReadBeforeItsLoadLandsIsARegisterHazard() throws Exception {
    Path bad = kernel("bad.s", "\ts_nop 0");
    Cli.Result r = Cli.run("verify", bad.toString(), "--waves", "1", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 1 instance)\n"), r.dump());
    assertHazard(
        r.out(), bad, 14, "v[4:7]", 10, "ds_read lds[0] bytes [0, 1024) -> v[4:7]", r.dump());
  }

  /** explain proposes the weakest wait before the consumer that retires the load: lgkmcnt(1). */
  @Test
  void explainProposesTheCountThatRetiresTheLoad() throws Exception {
    Path bad = kernel("bad.s", "\ts_nop 0");
    Cli.Result r = Cli.run("explain", bad.toString(), "--waves", "1");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "    edit: in the prologue, before the consume at "
                    + bad
                    + ":14, insert s_waitcnt lgkmcnt(1)\n"),
        r.dump());
  }

  @Test
  void theWaitThatRetiresTheLoadBeforeTheReadIsEnough() throws Exception {
    Path good = kernel("good.s", "\ts_waitcnt lgkmcnt(1)");
    Cli.Result r = Cli.run("verify", good.toString(), "--waves", "1", "--no-timings");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VERIFIED\n"), r.dump());
  }

  /** A one-wave kernel that reads v[4:7] back and then runs {@code after} from line 11. */
  private Path readBack(String name, List<String> after) throws Exception {
    return KernelHeader.write(
        tmp.resolve(name), KernelHeader.then(KernelHeader.readBackThen(after)));
  }

  /**
   * A register a load in flight is still to write, overwritten (line 11): the load may land after
   * the write and put the LDS value over it, so it must land first (a register WAW).
   */
  @Test
  void overwritingARegisterBeforeItsLoadLandsIsARegisterHazard() throws Exception {
    Path bad =
        readBack(
            "waw.s",
            List.of(
                "\tv_mov_b32_e32 v5, 0",
                "\tv_add_f32_e32 v20, v5, v5",
                "\ts_waitcnt lgkmcnt(0)",
                "\ts_endpgm"));
    Cli.Result r = Cli.run("verify", bad.toString(), "--waves", "1", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertHazard(
        r.out(), bad, 11, "v[4:7]", 10, "ds_read lds[0] bytes [0, 1024) -> v[4:7]", r.dump());
    Path good =
        readBack(
            "waited.s",
            List.of(
                "\ts_waitcnt lgkmcnt(0)",
                "\tv_mov_b32_e32 v5, 0",
                "\tv_add_f32_e32 v20, v5, v5",
                "\ts_endpgm"));
    assertEquals(0, Cli.run("verify", good.toString(), "--waves", "1").code());
  }

  /** A second ds_read into the same registers returns after the first: no hazard between them. */
  @Test
  void aLaterLoadOnTheSameCounterMayOverwrite() throws Exception {
    Path k =
        readBack(
            "twice.s",
            List.of(
                "\tds_read_b128 v[4:7], v1",
                "\ts_waitcnt lgkmcnt(0)",
                "\tv_add_f32_e32 v20, v4, v5",
                "\ts_endpgm"));
    Cli.Result r = Cli.run("verify", k.toString(), "--waves", "1", "--no-timings");
    assertEquals(0, r.code(), r.dump());
  }

  /**
   * A one-wave kernel that loads two kernel arguments with scalar loads (lines 6-7), runs {@code
   * gap} (line 8), copies s4 (line 9) and writes its lane's 16 bytes of LDS.
   */
  private Path scalar(String name, String gap) throws Exception {
    return KernelHeader.write(
        tmp.resolve(name),
        KernelHeader.then(
            List.of(
                "\ts_load_dword s4, s[0:1], 0x0", // 6
                "\ts_load_dword s5, s[0:1], 0x4", // 7
                gap, // 8
                "\ts_mov_b32 s6, s4", // 9
                "\tv_lshlrev_b32_e32 v1, 4, v0", // 10
                "\ts_waitcnt lgkmcnt(0)", // 11
                "\tds_write_b128 v1, v[12:15]", // 12
                "\ts_waitcnt lgkmcnt(0)", // 13
                "\ts_endpgm")));
  }

  /**
   * A scalar load's SGPR read before {@code lgkmcnt(0)} (semantics.md section 4): scalar memory
   * returns out of order, so {@code lgkmcnt(1)} after two scalar loads retires neither; only a wait
   * for 0 does, which explain proposes.
   */
  @Test
  void aScalarLoadIsRetiredOnlyByAWaitForZero() throws Exception {
    for (String gap : List.of("\ts_nop 0", "\ts_waitcnt lgkmcnt(1)")) {
      Path bad = scalar("bad.s", gap);
      Cli.Result r = Cli.run("verify", bad.toString(), "--waves", "1", "--no-timings");
      assertEquals(1, r.code(), gap + "\n" + r.dump());
      assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 1 instance)\n"), r.dump());
      assertHazard(r.out(), bad, 9, "s4", 6, "sload -> s4", r.dump());
    }
    Path none = scalar("none.s", "\ts_nop 0");
    Cli.Result explain = Cli.run("explain", none.toString(), "--waves", "1");
    assertEquals(1, explain.code(), explain.dump());
    assertTrue(
        explain
            .out()
            .contains(
                "    edit: in the prologue, before the consume at "
                    + none
                    + ":9, insert s_waitcnt lgkmcnt(0)\n"),
        explain.dump());
    Path weak = scalar("weak.s", "\ts_waitcnt lgkmcnt(1)");
    explain = Cli.run("explain", weak.toString(), "--waves", "1");
    assertTrue(
        explain
            .out()
            .contains(
                "    why: the s_waitcnt lgkmcnt(1) at "
                    + weak
                    + ":8 does not retire it: scalar loads return out of order, so only"
                    + " lgkmcnt(0) does; the first wait that does is s_waitcnt lgkmcnt(0) at"
                    + " prologue #3."),
        explain.dump());
    assertTrue(
        explain
            .out()
            .contains(
                "    edit: in the prologue, strengthen the s_waitcnt lgkmcnt(1) at "
                    + weak
                    + ":8 to s_waitcnt lgkmcnt(0)\n"),
        explain.dump());
    Cli.Result good =
        Cli.run("verify", scalar("good.s", "\ts_waitcnt lgkmcnt(0)").toString(), "--waves", "1");
    assertEquals(0, good.code(), good.dump());
  }

  /** fuzz --mutate judges the wait for the scalar loads: it is load-bearing. */
  @Test
  void theWaitForTheScalarLoadsIsLoadBearing() throws Exception {
    Path k = scalar("k.s", "\ts_waitcnt lgkmcnt(0)");
    Cli.Result r = Cli.run("fuzz", k.toString(), "--waves", "1", "--mutate");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(
                l ->
                    l.strip()
                        .equals(
                            "line 8   " + k + ":8   s_waitcnt lgkmcnt(0)  yes           2 of 2")),
        r.dump());
  }

  /**
   * Two scalar loads of one register may land in either order: the second overwrites in flight,
   * unless it loads the same word (aiter's fmha backward loads two arguments twice: whichever lands
   * last, the register holds the argument).
   */
  @Test
  void aSecondScalarLoadOfTheSameRegisterIsAHazard() throws Exception {
    String waited = "\n\ts_waitcnt lgkmcnt(0)";
    Path same = scalar("same.s", "\ts_load_dword s4, s[0:1], 0x0" + waited);
    Cli.Result again = Cli.run("verify", same.toString(), "--waves", "1", "--no-timings");
    assertEquals(0, again.code(), again.dump());
    Path other = scalar("other.s", "\ts_load_dword s4, s[0:1], 0x8" + waited);
    Cli.Result overwrite = Cli.run("verify", other.toString(), "--waves", "1", "--no-timings");
    assertEquals(1, overwrite.code(), overwrite.dump());
    assertHazard(overwrite.out(), other, 8, "s4", 6, "sload -> s4", overwrite.dump());
    Path bad = scalar("twice.s", "\ts_load_dword s4, s[0:1], 0x8");
    Cli.Result r = Cli.run("verify", bad.toString(), "--waves", "1", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertHazard(r.out(), bad, 8, "s4", 6, "sload -> s4", r.dump());
  }

  /**
   * A lane permute ({@code ds_bpermute_b32 v8}, line 11) counts on lgkmcnt in order with the DS
   * reads around it: {@code lgkmcnt(1)} after one more read (line 12) retires it, {@code
   * lgkmcnt(2)} does not, and v8 is read at line 14.
   */
  @Test
  void aLanePermuteIsRetiredInOrderWithTheOtherDsInstructions() throws Exception {
    for (String gap : List.of("\ts_nop 0", "\ts_waitcnt lgkmcnt(2)", "\ts_waitcnt lgkmcnt(1)")) {
      Path k =
          readBack(
              "permute.s",
              List.of(
                  "\tds_bpermute_b32 v8, v1, v0", // 11
                  "\tds_read_b32 v9, v1", // 12
                  gap, // 13
                  "\tv_add_f32_e32 v20, v8, v8", // 14
                  "\ts_waitcnt lgkmcnt(0)",
                  "\ts_endpgm"));
      Cli.Result r = Cli.run("verify", k.toString(), "--waves", "1", "--no-timings");
      if (gap.contains("(1)")) {
        assertEquals(0, r.code(), r.dump());
      } else {
        assertEquals(1, r.code(), gap + "\n" + r.dump());
        assertHazard(r.out(), k, 14, "v8", 11, "ds_permute -> v8", r.dump());
      }
    }
  }

  private static final Path MORE = Path.of("..", "..", "shared", "corpus", "aiter-more");

  private static void assumeShipped(Path k) {
    assumeTrue(Files.isRegularFile(k), "../shared/corpus/aiter-more is absent: " + k);
    assumeTrue(
        CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH (apt-get install llvm-22)");
  }

  /** Shipped kernel {@code name} is violated with the register hazard {@code hazard} (K: it). */
  private static void assertViolatedWith(String name, String hazard) {
    Path k = MORE.resolve(name);
    assumeShipped(k);
    Cli.Result r = Cli.run("verify", k.toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().contains("  P4 REGISTER_HAZARD: " + hazard.replace("K:", k + ":") + "\n"),
        r.dump());
  }

  /**
   * aiter's paged attention (docs/corpus.md, "Consumers of loads"): the block index loaded into v16
   * (line 486) is followed by 23 more vector memory loads before {@code s_waitcnt vmcnt(24)} (line
   * 813), which leaves all 24 in flight; {@code v_mov_b32_dpp v38, v16} (line 898) reads it.
   */
  @Test
  void pagedAttentionReadsItsBlockIndexOneWaitTooEarly() {
    assertViolatedWith(
        "gfx942__pa__pa_bf16_noquant_gqa8_1tg_4w.co",
        "wave 0 loop k=0 (K:898): consume v16 may read or overwrite v16 before wave 0 loop k=0 (K:486): gload"
            + " -> v16 lands");
  }

  /**
   * explain retires the block index before the barrier that opens each of the loop's four unrolled
   * copies, one edit at four sites in both roles' programs (docs/corpus.md: the hand-made fix, the
   * wait at line 813 one stronger in each copy, is four edits, as copies' waits differ).
   */
  @Test
  void explainRetiresThePagedAttentionBlockIndexInEveryCopy() {
    Path k = MORE.resolve("gfx942__pa__pa_bf16_noquant_gqa8_1tg_4w.co");
    assumeShipped(k);
    Cli.Result r = Cli.run("explain", k.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "    edit: in every role, in the loop, before the s_barrier at "
                    + k
                    + ":751, insert s_waitcnt vmcnt(21), at 4 sites: lines 751, 1214, 1685,"
                    + " 2148\n"),
        r.dump());
    assertTrue(
        r.out().contains("One edit repairs the schedule: it verifies for every trip count T >= 1."),
        r.dump());
  }

  /**
   * aiter's fmha backward dq conversion stores what two ds_reads (lines 179-180) return after an
   * s_barrier and no lgkmcnt wait: {@code buffer_store_dword v12} (line 189).
   */
  @Test
  void theDqConversionStoresWhatItReadFromLdsBeforeItLands() {
    assertViolatedWith(
        "gfx942__fmha_v3_bwd__bwd_hd64_dq_convert_bf16_rtne_group.co",
        "wave 0 prologue (K:189): consume v12 may read or overwrite v12 before wave 0 prologue (K:179): ds_read"
            + " lds[0] bytes [0, 512) -> v12 lands");
  }

  /**
   * {@code out} reports the P4 register hazard of wave 0's prologue: the consume at line {@code
   * consumer} of {@code k} reading or overwriting {@code reg} before {@code load} (line {@code
   * loadLine}) lands.
   */
  /**
   * aiter's MoE epilogues bracket each atomic with {@code s_setvskip} on a bit of a value the lift
   * does not know: the store may issue, so the data it reads must have landed. It was dropped
   * whole, with the hazard it makes.
   */
  @Test
  void aStoreUnderAnUnknownVskipBitStillReadsItsData() throws Exception {
    Path k =
        KernelHeader.write(
            tmp.resolve("vskip.s"),
            KernelHeader.then(
                List.of(
                    "\ts_load_dword s8, s[0:1], 0x4", // 6
                    "\ts_waitcnt lgkmcnt(0)", // 7
                    "\tv_lshlrev_b32_e32 v1, 4, v0", // 8
                    "\tds_write_b128 v1, v[12:15]", // 9
                    "\ts_waitcnt lgkmcnt(0)", // 10
                    "\ts_barrier", // 11
                    "\tds_read_b128 v[4:7], v1", // 12
                    "\ts_setvskip s8, 3", // 13
                    "\tbuffer_store_dwordx4 v[4:7], v1, s[4:7], 0 offen", // 14
                    "\ts_setvskip 0, 0", // 15
                    "\ts_waitcnt lgkmcnt(0)", // 16
                    "\ts_endpgm")));
    Cli.Result r = Cli.run("verify", k.toString(), "--waves", "1", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VIOLATED (1 root cause, 1 instance)\n"), r.dump());
    assertHazard(
        r.out(), k, 14, "v[4:7]", 12, "ds_read lds[0] bytes [0, 1024) -> v[4:7]", r.dump());
  }

  private static void assertHazard(
      String out, Path k, int consumer, String reg, int loadLine, String load, String dump) {
    assertTrue(
        out.contains(
            "  P4 REGISTER_HAZARD: wave 0 prologue ("
                + k
                + ":"
                + consumer
                + "): consume "
                + reg
                + " may read or overwrite "
                + reg
                + " before wave 0 prologue ("
                + k
                + ":"
                + loadLine
                + "): "
                + load
                + " lands\n"),
        dump);
  }
}

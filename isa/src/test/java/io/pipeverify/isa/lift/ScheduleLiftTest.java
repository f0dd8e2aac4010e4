package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The schedule lift on hand-written gfx950 kernels (no compiler needed): what each instruction
 * becomes, and the located error for each thing the lift refuses to guess.
 */
class ScheduleLiftTest {
  /** The listing's first lines; the kernel body starts on line 6. */
  static final List<String> HEADER =
      List.of(
          "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"",
          "\t.amdhsa_kernel k",
          "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1",
          "\t.end_amdhsa_kernel",
          "k:");

  /**
   * Each wave copies its 1 KiB chunk at M0 = w * 1024 with LDS-DMA, waits, meets the others, reads
   * back at (w * 64 + lane) << {@code readShift}, waits and multiplies; a loop around all of it.
   */
  private static List<String> copyReadLoop(int readShift) {
    return List.of(
        "\tv_readfirstlane_b32 s0, v0", // 6: w * 64
        "\ts_lshl_b32 s1, s0, 4", // 7: w * 1024
        "\ts_mov_b32 m0, s1", // 8
        "\ts_mov_b32 s2, 0", // 9
        "\tv_lshlrev_b32_e32 v1, " + readShift + ", v0", // 10
        ".LBB0_1:", // 11
        "\tbuffer_load_dwordx4 v2, s[4:7], 0 offen lds", // 12
        "\ts_waitcnt vmcnt(0)", // 13
        "\ts_barrier", // 14
        "\tds_read_b128 v[4:7], v1", // 15
        "\ts_waitcnt lgkmcnt(0)", // 16
        "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 17
        "\ts_barrier", // 18
        "\ts_add_u32 s2, s2, 1", // 19
        "\ts_cmp_lt_u32 s2, 100", // 20
        "\ts_cbranch_scc1 .LBB0_1", // 21
        "\ts_endpgm");
  }

  /** {@link #copyReadLoop}(4) with {@code tail} instead of its s_endpgm. */
  private static List<String> afterTheLoop(String... tail) {
    List<String> body = new ArrayList<>(copyReadLoop(4));
    body.remove(body.size() - 1);
    body.addAll(List.of(tail));
    return body;
  }

  private static Schedule lift(List<String> body, int waves) throws AsmSyntaxException {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(body);
    AsmListing listing = AsmParser.parse(String.join("\n", lines) + "\n", "k.s");
    return ScheduleLift.lift(listing, listing.kernel("k").orElseThrow(), waves, Map.of());
  }

  private static String describe(Op op) {
    String at = ((Origin.InAssembly) op.origin()).line() + ":";
    if (op instanceof Op.G2s g) {
      return at + "g2s " + g.region().start().render() + "+" + g.region().count().render();
    }
    if (op instanceof Op.DsRead r) {
      return at
          + "ds_read "
          + r.region().start().render()
          + "+"
          + r.region().count().render()
          + " -> "
          + r.dst();
    }
    if (op instanceof Op.Mfma m) {
      return at + "mfma " + m.a() + " x " + m.b();
    }
    if (op instanceof Op.Wait w) {
      return at + "wait " + w.counters();
    }
    return at + op.kind();
  }

  @Test
  void eachWavesLoopBecomesItsOpsInGranulesWithTheirLines() throws Exception {
    Schedule s = lift(copyReadLoop(4), 2);
    assertEquals(Intent.NONE, s.intent());
    assertEquals(List.of(new LdsBuffer("lds", 1, 2048, 1024)), s.buffers());
    for (int w = 0; w < 2; w++) {
      WaveProgram p = s.programOf(w);
      assertEquals("wave" + w, p.role());
      assertEquals(List.of(), p.prologue());
      assertEquals(
          List.of(
              "12:g2s " + w + "+1",
              "13:wait vmcnt(0)",
              "14:barrier",
              "15:ds_read " + w + "+1 -> v[4:7]",
              "16:wait lgkmcnt(0)",
              "17:mfma v[4:7] x v[4:7]",
              "18:barrier"),
          p.loop().stream().map(ScheduleLiftTest::describe).toList());
    }
  }

  /**
   * A loop with v_mfma that only runs after the K loop (hipBLASLt's tail loop over the last K
   * elements) is no K loop: its three passes are the epilogue, not three K steps of a loop that
   * "leaves after 3 iterations, not 8".
   */
  @Test
  void aTailLoopAfterTheKLoopIsFollowedPassByPassInTheEpilogue() throws Exception {
    List<String> body =
        afterTheLoop(
            "\ts_mov_b32 s30, 3", // 22
            ".Ltail:", // 23
            "\tds_read_b128 v[4:7], v1 offset:64", // 24
            "\ts_waitcnt lgkmcnt(0)", // 25
            "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 26
            "\ts_sub_u32 s30, s30, 1", // 27
            "\ts_cmp_lg_u32 s30, 0", // 28
            "\ts_cbranch_scc1 .Ltail", // 29
            "\ts_endpgm");
    Schedule s = lift(body, 2);
    List<String> epilogue =
        s.programOf(0).epilogue().stream().map(ScheduleLiftTest::describe).toList();
    assertEquals(
        3, epilogue.stream().filter(o -> o.startsWith("24:ds_read")).count(), epilogue.toString());
    assertEquals(
        List.of(
            "12:g2s 0+1",
            "13:wait vmcnt(0)",
            "14:barrier",
            "15:ds_read 0+1 -> v[4:7]",
            "16:wait lgkmcnt(0)",
            "17:mfma v[4:7] x v[4:7]",
            "18:barrier"),
        s.programOf(0).loop().stream().map(ScheduleLiftTest::describe).toList());
  }

  /**
   * A read whose lanes' addresses are "mask ? in range : 0x80000000" for a mask of an argument the
   * lift does not know reads the in-range address or nothing: it is checked as reading it.
   */
  @Test
  void aReadSwitchedOffByAnUnknownMaskIsCheckedAsReading() throws Exception {
    List<String> body = new ArrayList<>(copyReadLoop(4));
    body.add(5, "\ts_load_dword s40, s[0:1], 0x0");
    body.add(6, "\ts_waitcnt lgkmcnt(0)");
    body.add(17, "\tv_cmp_gt_u32_e64 s[20:21], s40, v0");
    body.add(18, "\tv_mov_b32_e32 v20, 0x80000000");
    body.add(19, "\tv_cndmask_b32_e64 v21, v20, v1, s[20:21]");
    body.add(20, "\tds_read_b128 v[12:15], v21");
    Schedule s = lift(body, 1);
    List<String> loop = s.programOf(0).loop().stream().map(ScheduleLiftTest::describe).toList();
    assertTrue(loop.contains("26:ds_read 0+1 -> v[12:15]"), loop.toString());
  }

  /**
   * The 16-bit-destination reads (hipBLASLt's ds_read_u16_d16_hi) read their two bytes at each
   * lane's address, like ds_read_u16.
   */
  @Test
  void aSixteenBitDestinationReadReadsItsTwoBytes() throws Exception {
    for (String form : List.of("ds_read_u16_d16_hi v4, v1", "ds_read_u16_d16 v4, v1")) {
      List<String> body = new ArrayList<>(copyReadLoop(1));
      body.set(9, "\t" + form);
      Schedule s = lift(body, 1);
      // 64 lanes x 2 bytes at lane * 2: the first 128 bytes, in the copies' 1 KiB granule 0.
      assertEquals("15:ds_read 0+1 -> v4", describe(s.programOf(0).loop().get(3)), form);
    }
  }

  /**
   * A branch on an unknown value after which no path touches LDS, meets a barrier or multiplies
   * (hipBLASLt's split-K accumulation and edge stores) splits no launch: the walk ends there, and
   * its sides' different waits order nothing that could race.
   */
  @Test
  void aBranchAfterWhichNothingTouchesLdsSplitsNoLaunch() throws Exception {
    List<String> body =
        afterTheLoop(
            "\ts_load_dword s40, s[0:1], 0x0",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s40, 0",
            "\ts_cbranch_scc1 .Lskip",
            "\tglobal_store_dword v1, v4, s[8:9]",
            "\ts_waitcnt vmcnt(0)",
            ".Lskip:",
            "\ts_endpgm");
    LiftedKernel lifted = liftAll(body, 2);
    assertEquals(1, lifted.classes().size(), classes(lifted).toString());
    assertEquals(List.of(), lifted.uncovered());
  }

  /**
   * An address beyond the target's LDS is out of range: the read returns 0 and touches nothing
   * (hipBLASLt's bias loads switch lanes off with address 0x80000000); a read with no lane in range
   * is no op at all.
   */
  @Test
  void lanesAddressedBeyondTheLdsTouchNothingAndAReadOfNoneIsNoOp() throws Exception {
    List<String> body = new ArrayList<>(copyReadLoop(4));
    // Lanes 32-63 read at 0x80000000; a second read sends every lane there.
    body.add(15, "\tv_cmp_gt_u32_e32 vcc, 32, v0");
    body.add(16, "\tv_mov_b32_e32 v20, 0x80000000");
    body.add(17, "\tv_cndmask_b32_e32 v21, v20, v1, vcc");
    body.add(18, "\tds_read_b128 v[12:15], v21");
    body.add(19, "\tds_read_b128 v[16:19], v20");
    Schedule s = lift(body, 1);
    List<String> loop = s.programOf(0).loop().stream().map(ScheduleLiftTest::describe).toList();
    assertTrue(loop.contains("24:ds_read 0+1 -> v[12:15]"), loop.toString());
    assertTrue(loop.stream().noneMatch(o -> o.startsWith("25:")), loop.toString());
    assertEquals(List.of(new LdsBuffer("lds", 1, 1024, 1024)), s.buffers());
  }

  /**
   * gfx950's transposing reads read the bytes at each lane's address, as the plain read of their
   * width does: the wave's LDS footprint (what P1 compares) is the same, the transpose only deals
   * the elements out to other lanes' registers.
   */
  @Test
  void aTransposingReadReadsThePlainReadsBytes() throws Exception {
    for (String tr : List.of("ds_read_b64_tr_b4", "ds_read_b64_tr_b8", "ds_read_b64_tr_b16")) {
      List<String> plain = new ArrayList<>(copyReadLoop(3));
      List<String> transposing = new ArrayList<>(copyReadLoop(3));
      // (w * 64 + lane) * 8 + 64: 8 bytes per lane, the wave's 512 bytes after its first 64.
      plain.set(9, "\tds_read_b64 v[4:5], v1 offset:64");
      transposing.set(9, "\t" + tr + " v[4:5], v1 offset:64");
      Op.DsRead a = read(lift(plain, 2).programOf(1));
      Op.DsRead b = read(lift(transposing, 2).programOf(1));
      assertEquals(a.region(), b.region(), tr);
      assertEquals("v[4:5]", b.dst().toString(), tr);
    }
    List<String> six = new ArrayList<>(copyReadLoop(3));
    six.set(9, "\tds_read_b96_tr_b6 v[4:6], v1");
    assertEquals(
        "15:ds_read 0+1 -> v[4:6]", describe(read(lift(six, 1).programOf(0))), "12 bytes a lane");
  }

  private static Op.DsRead read(WaveProgram p) {
    return p.loop().stream()
        .filter(o -> o instanceof Op.DsRead)
        .map(o -> (Op.DsRead) o)
        .findFirst()
        .orElseThrow();
  }

  /** A read of scattered pieces is a region of pieces (of granules), exactly. */
  @Test
  void aReadOfScatteredPiecesIsARegionOfPieces() throws Exception {
    // (w * 64 + lane) * 2048: every lane's 16 bytes in a 1 KiB granule of its own, every other one.
    Schedule s = lift(copyReadLoop(11), 1);
    Op.DsRead read =
        s.programOf(0).loop().stream()
            .filter(o -> o instanceof Op.DsRead)
            .map(Op.DsRead.class::cast)
            .findFirst()
            .orElseThrow();
    assertEquals(64, read.region().pieces().size());
    assertEquals(
        List.of(new Region.Piece(0, 1), new Region.Piece(2, 1), new Region.Piece(4, 1)),
        read.region().pieces().subList(0, 3));
    assertEquals("0+127", describe(read).replaceAll(".*ds_read (\\S+) .*", "$1"));
  }

  @Test
  void aScalarLoadOutstandingAtAnLgkmcntAboveZeroIsNotAnOpAndTheWaitCountsLdsOperations()
      throws Exception {
    // semantics.md section 8: the wait bounds the outstanding LDS operations by N whatever the
    // scalar load does, so the scalar load is left out and the wait kept as written.
    List<String> body = new ArrayList<>(copyReadLoop(4));
    body.add(0, "\ts_load_dword s10, s[0:1], 0x0"); // line 6; the rest moves down one line
    body.set(body.indexOf("\ts_waitcnt lgkmcnt(0)"), "\ts_waitcnt lgkmcnt(1)");
    Schedule s = lift(body, 1);
    assertEquals(List.of(), s.programOf(0).prologue());
    assertEquals(
        List.of(
            "13:g2s 0+1",
            "14:wait vmcnt(0)",
            "15:barrier",
            "16:ds_read 0+1 -> v[4:7]",
            "17:wait lgkmcnt(1)",
            "18:mfma v[4:7] x v[4:7]",
            "19:barrier"),
        s.programOf(0).loop().stream().map(ScheduleLiftTest::describe).toList());
  }

  @Test
  void aLoopWhoseAddressesNeverRepeatHasNoPeriod() {
    List<String> body = new ArrayList<>(copyReadLoop(4));
    // The copy moves on by 8 KiB every iteration and never comes back.
    body.add(body.indexOf("\ts_add_u32 s2, s2, 1"), "\ts_add_u32 s1, s1, 0x2000");
    body.add(body.indexOf("\ts_add_u32 s2, s2, 1"), "\ts_mov_b32 m0, s1");
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> lift(body, 1));
    assertEquals(
        "k.s:12: the loop's LDS addresses or instructions do not repeat within 4 iterations in"
            + " every wave, so it has no period the lift can use",
        e.getMessage());
  }

  @Test
  void anMfmaThatReadsOtherLoadsInOtherIterationsIsALocatedError() {
    // The first iteration multiplies the two 8-byte loads of the prologue, later ones the loop's
    // 16-byte load at the end of the previous iteration.
    List<String> body = new ArrayList<>(copyReadLoop(4));
    body.remove("\tds_read_b128 v[4:7], v1");
    body.add(body.indexOf(".LBB0_1:"), "\tds_read_b64 v[4:5], v1");
    body.add(body.indexOf(".LBB0_1:"), "\tds_read_b64 v[6:7], v1 offset:8");
    body.add(body.indexOf("\ts_add_u32 s2, s2, 1"), "\tds_read_b128 v[4:7], v1");
    body.add(body.indexOf("\ts_add_u32 s2, s2, 1"), "\ts_waitcnt lgkmcnt(0)");
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> lift(body, 1));
    assertEquals(
        "k.s:18: v_mfma_f32_16x16x32_bf16 in wave 0 reads registers loaded as v[6:7] and v[6:7] in"
            + " one iteration and as v[4:7] and v[4:7] in another; the lift needs the same loads in"
            + " every iteration",
        e.getMessage());
  }

  @Test
  void onlyGfx950AndGfx942AreLifted() {
    List<String> lines = new ArrayList<>(HEADER);
    lines.set(0, "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx90a\"");
    lines.addAll(copyReadLoop(4));
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> {
              AsmListing listing = AsmParser.parse(String.join("\n", lines) + "\n", "k.s");
              ScheduleLift.lift(listing, listing.kernel("k").orElseThrow(), 1, Map.of());
            });
    assertEquals(
        "k.s:1: target amdgcn-amd-amdhsa--gfx90a is not supported (gfx950 and gfx942 are)",
        e.getMessage());
  }

  // ---------------------------------------------------------------- unknown values (docs/isa.md)

  /**
   * The copy/read loop run {@code kernarg[0]} times (an argument not given), after {@code before};
   * with {@code alternating} the copy and the read use the slot of {@code k & 1} (2 KiB apart).
   * Lines: 6 the count's load, 7 its wait, then {@code before}, then the loop.
   */
  private static List<String> countedLoop(List<String> before, boolean alternating) {
    List<String> body = new ArrayList<>();
    body.add("\ts_load_dword s20, s[0:1], 0x0");
    body.add("\ts_waitcnt lgkmcnt(0)");
    body.addAll(before);
    body.addAll(
        List.of(
            "\tv_readfirstlane_b32 s0, v0",
            "\ts_lshl_b32 s1, s0, 4",
            "\ts_mov_b32 s2, 0",
            "\tv_lshlrev_b32_e32 v1, 4, v0",
            ".LBB0_1:",
            "\ts_and_b32 s3, s2, " + (alternating ? 1 : 0),
            "\ts_lshl_b32 s3, s3, 11",
            "\ts_add_u32 m0, s1, s3",
            "\tv_add_u32_e32 v2, s3, v1",
            "\tbuffer_load_dwordx4 v3, s[4:7], 0 offen lds",
            "\ts_waitcnt vmcnt(0)",
            "\ts_barrier",
            "\tds_read_b128 v[4:7], v2",
            "\ts_waitcnt lgkmcnt(0)",
            "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]",
            "\ts_barrier",
            "\ts_add_u32 s2, s2, 1",
            "\ts_cmp_lt_u32 s2, s20",
            "\ts_cbranch_scc1 .LBB0_1",
            "\ts_endpgm"));
    return body;
  }

  private static LiftedKernel liftAll(List<String> body, int waves) throws AsmSyntaxException {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(body);
    AsmListing listing = AsmParser.parse(String.join("\n", lines) + "\n", "k.s");
    return ScheduleLift.liftAll(listing, listing.kernel("k").orElseThrow(), waves, Map.of());
  }

  /**
   * The same text read from another file for another target lifts to the first lift moved there:
   * what a sweep's memo of lifted kernels hands out instead of lifting again.
   */
  @Test
  void aListingReadFromAnotherFileForAnotherTargetIsTheSameKernelMovedThere() throws Exception {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(countedLoop(List.of(), true));
    String gfx950 = String.join("\n", lines) + "\n";
    String gfx942 = gfx950.replace("--gfx950", "--gfx942");
    AsmListing a = AsmParser.parse(gfx950, "a.s");
    AsmListing b = AsmParser.parse(gfx942, "b.s");
    LiftedKernel fromA = ScheduleLift.liftAll(a, a.kernel("k").orElseThrow(), 2, Map.of());
    LiftedKernel fromB = ScheduleLift.liftAll(b, b.kernel("k").orElseThrow(), 2, Map.of());
    assertEquals(fromB, fromA.inFile("a.s", "b.s", Target.GFX942));
    assertEquals(
        new Origin.InAssembly("b.s", 17),
        fromB.classes().get(0).schedule().programOf(0).loop().get(0).origin());
  }

  private static List<String> classes(LiftedKernel k) {
    return k.classes().stream().map(LiftedKernel.LaunchClass::description).toList();
  }

  @Test
  void aLoopCountNotGivenCoversEveryTripCountWithOneScheduleOfOnePeriod() throws Exception {
    LiftedKernel k = liftAll(countedLoop(List.of(), false), 2);
    assertEquals(List.of("0 + 1T K steps (T >= 1)"), classes(k));
    assertEquals("every trip count; every value of kernarg+0", k.covers());
    Schedule s = k.classes().get(0).schedule();
    assertEquals(
        List.of(
            "17:g2s 1+1",
            "18:wait vmcnt(0)",
            "19:barrier",
            "20:ds_read 1+1 -> v[4:7]",
            "21:wait lgkmcnt(0)",
            "22:mfma v[4:7] x v[4:7]",
            "23:barrier"),
        s.programOf(1).loop().stream().map(ScheduleLiftTest::describe).toList());
  }

  /**
   * Tensile moves the kernarg pointer past its common arguments before loading the others: a load
   * from the moved pointer is still the argument at the sum of the offsets (an --arg value or range
   * applies to it), not a word of unknown memory.
   */
  @Test
  void aLoadFromTheKernargPointerMovedByAConstantIsTheArgumentThere() throws Exception {
    List<String> body = new ArrayList<>(countedLoop(List.of(), false));
    body.addAll(0, List.of("\ts_add_u32 s0, s0, 16", "\ts_addc_u32 s1, s1, 0"));
    assertEquals("every trip count; every value of kernarg+16", liftAll(body, 2).covers());
  }

  /**
   * Slots alternating with k: period 2, so one K step is a class of its own and the longer runs are
   * two classes by the count's parity, each a prologue of its remainder and a loop of two steps.
   */
  @Test
  void aLoopOfPeriodTwoHasAClassPerRemainderAndTheShorterCounts() throws Exception {
    LiftedKernel k = liftAll(countedLoop(List.of(), true), 1);
    assertEquals(
        List.of("0 + 2T K steps (T >= 1)", "1 + 2T K steps (T >= 1)", "1 K steps"), classes(k));
    Schedule odd = k.classes().get(1).schedule();
    assertEquals(
        List.of("17:g2s 0+1", "20:ds_read 0+1 -> v[4:7]"),
        odd.programOf(0).prologue().stream()
            .filter(o -> o instanceof Op.G2s || o instanceof Op.DsRead)
            .map(ScheduleLiftTest::describe)
            .toList());
    assertEquals(
        List.of("17:g2s 2+1", "20:ds_read 2+1 -> v[4:7]", "17:g2s 0+1", "20:ds_read 0+1 -> v[4:7]"),
        odd.programOf(0).loop().stream()
            .filter(o -> o instanceof Op.G2s || o instanceof Op.DsRead)
            .map(ScheduleLiftTest::describe)
            .toList());
  }

  /** A branch on an argument whose sides differ by a barrier: both launches, named. */
  @Test
  void aBranchOnAnArgumentWhoseSidesDifferIsExploredBothWays() throws Exception {
    List<String> before =
        List.of(
            "\ts_load_dword s21, s[0:1], 0x4", // 8
            "\ts_waitcnt lgkmcnt(0)", // 9
            "\ts_cmp_eq_u32 s21, 0", // 10
            "\ts_cbranch_scc1 .Lskip", // 11
            "\ts_barrier", // 12
            ".Lskip:");
    LiftedKernel k = liftAll(countedLoop(before, false), 1);
    assertEquals(
        List.of(
            "k.s:11 s_cmp_eq_b32(kernarg+4, 0) true; 0 + 1T K steps (T >= 1)",
            "k.s:11 s_cmp_eq_b32(kernarg+4, 0) false; 0 + 1T K steps (T >= 1)"),
        classes(k));
    assertEquals("every trip count; every value of kernarg+0, kernarg+4", k.covers());
    assertEquals(
        List.of(0L, 1L),
        k.classes().stream()
            .map(
                c ->
                    c.schedule().programOf(0).prologue().stream()
                        .filter(o -> o instanceof Op.Barrier)
                        .count())
            .toList());
  }

  /** Address arithmetic on both sides of a branch, no LDS event: one launch, the sides merged. */
  @Test
  void aBranchWhoseSidesRecordNothingIsSummarised() throws Exception {
    List<String> before =
        List.of(
            "\ts_load_dword s21, s[0:1], 0x4",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s21, 0",
            "\ts_cbranch_scc1 .La",
            "\ts_mov_b32 s22, 1",
            "\ts_branch .Lj",
            ".La:",
            "\ts_mov_b32 s22, 2",
            ".Lj:");
    LiftedKernel k = liftAll(countedLoop(before, false), 1);
    assertEquals(List.of("0 + 1T K steps (T >= 1)"), classes(k));
    // The merged value is unknown: an LDS address made of it is a located error naming it.
    List<String> address = new ArrayList<>(before);
    address.add("\ts_mov_b32 m0, s22");
    address.add("\tbuffer_load_dword v9, s[4:7], 0 offen lds");
    AsmSyntaxException e =
        assertThrows(AsmSyntaxException.class, () -> liftAll(countedLoop(address, false), 1));
    assertEquals(
        "k.s:18: the LDS address of buffer_load_dword in wave 0 depends on an unknown value (M0,"
            + " which depends on kernarg+4)",
        e.getMessage());
  }

  /**
   * A loop of scalar instructions on an argument (Tensile's workgroup-mapping loop halves a power
   * of two until it fits) leaves a value the lift names as a function of what it read: the same in
   * both waves, so the branch on it after the loop is one decision per launch (two classes), not
   * one per wave (four, two of them waves meeting different barriers).
   */
  @Test
  void aScalarLoopOnAnArgumentLeavesOneValueInEveryWave() throws Exception {
    List<String> before =
        List.of(
            "\ts_mov_b32 s22, 64", // 8
            ".Lhalve:", // 9
            "\ts_lshr_b32 s22, s22, 1", // 10
            "\ts_cmp_gt_u32 s22, s20", // 11
            "\ts_cbranch_scc1 .Lhalve", // 12
            "\ts_cmp_eq_u32 s22, 4", // 13
            "\ts_cbranch_scc1 .Lskip", // 14
            "\ts_barrier", // 15
            ".Lskip:");
    assertEquals(
        bothWays("k.s:14 s_cmp_eq_b32(loop@10:s22(32, kernarg+0, s_cmp_gt_u32(32, ke..."),
        classes(liftAll(countedLoop(before, false), 2)));
  }

  /**
   * A loop that reads a vector register is not named so: {@code v_readfirstlane_b32} of the lane
   * ids differs between waves, so what the loop leaves may too, and the branch on it stays a
   * decision per wave (each wave's way, both ways: four classes for two waves).
   */
  @Test
  void aLoopReadingLaneValuesLeavesAValuePerWave() throws Exception {
    List<String> before =
        List.of(
            "\ts_mov_b32 s22, 64", // 8
            ".Lhalve:", // 9
            "\tv_readfirstlane_b32 s23, v0", // 10
            "\ts_lshr_b32 s22, s22, 1", // 11
            "\ts_add_u32 s22, s22, s23", // 12
            "\ts_cmp_gt_u32 s22, s20", // 13
            "\ts_cbranch_scc1 .Lhalve", // 14
            "\ts_cmp_eq_u32 s22, 4", // 15
            "\ts_cbranch_scc1 .Lskip", // 16
            "\ts_barrier", // 17
            ".Lskip:");
    // Wave 0's decision, then wave 1's, each way.
    assertEquals(
        List.of(
            "k.s:16 an unknown SCC true (2 times); 0 + 1T K steps (T >= 1)",
            "k.s:16 an unknown SCC true, k.s:16 an unknown SCC false; 0 + 1T K steps (T >= 1)",
            "k.s:16 an unknown SCC false, k.s:16 an unknown SCC true; 0 + 1T K steps (T >= 1)",
            "k.s:16 an unknown SCC false (2 times); 0 + 1T K steps (T >= 1)"),
        classes(liftAll(countedLoop(before, false), 2)));
  }

  /**
   * Two loops over one trip count (aiter's fmoe kernels run a second GEMM's loop on the counter the
   * first one ran, reset to 0): what follows the K loop holds the second loop's passes, so it
   * differs with the count, and the refusal says where the runs part: after one K step at the
   * kernel's end, after two back in the second loop.
   */
  @Test
  void aSecondLoopOverTheKLoopsCountIsRefusedWhereTheRunsPart() {
    List<String> body =
        List.of(
            "\ts_load_dword s20, s[0:1], 0x0", // 6
            "\ts_waitcnt lgkmcnt(0)", // 7
            "\tv_readfirstlane_b32 s0, v0", // 8
            "\ts_lshl_b32 s1, s0, 4", // 9
            "\ts_mov_b32 s2, 0", // 10
            "\tv_lshlrev_b32_e32 v1, 4, v0", // 11
            ".LBB0_1:", // 12
            "\ts_mov_b32 m0, s1", // 13
            "\tbuffer_load_dwordx4 v3, s[4:7], 0 offen lds", // 14
            "\ts_waitcnt vmcnt(0)", // 15
            "\ts_barrier", // 16
            "\tds_read_b128 v[4:7], v1", // 17
            "\ts_waitcnt lgkmcnt(0)", // 18
            "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 19
            "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]", // 20
            "\ts_barrier", // 21
            "\ts_add_u32 s2, s2, 1", // 22
            "\ts_cmp_lt_u32 s2, s20", // 23
            "\ts_cbranch_scc1 .LBB0_1", // 24
            "\ts_mov_b32 s2, 0", // 25
            ".LBB0_2:", // 26
            "\tds_read_b128 v[4:7], v1", // 27
            "\ts_waitcnt lgkmcnt(0)", // 28
            "\tv_mfma_f32_16x16x32_bf16 v[12:15], v[4:7], v[4:7], v[12:15]", // 29
            "\ts_barrier", // 30
            "\ts_add_u32 s2, s2, 1", // 31
            "\ts_cmp_lt_u32 s2, s20", // 32
            "\ts_cbranch_scc1 .LBB0_2", // 33
            "\ts_endpgm"); // 34
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> liftAll(body, 2));
    assertEquals(
        "k.s:2: what wave 0 does after the K loop depends on its trip count beyond the remainder"
            + " modulo the loop's period 1 (after 1 and 2 K steps it differs: the one goes on at"
            + " k.s:34 (s_endpgm), the other at k.s:27 (ds_read_b128)), so the lift cannot cover"
            + " every trip count",
        e.getMessage());
  }

  /** The two classes of one decision per launch on {@code condition}, before a K loop. */
  private static List<String> bothWays(String condition) {
    return List.of(
        condition + " true; 0 + 1T K steps (T >= 1)",
        condition + " false; 0 + 1T K steps (T >= 1)");
  }

  /**
   * A register one side of a summarised branch writes and the other leaves unknown is known again
   * where a later branch on the same decision writes it on the other side (hipBLASLt's split-K
   * setup: {@code s7} is 0 where {@code s50 == 1}, else a remainder computed after a second test of
   * {@code s50 == 1}); a branch on it is then one decision per launch.
   */
  @Test
  void aRegisterWrittenOnEachSideOfTwoBranchesOnOneDecisionIsKnownAfterBoth() throws Exception {
    List<String> before =
        List.of(
            "\ts_load_dword s21, s[0:1], 0x4", // 8
            "\ts_waitcnt lgkmcnt(0)", // 9
            "\ts_cmp_eq_u32 s21, 1", // 10
            "\ts_cbranch_scc1 .La", // 11
            "\ts_mov_b32 s6, 5", // 12
            "\ts_branch .Lja", // 13
            ".La:", // 14
            "\ts_mov_b32 s7, 0", // 15
            "\ts_mov_b32 s6, 7", // 16
            ".Lja:", // 17
            "\ts_cmp_eq_u32 s21, 1", // 18
            "\ts_cbranch_scc1 .Lb", // 19
            "\ts_lshr_b32 s7, s21, 1", // 20
            ".Lb:", // 21
            "\ts_cmp_eq_u32 s7, 3", // 22
            "\ts_cbranch_scc1 .Lskip", // 23
            "\ts_barrier", // 24
            ".Lskip:");
    assertEquals(
        bothWays("k.s:23 s_cmp_eq_b32(join@5(s_cmp_eq_b32(kernarg+4, 1), 0, s_lshr_b..."),
        classes(liftAll(countedLoop(before, false), 2)));
  }

  /** A semaphore polled in a loop (split-K), with waits and loads only: one pass, then out. */
  @Test
  void aSpinLoopOnMemoryIsSummarised() throws Exception {
    List<String> before =
        List.of(
            ".Lspin:", // 8
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_load_dword s23, s[0:1], 0x8 glc",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s23, 1",
            "\ts_cbranch_scc0 .Lspin");
    LiftedKernel k = liftAll(countedLoop(before, false), 1);
    assertEquals(List.of("0 + 1T K steps (T >= 1)"), classes(k));
    assertEquals(
        List.of("7:wait lgkmcnt(0)", "9:wait lgkmcnt(0)", "11:wait lgkmcnt(0)"),
        k.classes().get(0).schedule().programOf(0).prologue().stream()
            .map(ScheduleLiftTest::describe)
            .filter(d -> d.contains("wait"))
            .toList());
  }

  /** {@code n} branches on arguments kernarg+4, +8, ..., each with a barrier on one side. */
  private static List<String> barrierBranches(int n) {
    List<String> before = new ArrayList<>();
    for (int b = 0; b < n; b++) {
      before.add("\ts_load_dword s" + (21 + b) + ", s[0:1], 0x" + Integer.toHexString(4 + 4 * b));
      before.add("\ts_waitcnt lgkmcnt(0)");
      before.add("\ts_cmp_eq_u32 s" + (21 + b) + ", 0");
      before.add("\ts_cbranch_scc1 .Lskip" + b);
      before.add("\ts_barrier");
      before.add(".Lskip" + b + ":");
    }
    return before;
  }

  @Test
  void launchesBeyondTheLimitAreUncoveredAndTheFirst64Lifted() throws Exception {
    List<String> before = barrierBranches(6);
    // 6 branches with a barrier on one side: 64 ways, 127 plans with the partial ones. Depth
    // first, true side first, the first 64 plans are the root and its true side's 63: its 32
    // launches are lifted, and the 65th, the root's false side (the other 32), is listed.
    LiftedKernel k = liftAll(countedLoop(before, false), 1);
    assertEquals(32, k.classes().size(), classes(k).toString());
    assertTrue(
        classes(k).stream().allMatch(c -> c.startsWith("k.s:11 s_cmp_eq_b32(kernarg+4, 0) true")),
        classes(k).toString());
    assertEquals(1, k.uncovered().size());
    LiftedKernel.Uncovered u = k.uncovered().get(0);
    assertTrue(
        u.reason()
            .startsWith(
                "kernel k has more than 64 launch classes: its branches on unknown values"
                    + " (k.s:11: s_cbranch_scc1 on s_cmp_eq_b32(kernarg+4, 0);"),
        u.reason());
    assertEquals("k.s:11 s_cmp_eq_b32(kernarg+4, 0) false", u.condition());
  }

  /**
   * A kernel whose classes hold more steps than a batch is handed on in batches (verify checks each
   * and lets it go): the same classes, the same schedules, in the same order as one lift.
   */
  @Test
  void classesHandedOnInBatchesAreTheClassesOfOneLift() throws Exception {
    List<String> before = barrierBranches(3);
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(countedLoop(before, false));
    AsmListing listing = AsmParser.parse(String.join("\n", lines) + "\n", "k.s");
    LiftedKernel whole =
        ScheduleLift.liftAll(listing, listing.kernel("k").orElseThrow(), 1, Map.of());
    List<Integer> sizes = new ArrayList<>();
    List<LiftedKernel.LaunchClass> received = new ArrayList<>();
    ScheduleLift.ClassSink<RuntimeException> sink =
        batch -> {
          sizes.add(batch.size());
          received.addAll(batch);
        };
    ScheduleLift.Streamed<ScheduleLift.ClassSink<RuntimeException>> batched =
        ScheduleLift.liftEach(
            listing,
            listing.kernel("k").orElseThrow(),
            1,
            Map.of(),
            Map.of(),
            Feasibility.ANY,
            ScheduleLift.MAX_LAUNCHES,
            1,
            () -> sink);
    // 3 branches, 8 ways; with a bound of one step each way's one class is a batch.
    assertEquals(8, whole.classes().size(), classes(whole).toString());
    assertEquals(List.of(1, 1, 1, 1, 1, 1, 1, 1), sizes);
    assertEquals(8, batched.classes());
    assertEquals(8, batched.batches());
    assertEquals(whole.classes(), received);
    assertEquals(whole.covers(), batched.covers());
  }

  /** A line cut short (reader fuzz, text mutant 100): a located error, not an index error. */
  @Test
  void anInstructionWithTooFewOperandsIsALocatedError() throws Exception {
    List<String> body = new ArrayList<>(copyReadLoop(4));
    body.set(11, "\tv_mfma_f32_16x16x32_bf16"); // line 17
    AsmSyntaxException e = assertThrows(AsmSyntaxException.class, () -> lift(body, 2));
    assertEquals(
        "k.s:17: v_mfma_f32_16x16x32_bf16 needs 4 operands or more, found 0", e.getMessage());
    // v_nop has none to need (aiter's fmha kernels pad with it).
    List<String> padded = new ArrayList<>(copyReadLoop(4));
    padded.add(12, "\tv_nop");
    assertEquals(7, lift(padded, 2).programOf(0).loop().size());
  }

  /**
   * A loop that writes LDS and leaves on a kernel argument is not summarised: each pass is another
   * launch. The launches that leave are explored first, so those of 1, 2, ... passes are classes up
   * to the limit, and the one still in the loop is listed: its reason names the branch once, with
   * how many of its executions the launches decided, and says that it is a loop.
   */
  @Test
  void aLoopLeftOnAnUnknownValueGivesAClassPerPassUpToTheLimit() throws Exception {
    List<String> body =
        List.of(
            "\ts_load_dword s20, s[0:1], 0x0", // 6
            "\ts_waitcnt lgkmcnt(0)", // 7
            "\ts_mov_b32 s2, 0", // 8
            "\tv_lshlrev_b32_e32 v1, 4, v0", // 9
            ".Lfill:", // 10
            "\tds_write_b128 v1, v[4:7]", // 11
            "\ts_add_u32 s2, s2, 1", // 12
            "\ts_cmp_lt_u32 s2, s20", // 13
            "\ts_cbranch_scc1 .Lfill", // 14
            "\ts_endpgm");
    LiftedKernel k = liftAll(body, 1);
    // 64 plans: each pass's decision is two, the one that leaves completes a launch.
    assertEquals(32, k.classes().size(), classes(k).toString());
    assertTrue(
        classes(k).contains("k.s:14 s_cmp_lt_u32(1, kernarg+0) false; no K loop"),
        classes(k).toString());
    assertEquals(1, k.uncovered().size());
    LiftedKernel.Uncovered u = k.uncovered().get(0);
    assertTrue(u.condition().startsWith("k.s:14 s_cmp_lt_u32(1, kernarg+0) true, "), u.condition());
    assertEquals(
        "kernel k has more than 64 launch classes: its branches on unknown values (k.s:14:"
            + " s_cbranch_scc1 on s_cmp_lt_u32(1, kernarg+0) (and 31 more executions of it))"
            + " differ in what they do to LDS, waits or barriers, and a loop whose exit depends on"
            + " such a value makes each pass another launch; give --arg values to narrow the"
            + " launches, or --max-launches a larger bound",
        u.reason());
  }

  /**
   * A launch whose LDS address the lift cannot know (here: one side of a branch copies to an M0
   * made of a kernel argument) is listed with its condition and reason; the other side is lifted.
   */
  @Test
  void aLaunchTheLiftCannotFollowIsUncoveredAndTheOthersAreLifted() throws Exception {
    List<String> before =
        List.of(
            "\ts_load_dword s21, s[0:1], 0x4",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s21, 0",
            "\ts_cbranch_scc1 .La",
            "\ts_mov_b32 m0, s21",
            "\tbuffer_load_dword v9, s[4:7], 0 offen lds",
            "\ts_waitcnt vmcnt(0)",
            ".La:");
    LiftedKernel k = liftAll(countedLoop(before, false), 1);
    assertEquals(
        List.of("k.s:11 s_cmp_eq_b32(kernarg+4, 0) true; 0 + 1T K steps (T >= 1)"), classes(k));
    assertEquals(
        List.of(
            new LiftedKernel.Uncovered(
                "k.s:11 s_cmp_eq_b32(kernarg+4, 0) false",
                "k.s:13: the LDS address of buffer_load_dword in wave 0 depends on an unknown value"
                    + " (M0, which depends on kernarg+4)")),
        k.uncovered());
  }

  /**
   * A kernel that calls one of two functions through {@code s_swappc_b64} (the address chosen by a
   * kernel argument, as Tensile chooses its activation function), the functions after {@code
   * s_endpgm} at the labels the disassembler puts at their addresses; {@code second} is the second
   * function's body. Lines: 8-17 the choice and the call, then the loop; the functions after it.
   */
  private static List<String> calling(String... second) {
    List<String> before =
        List.of(
            "\ts_load_dword s8, s[0:1], 0x4",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_cmp_eq_u32 s8, 1",
            "\ts_cbranch_scc1 .Lsecond",
            "\ts_mov_b64 s[58:59], 0x100",
            "\ts_branch .Ljoin",
            ".Lsecond:",
            "\ts_mov_b64 s[58:59], 0x200",
            ".Ljoin:",
            "\ts_swappc_b64 s[68:69], s[58:59]");
    List<String> body = new ArrayList<>(countedLoop(before, false));
    body.addAll(List.of(".Lpv_k_100:", "\tv_exp_f32_e32 v20, v20", "\ts_setpc_b64 s[68:69]"));
    body.add(".Lpv_k_200:");
    body.addAll(List.of(second));
    body.add("\ts_setpc_b64 s[68:69]");
    return body;
  }

  /**
   * A call to functions that only compute leaves what they write unknown and goes on after it: the
   * kernel lifts as if the call were not there.
   */
  @Test
  void aCallToFunctionsThatOnlyComputeIsFollowed() throws Exception {
    LiftedKernel k = liftAll(calling("\tv_mul_f32_e32 v20, v20, v20", "\ts_mov_b32 s30, 1"), 2);
    assertEquals(List.of("0 + 1T K steps (T >= 1)"), classes(k));
    assertEquals(List.of(), k.uncovered());
    assertEquals(
        List.of(
            "27:g2s 1+1",
            "28:wait vmcnt(0)",
            "29:barrier",
            "30:ds_read 1+1 -> v[4:7]",
            "31:wait lgkmcnt(0)",
            "32:mfma v[4:7] x v[4:7]",
            "33:barrier"),
        k.classes().get(0).schedule().programOf(1).loop().stream()
            .map(ScheduleLiftTest::describe)
            .toList());
  }

  /**
   * A function that writes the register the LDS addresses are made of (the lane id, from which M0
   * is made): they are unknown after the call.
   */
  @Test
  void aCalledFunctionsResultsAreUnknownAfterTheCall() {
    AsmSyntaxException e =
        assertThrows(AsmSyntaxException.class, () -> liftAll(calling("\tv_mov_b32_e32 v0, 0"), 1));
    assertEquals(
        "k.s:27: the LDS address of buffer_load_dwordx4 in wave 0 depends on an unknown value"
            + " (M0)",
        e.getMessage());
  }

  /** A function that touches LDS, and a call to an address the lift does not know: errors. */
  @Test
  void aCallIsFollowedOnlyIntoKnownFunctionsThatTouchNothingTracked() {
    AsmSyntaxException lds =
        assertThrows(AsmSyntaxException.class, () -> liftAll(calling("\tds_read_b32 v20, v21"), 1));
    assertEquals(
        "k.s:42: s_swappc_b64 to 0x200 reaches ds_read_b32, which touches memory, LDS, a counter,"
            + " a barrier, EXEC, M0 or control flow: the lift follows a call only into a function"
            + " that touches none of what it tracks (docs/isa.md, \"Calls\")",
        lds.getMessage());
    List<String> body = calling("\tv_mov_b32_e32 v20, 0");
    body.set(body.indexOf("\ts_mov_b64 s[58:59], 0x200"), "\ts_mov_b64 s[58:59], s[0:1]");
    AsmSyntaxException unknown = assertThrows(AsmSyntaxException.class, () -> liftAll(body, 1));
    assertEquals(
        "k.s:17: s_swappc_b64 calls the address in s[58:59], which the lift cannot follow to known"
            + " code (it holds join@3(s_cmp_eq_b32(kernarg+4, 1), 0, 256); a call is followed"
            + " when the address is built from s_getpc_b64 and constants: docs/isa.md, \"Calls\")",
        unknown.getMessage());
  }

  /**
   * VSKIP (s_setvskip S0, S1: bit S1 of S0): while set no vector instruction issues, so the
   * ds_write under {@code s_setvskip 1, 0} is no op; under a bit of a kernel argument a store that
   * returns nothing is left out (it may not count on vmcnt) and an LDS access is a located error.
   */
  @Test
  void vectorInstructionsUnderVskipDoNotIssue() throws Exception {
    List<String> skipped =
        List.of(
            "\tv_lshlrev_b32_e32 v9, 2, v0",
            "\ts_setvskip 1, 0",
            "\tds_write_b32 v9, v9",
            "\ts_setvskip 0, 0",
            "\ts_load_dword s8, s[0:1], 0x4",
            "\ts_waitcnt lgkmcnt(0)",
            "\ts_setvskip s8, 3",
            "\tbuffer_store_dword v9, v9, s[4:7], 0 offen",
            "\ts_setvskip 0, 0",
            "\tds_write_b32 v9, v9 offset:4096",
            "\ts_waitcnt lgkmcnt(0)");
    Schedule s = liftAll(countedLoop(skipped, false), 1).classes().get(0).schedule();
    assertEquals(
        List.of("13:wait lgkmcnt(0)", "17:ds_write", "18:wait lgkmcnt(0)"),
        s.programOf(0).prologue().stream()
            .map(ScheduleLiftTest::describe)
            .filter(d -> !d.startsWith("6:") && !d.startsWith("7:"))
            .toList());
    List<String> unknown = new ArrayList<>(skipped);
    unknown.set(
        unknown.indexOf("\tbuffer_store_dword v9, v9, s[4:7], 0 offen"), "\tds_write_b32 v9, v9");
    AsmSyntaxException e =
        assertThrows(AsmSyntaxException.class, () -> liftAll(countedLoop(unknown, false), 1));
    assertEquals(
        "k.s:15: ds_write_b32 in wave 0 issues or not as a VSKIP bit the lift does not know says"
            + " (s_setvskip of an unknown value): only stores and atomics that return nothing are"
            + " followed there",
        e.getMessage());
  }
}

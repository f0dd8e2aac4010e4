package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Register liveness in the lift (issue 36): which ds_reads load a value no later instruction reads,
 * on hand-written gfx950 kernels, and each rule that keeps a read used when its value might still
 * reach one ({@link ReadLiveness}).
 */
class ReadLivenessTest {
  private static Schedule lift(List<String> body) throws Exception {
    List<String> lines = new ArrayList<>(ScheduleLiftTest.HEADER);
    lines.addAll(body);
    AsmListing listing = AsmParser.parse(String.join("\n", lines) + "\n", "k.s");
    LiftedKernel k = ScheduleLift.liftAll(listing, listing.kernel("k").orElseThrow(), 1, Map.of());
    assertEquals(1, k.classes().size(), k.covers());
    return k.classes().get(0).schedule();
  }

  /** Each read op of wave 0's {@code section} as {@code line: use}. */
  private static List<String> uses(Schedule s, Section section) {
    return s.programOf(0).section(section).stream()
        .filter(o -> o instanceof Op.DsRead)
        .map(Op.DsRead.class::cast)
        .map(r -> ((Origin.InAssembly) r.origin()).line() + ": " + describe(r.use()))
        .toList();
  }

  private static String describe(ReadUse u) {
    ReadUse.Stated s = (ReadUse.Stated) u;
    return s.dead() == ReadUse.Dead.NEVER ? "used" : s.dead().id() + " (" + s.why() + ")";
  }

  /** Line 7 reads v[4:7]; line 8 waits for it; {@code then} from line 9; the end. */
  private static List<String> readThen(String... then) {
    List<String> body = new ArrayList<>();
    body.add("\tv_lshlrev_b32_e32 v1, 4, v0"); // 6
    body.add("\tds_read_b128 v[4:7], v1"); // 7
    body.add("\ts_waitcnt lgkmcnt(0)"); // 8
    body.addAll(List.of(then));
    body.add("\ts_endpgm");
    return body;
  }

  private static final String MFMA = "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]";

  @Test
  void aReadNothingReadsAgainIsDead() throws Exception {
    assertEquals(
        List.of("7: always (v[4:7] never read)"), uses(lift(readThen()), Section.PROLOGUE));
    assertEquals(List.of("7: used"), uses(lift(readThen(MFMA)), Section.PROLOGUE));
  }

  @Test
  void aReadOverwrittenAfterItRetiredIsDeadAndTheOverwritingReadUsed() throws Exception {
    Schedule s =
        lift(readThen("\tds_read_b128 v[4:7], v1 offset:64", "\ts_waitcnt lgkmcnt(0)", MFMA));
    assertEquals(
        List.of("7: always (v[4:7] overwritten at line 9)", "9: used"), uses(s, Section.PROLOGUE));
  }

  /**
   * Line 7's data may land after an overwrite by another kind of load that comes before it retired,
   * where the mfma would read it: no overwrite. {@code lgkmcnt(1)} with one LDS instruction after
   * it retires it (LDS returns in order); {@code lgkmcnt(2)} does not.
   */
  @Test
  void anOverwriteCountsOnlyOnceTheReadRetired() throws Exception {
    for (int n : new int[] {1, 2}) {
      Schedule s = lift(overwrittenAfterWait(n, "\tglobal_load_dwordx4 v[4:7], v1, s[4:5]"));
      assertEquals(
          List.of(n == 1 ? "7: always (v[4:7] overwritten at line 10)" : "7: used", "8: used"),
          uses(s, Section.PROLOGUE),
          "lgkmcnt(" + n + ")");
    }
  }

  /**
   * A later LDS read of the wave lands after line 7's (LDS returns in order), so its overwrite
   * counts with no wait between: line 7 is dead under {@code lgkmcnt(2)} too.
   */
  @Test
  void anOverwriteByALaterLdsReadNeedsNoWait() throws Exception {
    for (int n : new int[] {1, 2}) {
      Schedule s = lift(overwrittenAfterWait(n, "\tds_read_b128 v[4:7], v1 offset:64"));
      assertEquals(
          List.of("7: always (v[4:7] overwritten at line 10)", "8: used", "10: used"),
          uses(s, Section.PROLOGUE),
          "lgkmcnt(" + n + ")");
    }
  }

  /** Two reads (7, 8), {@code lgkmcnt(n)}, {@code overwrite} of v[4:7] (10), an mfma of both. */
  private static List<String> overwrittenAfterWait(int n, String overwrite) {
    return List.of(
        "\tv_lshlrev_b32_e32 v1, 4, v0", // 6
        "\tds_read_b128 v[4:7], v1", // 7
        "\tds_read_b128 v[12:15], v1 offset:128", // 8
        "\ts_waitcnt lgkmcnt(" + n + ")", // 9
        overwrite, // 10
        "\ts_waitcnt vmcnt(0) lgkmcnt(0)", // 11
        "\tv_mfma_f32_16x16x32_bf16 v[16:19], v[4:7], v[12:15], v[16:19]", // 12
        "\ts_endpgm");
  }

  @Test
  void aWriteThatKeepsPartOfItsDestinationReadsIt() throws Exception {
    assertEquals(
        List.of("7: used"), uses(lift(readThen("\tv_fmac_f32_e32 v4, v2, v3")), Section.PROLOGUE));
    assertEquals(
        List.of("7: used"),
        uses(lift(readThen("\tv_mov_b32_sdwa v5, v2 dst_sel:WORD_1")), Section.PROLOGUE));
  }

  /** A write under a partial EXEC leaves the other lanes' loaded values in place. */
  @Test
  void anOverwriteUnderAPartialExecLeavesTheReadUsed() throws Exception {
    Schedule s =
        lift(
            readThen(
                "\ts_mov_b64 exec, 1",
                "\tds_read_b128 v[4:7], v1 offset:64",
                "\ts_waitcnt lgkmcnt(0)",
                "\ts_mov_b64 exec, -1",
                MFMA));
    assertEquals(List.of("7: used", "10: used"), uses(s, Section.PROLOGUE));
  }

  /**
   * The K loop reads the next step's fragments at its end: used by the next iteration's mfma, dead
   * in the last, whose epilogue never reads them; a read whose registers no instruction reads is
   * dead in every iteration.
   */
  @Test
  void aPrefetchReadIsDeadInTheLastIterationOnly() throws Exception {
    List<String> body =
        List.of(
            "\ts_load_dword s20, s[0:1], 0x0", // 6
            "\ts_waitcnt lgkmcnt(0)", // 7
            "\tv_lshlrev_b32_e32 v1, 4, v0", // 8
            "\tds_read_b128 v[4:7], v1", // 9
            "\ts_mov_b32 s2, 0", // 10
            ".LBB0_1:", // 11
            "\ts_waitcnt lgkmcnt(0)", // 12
            MFMA, // 13
            "\ts_barrier", // 14
            "\tds_read_b128 v[4:7], v1 offset:1024", // 15
            "\tds_read_b128 v[20:23], v1 offset:2048", // 16
            "\ts_add_u32 s2, s2, 1", // 17
            "\ts_cmp_lt_u32 s2, s20", // 18
            "\ts_cbranch_scc1 .LBB0_1", // 19
            "\ts_waitcnt lgkmcnt(0)", // 20
            "\ts_endpgm");
    Schedule s = lift(body);
    assertEquals(List.of("9: used"), uses(s, Section.PROLOGUE));
    assertEquals(
        List.of("15: last-iteration (v[4:7] never read)", "16: always (v[20:23] never read)"),
        uses(s, Section.LOOP));
    List<String> used = new ArrayList<>(body);
    used.add(15, MFMA); // line 21: the epilogue multiplies the prefetched fragments
    assertEquals(
        List.of("15: used", "16: always (v[20:23] never read)"), uses(lift(used), Section.LOOP));
  }
}

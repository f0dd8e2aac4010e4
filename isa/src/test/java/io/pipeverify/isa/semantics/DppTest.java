package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionTable;
import io.pipeverify.isa.decode.Statement;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * DPP lane routing, one test per control, against lane maps written out by hand from the DPP_CTRL
 * table of the CDNA3 ISA reference: v2 holds 1000 + lane and v1 the marker 100 + lane before {@code
 * v_mov_b32_dpp v1, v2 CONTROL}, so each lane of v1 shows the lane it read from ("k": kept, the
 * marker; "z": zero; "?": unknown).
 */
class DppTest {
  private final WaveState s = WaveState.atEntry(0, 64);

  private void run(String... lines) throws AsmSyntaxException {
    for (Statement st : AsmParser.parse(String.join("\n", lines), "t.s").statements()) {
      Semantics.execute(s, (Instruction) st);
    }
  }

  /** v1 after moving v0 with {@code control}, in lanes {@code from}..{@code from + 15}. */
  private String[] row(String control, int from) throws AsmSyntaxException {
    run(
        "v_add_u32_e32 v1, 100, v0",
        "v_add_u32_e32 v2, 1000, v0",
        "v_mov_b32_dpp v1, v2 " + control);
    String[] out = new String[16];
    for (int k = 0; k < 16; k++) {
      int lane = from + k;
      long v = s.vgpr(1, lane);
      out[k] = v == UNKNOWN ? "?" : v == 100 + lane ? "k" : v == 0 ? "z" : Long.toString(v - 1000);
    }
    return out;
  }

  private static String[] lanes(String spaced) {
    return spaced.trim().split(" +");
  }

  @Test
  void quadPermPicksALaneOfTheQuad() throws Exception {
    assertArrayEquals(
        lanes("2 3 0 1 6 7 4 5 10 11 8 9 14 15 12 13"),
        row("quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf", 0));
    assertArrayEquals(
        lanes("16 16 16 16 20 20 20 20 24 24 24 24 28 28 28 28"),
        row("quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf", 16));
  }

  @Test
  void rowShiftsReadFromLowerOrHigherLanesOfTheRow() throws Exception {
    assertArrayEquals(lanes("k k k 16 17 18 19 20 21 22 23 24 25 26 27 28"), row("row_shr:3", 16));
    assertArrayEquals(
        lanes("k k k k k k k k 32 33 34 35 36 37 38 39"),
        row("row_shr:8 row_mask:0xf bank_mask:0xf", 32));
    assertArrayEquals(
        lanes("8 9 10 11 12 13 14 15 z z z z z z z z"), row("row_shl:8 bound_ctrl:1", 0));
    assertArrayEquals(
        lanes("49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 k"), row("row_shl:1", 48));
  }

  @Test
  void rowRotateWrapsWithinTheRow() throws Exception {
    assertArrayEquals(
        lanes("30 31 16 17 18 19 20 21 22 23 24 25 26 27 28 29"), row("row_ror:2", 16));
  }

  @Test
  void mirrorsReverseTheRowOrItsHalves() throws Exception {
    assertArrayEquals(
        lanes("47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32"), row("row_mirror", 32));
    assertArrayEquals(lanes("7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8"), row("row_half_mirror", 0));
  }

  @Test
  void broadcastsTakeTheLastLaneOfThePreviousRowOrHalf() throws Exception {
    assertArrayEquals(lanes("? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?"), row("row_bcast:15", 0));
    assertArrayEquals(
        lanes("15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15"), row("row_bcast:15", 16));
    assertArrayEquals(
        lanes("47 47 47 47 47 47 47 47 47 47 47 47 47 47 47 47"), row("row_bcast:15", 48));
    assertArrayEquals(lanes("? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?"), row("row_bcast:31", 16));
    assertArrayEquals(
        lanes("31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31"), row("row_bcast:31", 48));
    assertArrayEquals(
        lanes("k k k k k k k k k k k k k k k k"),
        row("row_bcast:15 row_mask:0xa", 0),
        "row_mask 0xa leaves row 0 (the undefined one) unwritten");
  }

  @Test
  void newBroadcastSpreadsOneLaneOverItsRow() throws Exception {
    assertArrayEquals(
        lanes("41 41 41 41 41 41 41 41 41 41 41 41 41 41 41 41"),
        row("row_newbcast:9 row_mask:0xf bank_mask:0xf", 32));
  }

  @Test
  void waveShiftsAndRotatesCrossRows() throws Exception {
    assertArrayEquals(
        lanes("16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31"), row("wave_shl:1", 15));
    assertEquals("k", row("wave_shl:1", 48)[15], "lane 63 has no lane 64: kept");
    assertArrayEquals(
        lanes("z 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14"), row("wave_shr:1 bound_ctrl:1", 0));
    assertEquals("0", row("wave_rol:1", 48)[15], "lane 63 reads lane 0");
    assertEquals("63", row("wave_ror:1", 0)[0], "lane 0 reads lane 63");
  }

  @Test
  void rowAndBankMasksLeaveLanesUnwritten() throws Exception {
    assertArrayEquals(
        lanes("k k k k 23 23 23 23 k k k k 31 31 31 31"),
        row("quad_perm:[3,3,3,3] row_mask:0x2 bank_mask:0xa", 16));
    assertArrayEquals(
        lanes("k k k k k k k k k k k k k k k k"),
        row("quad_perm:[3,3,3,3] row_mask:0x2 bank_mask:0xa", 32));
  }

  @Test
  void anInactiveSourceLaneIsInvalid() throws Exception {
    // Lanes 12-15 off: lane 8 reads lane 12 under row_shl:4.
    run(
        "v_add_u32_e32 v2, 1000, v0",
        "v_mov_b32_e32 v1, 7",
        "v_mov_b32_e32 v3, 7",
        "s_mov_b32 exec_lo, 0xffff0fff",
        "v_mov_b32_dpp v1, v2 row_shl:4 bound_ctrl:1",
        "v_mov_b32_dpp v3, v2 row_shl:4",
        "s_mov_b32 exec_lo, -1");
    assertEquals(1011, s.vgpr(1, 7), "lane 7 reads lane 11, active");
    assertEquals(0, s.vgpr(1, 8), "lane 8 reads lane 12, inactive: zero under bound_ctrl");
    assertEquals(7, s.vgpr(3, 8), "and unwritten without it");
    assertEquals(7, s.vgpr(1, 12), "an inactive lane is not written");
  }

  @Test
  void theOtherSourcesReadTheirOwnLane() throws Exception {
    // The shape aiter's reductions use: one register as the moved source and the plain one.
    run("v_mov_b32_e32 v4, v0", "v_add_u32_dpp v4, v4, v4 row_shr:8 row_mask:0xf bank_mask:0xf");
    assertEquals(3, s.vgpr(4, 3), "lanes 0-7 of a row: kept");
    assertEquals(8 + 0, s.vgpr(4, 8), "lane 8: v4[0] + v4[8]");
    assertEquals(31 + 23, s.vgpr(4, 31));
    run(
        "v_mov_b32_e32 v5, 3",
        "v_mul_i32_i24_dpp v6, v0, v5 quad_perm:[1,1,1,1] row_mask:0xf bank_mask:0xf");
    assertEquals(3 * 5, s.vgpr(6, 4), "lane 4 reads lane 5 of v0 and its own v5");
  }

  @Test
  void integerDppIsModelledNotRefused() throws Exception {
    Instruction i =
        (Instruction)
            AsmParser.parse("v_mul_u32_u24_dpp v1, v2, v3 row_newbcast:4", "t.s")
                .statements()
                .get(0);
    assertEquals(InstructionTable.Verdict.KNOWN, InstructionTable.verdict(i));
  }

  @Test
  void aSymbolMovesWithItsLane() throws Exception {
    long sym = s.symbols().leaf("N");
    for (int lane = 0; lane < 64; lane++) {
      s.setVgprValue(2, lane, sym);
    }
    run("v_mov_b32_e32 v1, 7", "v_mov_b32_dpp v1, v2 row_shr:1");
    assertEquals(sym, s.vgpr(1, 1), "a uniform symbol moved is the same symbol");
    assertEquals(7, s.vgpr(1, 0), "lane 0 of each row reads nothing: kept");
  }

  @Test
  void anUnknownExecOrAControlNotModelledMakesTheResultUnknown() throws Exception {
    run(
        "v_mov_b32_e32 v1, 7",
        "s_load_dword s4, s[0:1], 0x0",
        "s_mov_b32 exec_lo, s4",
        "v_mov_b32_dpp v1, v0 row_shr:1",
        "s_mov_b32 exec_lo, -1");
    long[] lanes = new long[64];
    for (int lane = 0; lane < 64; lane++) {
      lanes[lane] = s.vgpr(1, lane);
    }
    long[] unknown = new long[64];
    Arrays.fill(unknown, UNKNOWN);
    assertArrayEquals(unknown, lanes);
    run("v_mov_b32_e32 v1, 7", "v_mov_b32_dpp v1, v0 row_share:3");
    assertEquals(UNKNOWN, s.vgpr(1, 5), "gfx10's row_share is not a gfx9 control");
  }
}

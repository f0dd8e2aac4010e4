package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Instructions outside the instruction table (docs/isa.md, "Instructions outside the table"): an
 * ALU instruction that cannot touch LDS, M0, EXEC, a counter or control flow is read as writing and
 * reading every register it names, and the lift goes on; one that may is a located refusal naming
 * it. {@code v_ashr_pk_i8_i32} (gfx950) has no table row.
 */
class OpaqueInstructionTest {
  @TempDir Path tmp;

  /** A one-wave kernel's body from line 6: each lane writes its 16 bytes at v1, line 7 between. */
  private static List<String> writing(String line7) {
    return List.of(
        "\tv_lshlrev_b32_e32 v1, 4, v0", // 6
        line7, // 7
        "\tds_write_b128 v1, v[12:15]", // 8
        "\ts_waitcnt lgkmcnt(0)", // 9
        "\ts_endpgm");
  }

  /** The kernel file with {@code body} from line 6. */
  private Path kernel(List<String> body) throws Exception {
    return KernelHeader.write(tmp.resolve("k.s"), KernelHeader.then(body));
  }

  private static Cli.Result verify(Path k) {
    return Cli.run("verify", k.toString(), "--waves", "1", "--no-timings");
  }

  private void assertVerified(List<String> body) throws Exception {
    Cli.Result r = verify(kernel(body));
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("k: VERIFIED\n"), r.dump());
  }

  /**
   * Bad input (exit 2) with {@code message} at line {@code line} of the kernel, and nothing else.
   */
  private void assertBadInput(List<String> body, int line, String message) throws Exception {
    Path k = kernel(body);
    Cli.Result r = verify(k);
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: " + k + ":" + line + ": " + message + "\n", r.err());
  }

  @Test
  void anOpaqueWriteOfAnAddressMakesTheAddressUnknown() throws Exception {
    assertBadInput(
        writing("\tv_ashr_pk_i8_i32 v1, v2, v3, v4"),
        8,
        "the LDS address of ds_write_b128 in wave 0 depends on an unknown value (address v1 of"
            + " lane 0)");
  }

  @Test
  void anOpaqueInstructionBesideTheAddressesIsNoObstacle() throws Exception {
    assertVerified(writing("\tv_ashr_pk_i8_i32 v8, v9, v10, v11"));
  }

  /**
   * MODE's round and denormal fields from an unknown s0: the f32 round mode becomes unknown, which
   * only the float results the lift computes depend on (none here).
   */
  @Test
  void setregOfTheModeLifts() throws Exception {
    assertVerified(writing("\ts_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0"));
  }

  /**
   * A ds_read's destination read by an opaque instruction before any wait: a consumer (P4), as a
   * source (v5) and, since it may read any register it names, as its first operand (v4).
   */
  @Test
  void anOpaqueReaderOfALoadInFlightIsARegisterHazard() throws Exception {
    for (String reader : List.of("v_ashr_pk_i8_i32 v8, v5, v10, v11", "v_ashr_pk_i8_i32 v4, v9")) {
      Path k =
          kernel(
              KernelHeader.readBackThen(
                  List.of(
                      "\t" + reader, // 11
                      "\ts_waitcnt lgkmcnt(0)", // 12
                      "\ts_endpgm")));
      Cli.Result r = verify(k);
      assertEquals(1, r.code(), r.dump());
      assertTrue(
          r.out()
              .contains(
                  "  P4 REGISTER_HAZARD: wave 0 prologue ("
                      + k
                      + ":11): consume v[4:7] may read or overwrite v[4:7] before wave 0 prologue ("
                      + k
                      + ":10): ds_read lds[0] bytes [0, 1024) -> v[4:7] lands\n"),
          r.dump());
    }
  }

  @Test
  void anUnknownInstructionNamingExecIsRefusedAtItsLine() throws Exception {
    assertBadInput(
        writing("\tv_ashr_pk_i8_i32 v8, exec_lo, v10, v11"),
        7,
        "unsupported instruction v_ashr_pk_i8_i32: it names EXEC (exec_lo), and it is not in the"
            + " instruction table (docs/isa.md, \"Instructions outside the table\")");
  }

  @Test
  void anUnknownBufferInstructionIsRefusedAtItsLine() throws Exception {
    assertBadInput(
        writing("\tbuffer_gl1_inv"),
        7,
        "unsupported instruction buffer_gl1_inv: it may access memory, count on a wait counter or"
            + " wait on one, and it is not in the instruction table (docs/isa.md, \"Instructions"
            + " outside the table\")");
  }
}

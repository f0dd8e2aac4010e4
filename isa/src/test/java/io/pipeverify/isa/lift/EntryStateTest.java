package io.pipeverify.isa.lift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.semantics.Symbols;
import io.pipeverify.isa.semantics.WaveState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The entry state a kernel descriptor fixes (semantics.md section 8). */
class EntryStateTest {
  /**
   * A 64x4 workgroup whose descriptor enables the private segment buffer (s[0:3]), the dispatch
   * pointer (s[4:5]), the kernarg pointer (s[6:7]), two preloaded argument dwords (s8, s9) and the
   * workgroup ids x and y (s10, s11); arguments as aiter records them, with a repeated "pad".
   */
  private static Kernel kernel() throws AsmSyntaxException {
    String text =
        String.join(
            "\n",
            "\t.amdhsa_kernel k",
            "\t.amdhsa_user_sgpr_private_segment_buffer 1",
            "\t.amdhsa_user_sgpr_dispatch_ptr 1",
            "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1",
            "\t.amdhsa_user_sgpr_kernarg_preload_length 2",
            "\t.amdhsa_system_sgpr_workgroup_id_x 1",
            "\t.amdhsa_system_sgpr_workgroup_id_y 1",
            "\t.amdhsa_system_sgpr_workgroup_id_z 0",
            "\t.end_amdhsa_kernel",
            "k:",
            "\ts_endpgm",
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.kernels:",
            "  - .args:",
            "      - .name:           Mdim",
            "        .offset:         0",
            "        .size:           4",
            "        .value_kind:     by_value",
            "      - .name:           pad",
            "        .offset:         4",
            "        .size:           4",
            "        .value_kind:     by_value",
            "      - .name:           Kdim",
            "        .offset:         8",
            "        .size:           4",
            "        .value_kind:     by_value",
            "      - .name:           pad",
            "        .offset:         12",
            "        .size:           4",
            "        .value_kind:     by_value",
            "    .name:           k",
            "    .reqd_workgroup_size:",
            "      - 64",
            "      - 4",
            "      - 1",
            "...",
            "\t.end_amdgpu_metadata",
            "");
    return AsmParser.parse(text, "k.s").kernel("k").orElseThrow();
  }

  @Test
  void userSgprsThenWorkgroupIdsInTheDescriptorsOrder() throws Exception {
    Symbols sym = new Symbols();
    WaveState s =
        new EntryState(kernel(), 256, Map.of("Mdim", 4096L, "arg3", 7L, "workgroup_id_y", 5L), sym)
            .wave(1);
    for (int i = 0; i < 6; i++) {
      assertEquals(WaveState.UNKNOWN, s.sgpr(i), "private segment buffer and dispatch pointer");
    }
    assertEquals(List.of(0L, 0x7E00L), List.of(s.sgpr(6), s.sgpr(7)), "the kernarg stand-in");
    assertEquals(4096, s.sgpr(8), "Mdim, preloaded");
    // Not given: symbols, named by the argument (argN for the repeated "pad") and the id.
    assertEquals("arg1", sym.describe(s.sgpr(9), 40), "pad, preloaded, not given");
    assertEquals("workgroup_id_x", sym.describe(s.sgpr(10), 40), "workgroup id x, not given");
    assertEquals(5, s.sgpr(11), "workgroup id y");
    assertEquals(WaveState.UNKNOWN, s.sgpr(12), "no workgroup id z");
  }

  /** The descriptor's f32 round mode is the wave's at entry: 0 (nearest even) unless stated. */
  @Test
  void theDescriptorGivesTheRoundMode() throws Exception {
    Kernel k = kernel();
    assertEquals(0, new EntryState(k, 256, Map.of(), new Symbols()).wave(0).f32Round());
    Map<String, Long> amdhsa = new java.util.HashMap<>(k.amdhsa());
    amdhsa.put("float_round_mode_32", 3L);
    Kernel towardZero =
        new Kernel(
            k.name(),
            k.location(),
            k.body(),
            amdhsa,
            k.reqdWorkgroupSize(),
            k.maxFlatWorkgroupSize(),
            k.args());
    assertEquals(3, new EntryState(towardZero, 256, Map.of(), new Symbols()).wave(0).f32Round());
  }

  @Test
  void workItemIdsArePackedTenBitsEach() throws Exception {
    WaveState s = new EntryState(kernel(), 256, Map.of(), new Symbols()).wave(1);
    // Wave 1 of a 64x4 workgroup is row y = 1: lane l is x = l.
    for (int lane : new int[] {0, 9, 63}) {
      assertEquals(lane | 1 << 10, s.vgpr(0, lane));
    }
    WaveState flat = new EntryState(kernel(), 128, Map.of(), new Symbols()).wave(1);
    assertEquals(64 + 9, flat.vgpr(0, 9), "one dimension when reqd_workgroup_size does not fit");
  }

  @Test
  void argumentsAreNamedByTheirMetadataNameOrArgN() throws Exception {
    Symbols sym = new Symbols();
    EntryState e = new EntryState(kernel(), 256, Map.of("Kdim", 64L, "arg3", 9L), sym);
    assertEquals(64, e.argumentDword(8));
    assertEquals(9, e.argumentDword(12));
    assertEquals("Mdim", sym.describe(e.argumentDword(0), 40));
    assertEquals(e.argumentDword(0), e.argumentDword(0), "one symbol per argument");
  }

  @Test
  void anArgumentNameThatIsAmbiguousOrMissingIsALocatedError() {
    AsmSyntaxException pad =
        assertThrows(
            AsmSyntaxException.class,
            () -> new EntryState(kernel(), 256, Map.of("pad", 0L), new Symbols()));
    assertEquals(
        "k.s:1: --arg pad names 2 arguments of kernel k; give the one meant as argN (N counted"
            + " from 0)",
        pad.getMessage());
    AsmSyntaxException missing =
        assertThrows(
            AsmSyntaxException.class,
            () -> new EntryState(kernel(), 256, Map.of("Ndim", 0L), new Symbols()));
    assertEquals(
        "k.s:1: --arg Ndim is not an argument of kernel k (it has 4 arguments: give a name its"
            + " metadata records, argN for N in 0..3, or workgroup_id_x/y/z)",
        missing.getMessage());
  }
}

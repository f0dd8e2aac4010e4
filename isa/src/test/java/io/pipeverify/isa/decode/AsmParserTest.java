package io.pipeverify.isa.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Decoding of hand-written gfx950 and gfx942 listings (src/test/resources/isa). */
class AsmParserTest {
  static AsmListing fixture(String name) throws IOException, AsmSyntaxException {
    try (InputStream in = AsmParserTest.class.getResourceAsStream("/isa/" + name)) {
      return AsmParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
    }
  }

  /** The instruction at a 1-based line of the fixture. */
  static Instruction at(AsmListing listing, int line) {
    return listing.statements().stream()
        .filter(s -> s instanceof Instruction && s.location().line() == line)
        .map(Instruction.class::cast)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no instruction at line " + line));
  }

  private static Operand.Register v(int first, int count) {
    return new Operand.Register(Operand.RegisterFile.VGPR, first, count);
  }

  private static Operand.Register s(int first, int count) {
    return new Operand.Register(Operand.RegisterFile.SGPR, first, count);
  }

  @Test
  void aLabelAndAnInstructionShareALine() throws Exception {
    AsmListing l =
        AsmParser.parse(
            ".Lpv_k_1908: s_endpgm ; 000000001908: BF810000\nb: ds_read_b32 v1, v2 offset:8",
            "t.s");
    assertEquals(
        List.of(".Lpv_k_1908", "s_endpgm", "b", "ds_read_b32"),
        l.statements().stream()
            .map(
                st ->
                    st instanceof Statement.Label lab ? lab.name() : ((Instruction) st).mnemonic())
            .toList());
    assertEquals(8, at(l, 2).integerModifier("offset").orElse(-1));
  }

  @Test
  void theKernelItsMetadataAndDescriptorAreRead() throws Exception {
    AsmListing l = fixture("decode-gfx950.s");
    assertEquals("amdgcn-amd-amdhsa--gfx950", l.target().orElseThrow());
    Kernel k = l.kernel("tile_copy").orElseThrow();
    assertEquals(43, k.location().line(), "the .amdhsa_kernel line");
    assertEquals(List.of(256, 1, 1), k.reqdWorkgroupSize());
    assertEquals(OptionalInt.of(256), k.workgroupSize(), "reqd_workgroup_size wins");
    assertEquals(OptionalInt.of(512), k.maxFlatWorkgroupSize());
    assertEquals(
        List.of(new KernelArg("src", 0, 8, "global_buffer"), new KernelArg("n", 8, 4, "by_value")),
        k.args());
    assertEquals(65536L, k.amdhsa("group_segment_fixed_size").getAsLong());
    assertEquals(2L, k.amdhsa("user_sgpr_count").getAsLong());
    assertEquals(27, k.instructions().size());
    assertEquals("s_load_dwordx2", k.instructions().get(0).mnemonic());
    assertEquals("s_endpgm", k.instructions().get(26).mnemonic());
  }

  @Test
  void operandsAreTyped() throws Exception {
    AsmListing l = fixture("decode-gfx950.s");
    assertEquals(List.of(s(4, 2), s(0, 2), new Operand.Immediate(0)), at(l, 9).operands());
    assertEquals(List.of(Operand.Special.M0, s(8, 1)), at(l, 14).operands());
    assertEquals(
        List.of(v(10, 4), v(4, 4), v(4, 4), v(10, 4)), at(l, 26).operands(), "v_mfma ranges");
    assertEquals(Map.of("cbsz", "1", "abid", "2"), at(l, 26).modifiers());
    assertEquals(
        List.of(v(14, 1), new Operand.Immediate(0), new Operand.Immediate(-1), s(2, 2)),
        at(l, 27).operands());
    assertEquals(
        List.of(
            v(15, 1),
            new Operand.Modified(v(14, 1), true, false),
            new Operand.Modified(v(13, 1), false, true)),
        at(l, 28).operands());
    assertEquals(new Operand.FloatImmediate(1.0), at(l, 29).operand(1));
    assertEquals(new Operand.Symbol(".LBB0_1"), at(l, 35).operand(0));
    assertEquals("v_lshlrev_b32", at(l, 15).opcode());
  }

  @Test
  void memoryModifiersAreKeptInOrder() throws Exception {
    AsmListing l = fixture("decode-gfx950.s");
    Instruction dma = at(l, 16);
    assertEquals(List.of(v(1, 1), s(4, 4), new Operand.Immediate(0)), dma.operands());
    assertEquals(List.of("offen", "lds"), List.copyOf(dma.modifiers().keySet()));
    Instruction global = at(l, 17);
    assertEquals(List.of(v(2, 2), new Operand.Off()), global.operands());
    assertEquals(List.of("offset", "sc0", "sc1", "nt"), List.copyOf(global.modifiers().keySet()));
    assertEquals(16, global.integerModifier("offset").getAsLong());
    assertEquals(2048, at(l, 22).integerModifier("offset").getAsLong());
    assertTrue(at(l, 37).hasModifier("glc"));
  }

  @Test
  void everyWaitcntFormIsDecoded() throws Exception {
    AsmListing l = fixture("decode-gfx950.s");
    assertEquals(wait(-1, -1, 0), at(l, 12).operand(0));
    assertEquals(wait(1, -1, 2), at(l, 20).operand(0));
    assertEquals(wait(0, -1, 0), at(l, 30).operand(0), "'&' between fields");
    assertEquals(wait(-1, -1, 0), at(l, 31).operand(0), "0xc07f is lgkmcnt(0)");
    assertEquals(wait(-1, -1, -1), at(l, 32).operand(0), "vmcnt(63) is no wait");
    AsmListing g = fixture("decode-gfx942.s");
    assertEquals(wait(0, -1, 0), at(g, 13).operand(0), "0x70 is vmcnt(0) lgkmcnt(0)");
    assertEquals(wait(0, 1, 0), at(g, 18).operand(0));
  }

  private static Waitcnt wait(int vm, int exp, int lgkm) {
    return new Waitcnt(opt(vm), opt(exp), opt(lgkm));
  }

  private static OptionalInt opt(int n) {
    return n < 0 ? OptionalInt.empty() : OptionalInt.of(n);
  }

  @Test
  void labelsAndCommentsAreStatements() throws Exception {
    AsmListing l = fixture("decode-gfx950.s");
    assertTrue(
        l.statements()
            .contains(new Statement.Label(".LBB0_1", new Location("decode-gfx950.s", 19))));
    assertTrue(
        l.statements()
            .contains(
                new Statement.Comment(
                    "sched_barrier mask(0x00000000)", new Location("decode-gfx950.s", 24))));
  }

  @Test
  void theGfx942FixtureDecodes() throws Exception {
    AsmListing g = fixture("decode-gfx942.s");
    Kernel k = g.kernel("dma4").orElseThrow();
    assertEquals(OptionalInt.of(256), k.workgroupSize());
    assertEquals(List.of(), k.args());
    Instruction dma = at(g, 12);
    assertEquals(List.of(v(1, 1), s(8, 4), s(12, 1)), dma.operands());
    assertEquals(64, dma.integerModifier("offset").getAsLong());
    assertEquals(List.of(), at(g, 17).operands(), "buffer_wbl2 has only a modifier");
    assertEquals(Map.of("sc1", ""), at(g, 17).modifiers());
    assertEquals(
        List.of(Operand.Special.EXEC, Operand.Special.EXEC, s(2, 2)), at(g, 16).operands());
  }

  @Test
  void badInputIsALocatedError() {
    AsmSyntaxException operand =
        assertThrows(
            AsmSyntaxException.class,
            () -> AsmParser.parse("\ts_nop 0\n\tv_mov_b32 v1, #7\n", "k.s"));
    assertEquals(
        "k.s:2: unrecognised operand '#7' (expected a register such as s5, v[4:7], m0, vcc, an"
            + " integer, a float or a label)",
        operand.getMessage());
    AsmSyntaxException waitcnt =
        assertThrows(
            AsmSyntaxException.class, () -> AsmParser.parse("\ts_waitcnt vscnt(0)\n", "k.s"));
    assertEquals(
        "k.s:1: s_waitcnt expects vmcnt(N), expcnt(N), lgkmcnt(N) or an immediate, not"
            + " 'vscnt(0)'",
        waitcnt.getMessage());
    AsmSyntaxException range =
        assertThrows(
            AsmSyntaxException.class, () -> AsmParser.parse("\ts_waitcnt lgkmcnt(16)\n", "k.s"));
    assertEquals("k.s:1: lgkmcnt(16) does not fit the counter (at most 15)", range.getMessage());
    AsmSyntaxException label =
        assertThrows(
            AsmSyntaxException.class,
            () -> AsmParser.parse("\t.amdhsa_kernel k\n\t.end_amdhsa_kernel\n", "k.s"));
    assertEquals("k.s:1: kernel k has no label 'k:'", label.getMessage());
  }
}

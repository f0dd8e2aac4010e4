package io.pipeverify.isa.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.model.Origin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An assembler source (src/test/resources/isa/source-gfx942.s: C comments, {@code .set} symbols, a
 * macro) assembled by clang-22 and listed: every instruction names its source line and text.
 * Skipped without clang-22, ld.lld-22 and llvm-objdump-22 (.ci/run installs them).
 */
class SourceAssemblerTest {
  private static final Path SOURCE = Path.of("src/test/resources/isa/source-gfx942.s");

  private static SourceAssembler tools() {
    Optional<SourceAssembler> tools = SourceAssembler.locate();
    assumeTrue(
        tools.isPresent(),
        "clang-22, ld.lld-22 or llvm-objdump-22 is not on PATH (apt-get install clang-22 lld-22"
            + " llvm-22)");
    return tools.get();
  }

  @Test
  void aSourceIsToldFromAListingByWhatOnlySourcesHave() throws Exception {
    assertEquals(
        Optional.of("line 1: /*"), SourceAssembler.sourceFeature(Files.readString(SOURCE)));
    assertEquals(Optional.of("gfx942"), SourceAssembler.statedProcessor(Files.readString(SOURCE)));
    assertEquals(
        Optional.empty(),
        SourceAssembler.sourceFeature(
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"\n"
                + "\t.set k.num_vgpr, 8\nk:\n\ts_endpgm ; done\n"));
  }

  @Test
  void everyInstructionNamesTheSourceLineItCameFromAndAMacroIsNamed() throws Exception {
    String text = Files.readString(SOURCE);
    SourceAssembler.Assembled a =
        tools().assemble("source-gfx942.s", Optional.of(SOURCE), text, "gfx942");
    AsmListing listing = AsmParser.parse(a.listing(), "source-gfx942.s (assembled)", a::at);
    List<Instruction> body =
        listing.kernel("src_kernel").orElseThrow().body().stream()
            .filter(s -> s instanceof Instruction)
            .map(s -> (Instruction) s)
            .toList();
    assertEquals(
        List.of(
            "source-gfx942.s:28 v_lshlrev_b32 v[vgprLocalReadAddr], 4, v0",
            "source-gfx942.s:29 READ_TILE vgprValu, vgprLocalReadAddr, 0 (macro READ_TILE)",
            "source-gfx942.s:30 s_waitcnt lgkmcnt(0)",
            "source-gfx942.s:31 s_endpgm"),
        body.stream()
            .map(i -> i.location().describe() + " " + i.location().source().orElseThrow().text())
            .toList());
    assertEquals("ds_read_b128", body.get(1).mnemonic());
    // The identity of each instruction stays its own listing line.
    assertTrue(body.get(1).location().line() > body.get(0).location().line());
    Origin.InAssembly origin =
        new Origin.InAssembly(
            body.get(1).location().file(),
            body.get(1).location().line(),
            body.get(1).location().source());
    assertEquals(
        "source-gfx942.s:29: READ_TILE vgprValu, vgprLocalReadAddr, 0 (macro READ_TILE)",
        origin.describeWithText());
  }

  @Test
  void anAssemblerErrorIsTheSourcesAtClangsLine(@TempDir Path dir) throws Exception {
    String text = Files.readString(SOURCE).replace("s_waitcnt lgkmcnt(0)", "s_waitcnt lgkmcnt(99)");
    Path broken = dir.resolve("broken.s");
    Files.writeString(broken, text);
    AsmSyntaxException e =
        assertThrows(
            AsmSyntaxException.class,
            () -> tools().assemble("broken.s", Optional.of(broken), text, "gfx942"));
    assertTrue(
        e.getMessage().startsWith("broken.s:30: clang-22 cannot assemble it: "), e.getMessage());
  }

  @Test
  void aSourceFromStdinIsAssembledFromATemporaryCopy() throws Exception {
    String text = Files.readString(SOURCE);
    SourceAssembler.Assembled a = tools().assemble("<stdin>", Optional.empty(), text, "gfx942");
    assertTrue(
        a.lines().stream().anyMatch(l -> l.describe().equals("<stdin>:29")),
        "a line placed at <stdin>:29");
  }

  /**
   * Most of hipBLASLt's custom kernels are machine code written as {@code .long} words, which the
   * line table does not place: their instructions are placed by counting words from the label.
   */
  @Test
  void machineCodeAsLongWordsIsPlacedByCountingWords(@TempDir Path dir) throws Exception {
    String text =
        Files.readString(SOURCE)
            .replace(
                "  v_lshlrev_b32 v[vgprLocalReadAddr], 4, v0      // lane * 16\n"
                    + "  READ_TILE vgprValu, vgprLocalReadAddr, 0\n"
                    + "  s_waitcnt lgkmcnt(0)                           // wait for the read\n"
                    + "  s_endpgm\n",
                ".long 0xD9FE0000, 0x04000002 /* ds_read_b128 */\n\n.long 0xBF8CC07F\n"
                    + ".long 0xBF810000\n");
    Path blob = dir.resolve("blob.s");
    Files.writeString(blob, text);
    SourceAssembler.Assembled a = tools().assemble("blob.s", Optional.of(blob), text, "gfx942");
    List<String> placed =
        AsmParser.parse(a.listing(), "blob.s (assembled)", a::at)
            .kernel("src_kernel")
            .orElseThrow()
            .body()
            .stream()
            .filter(st -> st instanceof Instruction)
            .map(st -> st.location().describe() + " " + st.location().source().orElseThrow().text())
            .toList();
    assertEquals(
        List.of(
            "blob.s:28 .long 0xD9FE0000, 0x04000002 (ds_read_b128 v[4:7], v2)",
            "blob.s:30 .long 0xBF8CC07F (s_waitcnt lgkmcnt(0))",
            "blob.s:31 .long 0xBF810000 (s_endpgm)"),
        placed);
  }
}

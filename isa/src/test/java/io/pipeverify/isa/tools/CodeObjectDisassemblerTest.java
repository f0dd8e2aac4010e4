package io.pipeverify.isa.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.Kernel;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The listing made from llvm-objdump-22's and llvm-readelf-22's output (fixtures written for the
 * test, in the tools' format): the disassembly's lines stay one for one, so origins are its lines.
 */
class CodeObjectDisassemblerTest {
  /**
   * Two kernels as hand-assembled code objects have them: the first's label is a local symbol that
   * objdump prints like a function, the second's branch target has no symbol (printed as an
   * offset); both targets come from the encodings.
   */
  private static final String TEXT =
      String.join(
          "\n",
          "",
          "k.co:\tfile format elf64-amdgpu",
          "",
          "Disassembly of section .text:",
          "",
          "0000000000001800 <first>:",
          "\ts_cmp_lg_u32 s8, 1                     // 000000001800: BF078108",
          "\ts_cbranch_scc1 label_0004              // 000000001804: BF850001",
          "\ts_barrier                              // 000000001808: BF8A0000",
          "",
          "000000000000180c <label_0004>:",
          "\ts_endpgm                               // 00000000180C: BF810000",
          "",
          "0000000000001900 <second>:",
          "\ts_branch 1 <second+0x8>                // 000000001900: BF820001",
          "\ts_nop 0                                // 000000001904: BF800000",
          "\ts_endpgm                               // 000000001908: BF810000",
          "");

  private static final String RODATA =
      String.join(
          "\n",
          "Disassembly of section .rodata:",
          "",
          "0000000000000740 <first.kd>:",
          ".amdhsa_kernel first",
          "\t.amdhsa_group_segment_fixed_size 65536",
          ".end_amdhsa_kernel",
          "",
          "0000000000000780 <second.kd>:",
          ".amdhsa_kernel second",
          ".end_amdhsa_kernel",
          "");

  /** The ELF header (the target is in its flags) and the notes, without amdhsa.target. */
  private static final String ELF =
      String.join(
          "\n",
          "ELF Header:",
          "  Machine:                           EM_AMDGPU",
          "  Flags:                             0x54f, gfx950, xnack, sramecc",
          "Displaying notes found in: .note",
          "  Owner                Data size \tDescription",
          "  AMDGPU               0x000003ac\tNT_AMDGPU_METADATA (AMDGPU Metadata)",
          "    AMDGPU Metadata:",
          "        ---",
          "amdhsa.kernels:",
          "  - .name:           first",
          "    .max_flat_workgroup_size: 512",
          "...",
          "");

  @Test
  void theDisassemblysLinesStayWhereTheyAreAndTheDirectivesFollow() {
    List<String> lines = CodeObjectDisassembler.listing(TEXT, RODATA, ELF).lines().toList();
    assertEquals(
        List.of(
            "",
            "; k.co:\tfile format elf64-amdgpu",
            "",
            "; Disassembly of section .text:",
            "",
            "first:",
            "\ts_cmp_lg_u32 s8, 1                     ; 000000001800: BF078108",
            "\ts_cbranch_scc1 .Lpv_first_180c         ; 000000001804: BF850001",
            "\ts_barrier                              ; 000000001808: BF8A0000",
            "",
            ".Lpv_first_180c:",
            "\ts_endpgm                               ; 00000000180C: BF810000",
            ".Lfunc_end_first:",
            "second:",
            "\ts_branch .Lpv_second_1908              ; 000000001900: BF820001",
            ".Lpv_second_1904: s_nop 0                                ; 000000001904: BF800000",
            ".Lpv_second_1908: s_endpgm                               ; 000000001908: BF810000",
            "",
            ".Lfunc_end_second:",
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"",
            "\t.amdhsa_kernel first",
            "\t.amdhsa_group_segment_fixed_size 65536",
            "\t.end_amdhsa_kernel",
            "\t.amdhsa_kernel second",
            "\t.end_amdhsa_kernel",
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.kernels:",
            "  - .name:           first",
            "    .max_flat_workgroup_size: 512",
            "...",
            "\t.end_amdgpu_metadata"),
        lines);
  }

  /**
   * ld.lld-22 keeps one metadata note per linked object: a code object linked from two objects
   * states each kernel in its own note, and each kernel gets its own metadata.
   */
  @Test
  void everyMetadataNoteIsRead() throws Exception {
    String secondNote =
        String.join(
            "\n",
            "  AMDGPU               0x00000125\tNT_AMDGPU_METADATA (AMDGPU Metadata)",
            "    AMDGPU Metadata:",
            "        ---",
            "amdhsa.kernels:",
            "  - .name:           second",
            "    .max_flat_workgroup_size: 128",
            "...",
            "");
    AsmListing listing =
        AsmParser.parse(CodeObjectDisassembler.listing(TEXT, RODATA, ELF + secondNote), "k.co");
    assertEquals(
        List.of(OptionalInt.of(512), OptionalInt.of(128)),
        listing.kernels().stream().map(Kernel::workgroupSize).toList());
  }

  @Test
  void theNotesTargetWinsOverTheHeadersFlags() {
    String elf = ELF.replace("...", "amdhsa.target:   amdgcn-amd-amdhsa--gfx942\n...");
    String listing = CodeObjectDisassembler.listing(TEXT, RODATA, elf);
    assertEquals(
        List.of("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\""),
        listing.lines().filter(l -> l.contains(".amdgcn_target")).toList());
  }

  /**
   * Tensile's long branch (hipBLASLt's triple-buffer kernel, llvm-objdump-22's print of it): the
   * target is the address after s_getpc_b64 plus the added constant, 0x28c8 + 0x13f0 + 4.
   */
  private static final String LONG_BRANCH =
      String.join(
          "\n",
          "",
          "0000000000002800 <k>:",
          "\ts_cmp_eq_u32 s10, 0                    // 0000000028BC: BF06800A",
          "\ts_cbranch_scc0 L14                      // 0000000028C0: BF840006",
          "\ts_getpc_b64 s[74:75]                    // 0000000028C4: BECA1C00",
          "\ts_add_i32 s76, 0x13f0, 4                // 0000000028C8: 814C84FF 000013F0",
          "\ts_add_u32 s74, s74, s76                 // 0000000028D0: 804A4C4A",
          "\ts_addc_u32 s75, s75, 0                  // 0000000028D4: 824B804B",
          "\ts_setpc_b64 s[74:75]                    // 0000000028D8: BE801D4A",
          "\ts_load_dwordx2 s[4:5], s[0:1], 0x0      // 0000000028DC: C0060100 00000000",
          "\ts_setpc_b64 s[4:5]                      // 0000000028E4: BE801D04",
          "\ts_nop 0                                 // 0000000028E8: BF800000",
          "\ts_endpgm                                // 0000000028EC: BF810000",
          "",
          "0000000000003cbc <label_End>:",
          "\ts_endpgm                                // 000000003CBC: BF810000",
          "");

  private static final String ONE_KERNEL =
      String.join(
          "\n",
          "Disassembly of section .rodata:",
          "",
          "0000000000000740 <k.kd>:",
          ".amdhsa_kernel k",
          ".end_amdhsa_kernel",
          "");

  @Test
  void aLongBranchToAConstantIsABranchToItsLabelAndAComputedJumpStays() {
    List<String> lines =
        CodeObjectDisassembler.listing(LONG_BRANCH, ONE_KERNEL, ELF).lines().toList();
    assertEquals(
        "\ts_branch .Lpv_k_3cbc ; long branch: s_setpc_b64 s[74:75] ; 0000000028D8: BE801D4A",
        lines.get(8));
    assertEquals(
        "\ts_setpc_b64 s[4:5]                      ; 0000000028E4: BE801D04", lines.get(10));
    assertEquals(".Lpv_k_3cbc:", lines.get(14));
  }

  /** objdump prints ds_swizzle's offset by mode; the listing has the number its encoding holds. */
  @Test
  void aSwizzleOffsetIsTheNumberOfItsEncoding() {
    String text =
        String.join(
            "\n",
            "",
            "0000000000002000 <k>:",
            "\tds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,3,2,1,0)    // 000000002000:"
                + " D87A801B 01000002",
            "\ts_endpgm                                                   // 000000002008:"
                + " BF810000",
            "");
    List<String> lines = CodeObjectDisassembler.listing(text, ONE_KERNEL, ELF).lines().toList();
    assertEquals(
        "\tds_swizzle_b32 v1, v2 offset:0x801b    ; 000000002000: D87A801B 01000002", lines.get(2));
  }

  /**
   * s_getpc_b64 is the address after it as linked, a constant the lift can add to (a call's target
   * is built so); an instruction after a return or the end of the program gets the label of its
   * address, where a called function may start.
   */
  @Test
  void theProgramCounterIsItsAddressAndAFunctionAfterAReturnHasALabel() {
    List<String> lines =
        CodeObjectDisassembler.listing(LONG_BRANCH, ONE_KERNEL, ELF).lines().toList();
    assertEquals(
        "\ts_mov_b64 s[74:75], 0x28c8 ; s_getpc_b64 s[74:75] ; 0000000028C4: BECA1C00",
        lines.get(4));
    assertEquals(
        ".Lpv_k_28e8: s_nop 0                                 ; 0000000028E8: BF800000",
        lines.get(11));
  }

  /**
   * A long branch backwards: {@code s_sub_u32}/{@code s_subb_u32} take the distance off the address
   * after {@code s_getpc_b64}: 0x2008 - 8 = 0x2000, the kernel's first instruction.
   */
  @Test
  void aLongBranchBackwardsSubtractsItsDistance() {
    String text =
        String.join(
            "\n",
            "",
            "0000000000002000 <k>:",
            "\ts_nop 0                                 // 000000002000: BF800000",
            "\ts_getpc_b64 s[4:5]                      // 000000002004: BE841C00",
            "\ts_sub_u32 s4, s4, 8                     // 000000002008: 80848804",
            "\ts_subb_u32 s5, s5, 0                    // 00000000200C: 82858005",
            "\ts_setpc_b64 s[4:5]                      // 000000002010: BE801D04",
            "");
    List<String> lines = CodeObjectDisassembler.listing(text, ONE_KERNEL, ELF).lines().toList();
    assertEquals(
        ".Lpv_k_2000: s_nop 0                                 ; 000000002000: BF800000",
        lines.get(2));
    assertEquals(
        "\ts_branch .Lpv_k_2000 ; long branch: s_setpc_b64 s[4:5] ; 000000002010: BE801D04",
        lines.get(6));
  }

  /**
   * A Tensile kernel whose first instruction has a local label at the kernel's own address, which
   * objdump prints there instead of the kernel's name: the kernel is the symbol with the descriptor
   * (readelf's symbol table says where it is).
   */
  @Test
  void theKernelIsTheSymbolWithADescriptorWhateverObjdumpPrintsAtItsAddress() {
    String text =
        String.join(
            "\n",
            "",
            "0000000000001e00 <label_ASM_Start>:",
            "\ts_nop 0                                 // 000000001E00: BF800000",
            "",
            "0000000000001e04 <label_Loop>:",
            "\ts_endpgm                                // 000000001E04: BF810000",
            "");
    String elf =
        ELF
            + String.join(
                "\n",
                "Symbol table '.symtab' contains 3 entries:",
                "   Num:    Value          Size Type    Bind   Vis       Ndx Name",
                "     1: 0000000000001e00     0 NOTYPE  LOCAL  DEFAULT     7 label_ASM_Start",
                "     2: 0000000000001e00     0 FUNC    GLOBAL PROTECTED   7 k",
                "");
    List<String> lines = CodeObjectDisassembler.listing(text, ONE_KERNEL, elf).lines().toList();
    assertEquals(
        List.of(
            "",
            "k:",
            "\ts_nop 0                                 ; 000000001E00: BF800000",
            "",
            ".Lpv_k_1e04:",
            "\ts_endpgm                                ; 000000001E04: BF810000",
            "",
            ".Lfunc_end_k:"),
        lines.subList(0, 8));
  }
}

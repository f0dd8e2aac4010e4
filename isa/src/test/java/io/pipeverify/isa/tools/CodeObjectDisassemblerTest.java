package io.pipeverify.isa.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
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
            "\ts_nop 0                                ; 000000001904: BF800000",
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

  @Test
  void theNotesTargetWinsOverTheHeadersFlags() {
    String elf = ELF.replace("...", "amdhsa.target:   amdgcn-amd-amdhsa--gfx942\n...");
    String listing = CodeObjectDisassembler.listing(TEXT, RODATA, elf);
    assertEquals(
        List.of("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx942\""),
        listing.lines().filter(l -> l.contains(".amdgcn_target")).toList());
  }
}

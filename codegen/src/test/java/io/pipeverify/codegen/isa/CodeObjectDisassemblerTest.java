package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listing made from llvm-objdump-22's and llvm-readelf-22's output (fixtures written for the
 * test, in the tools' format): the disassembly's lines stay one for one, so origins are its lines.
 */
class CodeObjectDisassemblerTest {
  private static final String TEXT =
      String.join(
          "\n",
          "",
          "k.co:\tfile format elf64-amdgpu",
          "",
          "Disassembly of section .text:",
          "",
          "0000000000001800 <first>:",
          "\ts_cmp_lg_u32 s8, 1                     // 000000001808: BF078108",
          "\ts_cbranch_scc1 L0                      // 00000000180C: BF850001",
          "\ts_barrier                              // 000000001810: BF8A0000",
          "",
          "0000000000001814 <L0>:",
          "\ts_endpgm                               // 000000001814: BF810000",
          "",
          "0000000000001900 <second>:",
          "\ts_branch L0                            // 000000001900: BF820000",
          "",
          "0000000000001904 <L0>:",
          "\ts_endpgm                               // 000000001904: BF810000",
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
          "");

  private static final String NOTES =
      String.join(
          "\n",
          "Displaying notes found in: .note",
          "  Owner                Data size \tDescription",
          "  AMDGPU               0x000003ac\tNT_AMDGPU_METADATA (AMDGPU Metadata)",
          "    AMDGPU Metadata:",
          "        ---",
          "amdhsa.kernels:",
          "  - .name:           first",
          "    .max_flat_workgroup_size: 512",
          "amdhsa.target:   amdgcn-amd-amdhsa--gfx950",
          "...",
          "");

  @Test
  void theDisassemblysLinesStayWhereTheyAreAndTheDirectivesFollow() {
    List<String> lines = CodeObjectDisassembler.listing(TEXT, RODATA, NOTES).lines().toList();
    assertEquals(
        List.of(
            "",
            "; k.co:\tfile format elf64-amdgpu",
            "",
            "; Disassembly of section .text:",
            "",
            "first:",
            "\ts_cmp_lg_u32 s8, 1                     ; 000000001808: BF078108",
            "\ts_cbranch_scc1 .Lpv_first_L0                      ; 00000000180C: BF850001",
            "\ts_barrier                              ; 000000001810: BF8A0000",
            "",
            ".Lpv_first_L0:",
            "\ts_endpgm                               ; 000000001814: BF810000",
            ".Lfunc_end_first:",
            "second:",
            "\ts_branch .Lpv_second_L0                            ; 000000001900: BF820000",
            "",
            ".Lpv_second_L0:",
            "\ts_endpgm                               ; 000000001904: BF810000",
            "",
            ".Lfunc_end_second:",
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"",
            "\t.amdhsa_kernel first",
            "\t.amdhsa_group_segment_fixed_size 65536",
            "\t.end_amdhsa_kernel",
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.kernels:",
            "  - .name:           first",
            "    .max_flat_workgroup_size: 512",
            "amdhsa.target:   amdgcn-amd-amdhsa--gfx950",
            "...",
            "\t.end_amdgpu_metadata"),
        lines);
  }
}

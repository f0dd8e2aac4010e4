/******************************************/
/* A hand-written source in the dialect   */
/* of hipBLASLt's Tensile kernels         */
/******************************************/
.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
.text
.protected src_kernel
.globl src_kernel
.p2align 8
.type src_kernel,@function
.section .rodata,#alloc
.p2align 6
.amdhsa_kernel src_kernel
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_next_free_vgpr 16 // vgprs
  .amdhsa_next_free_sgpr 16 // sgprs
  .amdhsa_accum_offset 16
  .amdhsa_group_segment_fixed_size 4096
.end_amdhsa_kernel
.text
.set vgprLocalReadAddr, 2
.set vgprValu, 4
/* read four dwords of LDS */
.macro READ_TILE dst, addr, off
  ds_read_b128 v[\dst:\dst+3], v[\addr] offset:\off
.endm
src_kernel:
  v_lshlrev_b32 v[vgprLocalReadAddr], 4, v0      // lane * 16
  READ_TILE vgprValu, vgprLocalReadAddr, 0
  s_waitcnt lgkmcnt(0)                           // wait for the read
  s_endpgm
.amdgpu_metadata
---
amdhsa.version:
  - 1
  - 1
amdhsa.kernels:
  - .name: src_kernel
    .symbol: 'src_kernel.kd'
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 64
    .private_segment_fixed_size: 0
    .sgpr_count: 16
    .vgpr_count: 16
    .wavefront_size: 64
...
.end_amdgpu_metadata

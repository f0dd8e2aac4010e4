	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.globl	tile_copy
	.p2align	8
	.type	tile_copy,@function
; A fixture written for the decoder tests: every operand and wait form it must read.
tile_copy:                              ; @tile_copy
; %bb.0:
	s_load_dwordx2 s[4:5], s[0:1], 0x0
	s_load_dword s6, s[0:1], 0x8
	v_readfirstlane_b32 s7, v0
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s8, s7, 6
	s_mov_b32 m0, s8
	v_lshlrev_b32_e32 v1, 4, v0
	buffer_load_dwordx4 v1, s[4:7], 0 offen lds
	global_load_lds_dwordx4 v[2:3], off offset:16 sc0 sc1 nt
	s_mov_b32 s9, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	s_waitcnt vmcnt(1) lgkmcnt(2)
	s_barrier
	ds_read_b128 v[4:7], v1 offset:2048
	ds_write_b64 v1, v[8:9]
	; sched_barrier mask(0x00000000)
	s_setprio 1
	v_mfma_f32_16x16x32_bf16 v[10:13], v[4:7], v[4:7], v[10:13] cbsz:1 abid:2
	v_cndmask_b32_e64 v14, 0, -1, s[2:3]
	v_add_f32_e64 v15, -v14, |v13|
	v_mov_b32_e32 v16, 1.0
	s_waitcnt vmcnt(0) & lgkmcnt(0)
	s_waitcnt 0xc07f
	s_waitcnt vmcnt(63)
	s_add_i32 s9, s9, 1
	s_cmp_lt_i32 s9, s6
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	global_store_dwordx4 v1, v[10:13], s[4:5] glc
	s_endpgm
.Lfunc_end0:
	.size	tile_copy, .Lfunc_end0-tile_copy
	.rodata
	.p2align	6, 0x0
	.amdhsa_kernel tile_copy
		.amdhsa_group_segment_fixed_size 65536
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 17
	.end_amdhsa_kernel
	.text
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           src
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           n
        .offset:         8
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 65536
    .max_flat_workgroup_size: 512
    .name:           tile_copy
    .reqd_workgroup_size:
      - 256
      - 1
      - 1
    .symbol:         tile_copy.kd
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata

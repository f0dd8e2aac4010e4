	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.protected	pingpong16              ; -- Begin function pingpong16
	.globl	pingpong16
	.p2align	8
	.type	pingpong16,@function
pingpong16:                             ; @pingpong16
; %bb.0:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_readfirstlane_b32 s2, v0
	s_lshl_b32 s3, s2, 4
	v_lshlrev_b32_e32 v16, 4, v0
	s_and_b32 s3, s3, 0xfffffc00
	v_and_b32_e32 v1, 0x3f0, v16
	s_mov_b32 s11, 0x20000
	s_brev_b32 s10, -2
	s_waitcnt lgkmcnt(0)
	s_and_b32 s9, s5, 0xffff
	s_mov_b32 s8, s4
	v_or_b32_e32 v2, s3, v1
	s_mov_b32 m0, s3
	v_add_u32_e32 v3, 0x2000, v2
	buffer_load_dwordx4 v2, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0x2000
	s_lshr_b32 s2, s2, 8
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0x4000
	v_add_u32_e32 v3, 0x4000, v2
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0x6000
	v_add_u32_e32 v3, 0x6000, v2
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0x8000
	v_add_u32_e32 v3, 0x8000, v2
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0xa000
	v_add_u32_e32 v3, 0xa000, v2
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0xc000
	v_add_u32_e32 v3, 0xc000, v2
	buffer_load_dwordx4 v3, s[8:11], 0 offen lds
	s_add_i32 m0, s3, 0xe000
	v_add_u32_e32 v2, 0xe000, v2
	buffer_load_dwordx4 v2, s[8:11], 0 offen lds
	s_cmp_lg_u32 s2, 1
	s_waitcnt vmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB0_2
; %bb.1:
	s_barrier
.LBB0_2:
	s_load_dword s0, s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	s_cmp_lt_i32 s0, 1
	s_cbranch_scc1 .LBB0_7
; %bb.3:
	v_lshlrev_b32_e32 v2, 7, v0
	v_and_b32_e32 v0, 48, v0
	s_movk_i32 s1, 0x780
	v_and_or_b32 v17, v2, s1, v0
	v_add_u32_e32 v18, s3, v1
	s_mov_b32 s5, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	s_mov_b32 s8, s4
.LBB0_4:                                ; =>This Inner Loop Header: Depth=1
	s_and_b32 s12, s5, 0x10000
	v_or_b32_e32 v19, s12, v17
	v_add_u32_e32 v24, 64, v19
	v_or_b32_e32 v28, 0x800, v19
	v_add_u32_e32 v32, 0x840, v19
	;;#ASMSTART
	ds_read_b128 v[20:23], v19
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	s_add_i32 s1, s5, 0x10000
	s_and_b32 s4, s1, 0x10000
	s_add_i32 s4, s3, s4
	; sched_barrier mask(0x00000000)
	v_add_u32_e32 v44, s5, v18
	s_mov_b32 m0, s4
	v_add_u32_e32 v36, 0x10000, v44
	s_barrier
	buffer_load_dwordx4 v36, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[20:23], v[28:31], v[12:15]
	v_add_u32_e32 v36, 0x1040, v19
	v_mfma_f32_16x16x32_bf16 v[4:7], v[20:23], v[32:35], v[4:7]
	v_or_b32_e32 v20, 0x1000, v19
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[24:27], v[28:31], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[28:31], v36
	;;#ASMEND
	v_or_b32_e32 v36, 0x1800, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[24:27], v[32:35], v[8:11]
	v_add_u32_e32 v24, 0x1840, v19
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	v_mfma_f32_16x16x32_bf16 v[12:15], v[20:23], v[36:39], v[12:15]
	v_or_b32_e32 v32, 0x2000, v19
	v_or_b32_e32 v40, 0x2800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[20:23], v[24:27], v[4:7]
	v_add_u32_e32 v20, 0x2040, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[36:39], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[36:39], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0x2840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[24:27], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0x2000
	v_add_u32_e32 v24, 0x12000, v44
	s_barrier
	buffer_load_dwordx4 v24, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[32:35], v[36:39], v[12:15]
	v_or_b32_e32 v24, 0x3000, v19
	v_add_u32_e32 v28, 0x3040, v19
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[32:35], v[40:43], v[4:7]
	v_or_b32_e32 v32, 0x3800, v19
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[20:23], v[36:39], v[0:3]
	v_add_u32_e32 v36, 0x3840, v19
	v_mfma_f32_16x16x32_bf16 v[8:11], v[20:23], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[20:23], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	v_mfma_f32_16x16x32_bf16 v[12:15], v[24:27], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0x4000, v19
	v_or_b32_e32 v40, 0x4800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[24:27], v[20:23], v[4:7]
	v_add_u32_e32 v24, 0x4040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0x4840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[20:23], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0x4000
	v_add_u32_e32 v20, 0x14000, v44
	s_barrier
	buffer_load_dwordx4 v20, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v20, 0x5000, v19
	v_add_u32_e32 v28, 0x5040, v19
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_add_u32_e32 v36, 0x5840, v19
	v_mfma_f32_16x16x32_bf16 v[0:3], v[24:27], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0x5800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[24:27], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[24:27], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_nop 0
	v_mfma_f32_16x16x32_bf16 v[12:15], v[20:23], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0x6000, v19
	v_or_b32_e32 v40, 0x6800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[20:23], v[24:27], v[4:7]
	v_add_u32_e32 v20, 0x6040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0x6840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[24:27], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0x6000
	v_add_u32_e32 v24, 0x16000, v44
	s_barrier
	buffer_load_dwordx4 v24, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v24, 0x7000, v19
	v_add_u32_e32 v28, 0x7040, v19
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_add_u32_e32 v36, 0x7840, v19
	v_mfma_f32_16x16x32_bf16 v[0:3], v[20:23], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0x7800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[20:23], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[20:23], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_nop 0
	v_mfma_f32_16x16x32_bf16 v[12:15], v[24:27], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0x8000, v19
	v_or_b32_e32 v40, 0x8800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[24:27], v[20:23], v[4:7]
	v_add_u32_e32 v24, 0x8040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0x8840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[20:23], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0x8000
	v_add_u32_e32 v20, 0x18000, v44
	s_barrier
	buffer_load_dwordx4 v20, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v20, 0x9000, v19
	v_add_u32_e32 v28, 0x9040, v19
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_add_u32_e32 v36, 0x9840, v19
	v_mfma_f32_16x16x32_bf16 v[0:3], v[24:27], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0x9800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[24:27], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[24:27], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_nop 0
	v_mfma_f32_16x16x32_bf16 v[12:15], v[20:23], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0xa000, v19
	v_or_b32_e32 v40, 0xa800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[20:23], v[24:27], v[4:7]
	v_add_u32_e32 v20, 0xa040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0xa840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[24:27], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0xa000
	v_add_u32_e32 v24, 0x1a000, v44
	s_barrier
	buffer_load_dwordx4 v24, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v24, 0xb000, v19
	v_add_u32_e32 v28, 0xb040, v19
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_add_u32_e32 v36, 0xb840, v19
	v_mfma_f32_16x16x32_bf16 v[0:3], v[20:23], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0xb800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[20:23], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[20:23], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_nop 0
	v_mfma_f32_16x16x32_bf16 v[12:15], v[24:27], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0xc000, v19
	v_or_b32_e32 v40, 0xc800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[24:27], v[20:23], v[4:7]
	v_add_u32_e32 v24, 0xc040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0xc840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[20:23], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0xc000
	v_add_u32_e32 v20, 0x1c000, v44
	s_barrier
	buffer_load_dwordx4 v20, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v20, 0xd000, v19
	v_add_u32_e32 v28, 0xd040, v19
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_add_u32_e32 v36, 0xd840, v19
	v_mfma_f32_16x16x32_bf16 v[0:3], v[24:27], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0xd800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[24:27], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[24:27], v36
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_nop 0
	v_mfma_f32_16x16x32_bf16 v[12:15], v[20:23], v[32:35], v[12:15]
	v_or_b32_e32 v36, 0xe000, v19
	v_or_b32_e32 v40, 0xe800, v19
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[4:7], v[20:23], v[24:27], v[4:7]
	v_add_u32_e32 v20, 0xe040, v19
	;;#ASMSTART
	ds_read_b128 v[36:39], v36
	;;#ASMEND
	;;#ASMSTART
	ds_read_b128 v[20:23], v20
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	;;#ASMSTART
	ds_read_b128 v[32:35], v40
	;;#ASMEND
	v_add_u32_e32 v40, 0xe840, v19
	;;#ASMSTART
	ds_read_b128 v[40:43], v40
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[24:27], v[8:11]
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	s_add_i32 m0, s4, 0xe000
	v_add_u32_e32 v24, 0x1e000, v44
	s_barrier
	buffer_load_dwordx4 v24, s[8:11], 0 offen lds
	v_mfma_f32_16x16x32_bf16 v[12:15], v[36:39], v[32:35], v[12:15]
	v_or_b32_e32 v24, 0xf000, v19
	v_add_u32_e32 v28, 0xf040, v19
	;;#ASMSTART
	ds_read_b128 v[24:27], v24
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[4:7], v[36:39], v[40:43], v[4:7]
	;;#ASMSTART
	ds_read_b128 v[28:31], v28
	;;#ASMEND
	v_mfma_f32_16x16x32_bf16 v[0:3], v[20:23], v[32:35], v[0:3]
	v_or_b32_e32 v32, 0xf800, v19
	;;#ASMSTART
	ds_read_b128 v[32:35], v32
	;;#ASMEND
	v_add_u32_e32 v19, 0xf840, v19
	v_mfma_f32_16x16x32_bf16 v[8:11], v[20:23], v[40:43], v[8:11]
	;;#ASMSTART
	ds_read_b128 v[20:23], v19
	;;#ASMEND
	;;#ASMSTART
	s_waitcnt lgkmcnt(0)
	;;#ASMEND
	; sched_barrier mask(0x00000000)
	v_mfma_f32_16x16x32_bf16 v[12:15], v[24:27], v[32:35], v[12:15]
	s_add_i32 s0, s0, -1
	s_cmp_eq_u32 s0, 0
	s_mov_b32 s5, s1
	v_mfma_f32_16x16x32_bf16 v[4:7], v[24:27], v[20:23], v[4:7]
	s_waitcnt vmcnt(0)
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[0:3], v[28:31], v[32:35], v[0:3]
	v_mfma_f32_16x16x32_bf16 v[8:11], v[28:31], v[20:23], v[8:11]
	s_cbranch_scc0 .LBB0_4
; %bb.5:
	s_cmp_eq_u32 s2, 0
	s_cbranch_scc1 .LBB0_8
.LBB0_6:
	v_mov_b32_e32 v17, 0
	v_lshl_add_u64 v[18:19], s[6:7], 0, v[16:17]
	global_store_dwordx4 v16, v[12:15], s[6:7]
	s_nop 1
	v_add_co_u32_e32 v12, vcc, 0x2000, v18
	s_nop 1
	v_addc_co_u32_e32 v13, vcc, 0, v19, vcc
	global_store_dwordx4 v[12:13], v[4:7], off
	s_nop 1
	v_add_co_u32_e32 v4, vcc, 0x4000, v18
	s_nop 1
	v_addc_co_u32_e32 v5, vcc, 0, v19, vcc
	global_store_dwordx4 v[4:5], v[0:3], off
	s_nop 1
	v_add_co_u32_e32 v0, vcc, 0x6000, v18
	s_nop 1
	v_addc_co_u32_e32 v1, vcc, 0, v19, vcc
	global_store_dwordx4 v[0:1], v[8:11], off
	s_endpgm
.LBB0_7:
	v_mov_b64_e32 v[8:9], 0
	v_mov_b64_e32 v[10:11], 0
	v_mov_b64_e32 v[0:1], 0
	v_mov_b64_e32 v[2:3], 0
	v_mov_b64_e32 v[4:5], 0
	v_mov_b64_e32 v[6:7], 0
	v_mov_b64_e32 v[12:13], 0
	v_mov_b64_e32 v[14:15], 0
	s_cmp_eq_u32 s2, 0
	s_cbranch_scc0 .LBB0_6
.LBB0_8:
	s_barrier
	s_branch .LBB0_6
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel pingpong16
		.amdhsa_group_segment_fixed_size 131072
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 169
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 48
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	pingpong16, .Lfunc_end0-pingpong16
                                        ; -- End function
	.set pingpong16.num_vgpr, 45
	.set pingpong16.num_agpr, 0
	.set pingpong16.numbered_sgpr, 13
	.set pingpong16.num_named_barrier, 0
	.set pingpong16.private_seg_size, 0
	.set pingpong16.uses_vcc, 1
	.set pingpong16.uses_flat_scratch, 0
	.set pingpong16.has_dyn_sized_stack, 0
	.set pingpong16.has_recursion, 0
	.set pingpong16.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 3172
; TotalNumSgprs: 19
; NumVgprs: 45
; NumAgprs: 0
; TotalNumVgprs: 45
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 131072 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 21
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 169
; AccumOffset: 48
; Occupancy: 2
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 11
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_40ec25b7165d1d68,@object ; @__hip_cuid_40ec25b7165d1d68
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_40ec25b7165d1d68
__hip_cuid_40ec25b7165d1d68:
	.byte	0                               ; 0x0
	.size	__hip_cuid_40ec25b7165d1d68, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_40ec25b7165d1d68
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 131072
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .max_flat_workgroup_size: 512
    .name:           pingpong16
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .symbol:         pingpong16.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     45
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata

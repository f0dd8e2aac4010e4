	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.text
; A gfx942 fixture: 4-byte LDS-DMA, 16x16x16 MFMAs, VCC compares and a raw wait.
dma4:
	v_mbcnt_lo_u32_b32 v1, -1, 0
	v_mbcnt_hi_u32_b32 v1, -1, v1
	v_cmp_gt_u32_e32 vcc, 32, v1
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB1_2
; %bb.1:
	s_add_u32 m0, s4, 0x400
	buffer_load_dword v1, s[8:11], s12 offen offset:64 lds
	s_waitcnt 0x70
	v_mfma_f32_16x16x16_bf16 v[2:5], v[6:7], v[8:9], v[2:5]
.LBB1_2:
	s_or_b64 exec, exec, s[2:3]
	buffer_wbl2 sc1
	s_waitcnt vmcnt(0) expcnt(1) lgkmcnt(0)
	s_endpgm
.Lfunc_end1:
	.size	dma4, .Lfunc_end1-dma4
	.amdhsa_kernel dma4
		.amdhsa_group_segment_fixed_size 4096
	.end_amdhsa_kernel
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:           []
    .max_flat_workgroup_size: 256
    .name:           dma4
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata

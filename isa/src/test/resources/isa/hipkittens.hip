// A HipKittens-style 8-wave bf16 GEMM main loop for gfx950 (codegen's HipKittensAssemblyTest):
// 512 threads, two 32 KiB LDS slots (slot k & 1 is read while the next tile is copied into the
// other), each K iteration split into 8 phases that end at an s_barrier. A phase reads twelve MFMA
// fragments of the current slot with ds_read_b128 in inline asm, in three groups of four, and
// retires them group by group with explicit waits, lgkmcnt(8), lgkmcnt(4) and lgkmcnt(0), each
// followed by the group's four MFMAs; even phases also copy one 1 KiB chunk per wave of the next
// tile into the other slot with LDS-DMA. The last phase drains the copies (vmcnt(0)) before its
// barrier. The loop's count is a kernel argument (iters); the per-iteration scale is a scalar
// load (s_load_dword) still outstanding at the first phase's lgkmcnt(8); the epilogue's ldc == 256
// fast path is an s_cmpk. Every LDS access is one contiguous 1 KiB range.
// gfx950 only (16-byte LDS-DMA):
//   clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S \
//     -o hipkittens.s hipkittens.hip
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef __attribute__((address_space(3))) void *lds_ptr;
typedef const __attribute__((address_space(4))) float *constant_floats;
typedef float acc4 __attribute__((ext_vector_type(4)));
typedef __bf16 frag8 __attribute__((ext_vector_type(8)));

#define SLOT 32768
#define CHUNK 8192
#define PHASE_BYTES 4096

// s_waitcnt encodings (gfx9): vmcnt in bits 3:0 and 15:14, expcnt 6:4, lgkmcnt 11:8.
#define VMCNT0 0x0f70
#define LGKMCNT(n) (0xc07f | ((n) << 8))

__shared__ __attribute__((aligned(1024))) unsigned char lds[2 * SLOT];

static __attribute__((device)) inline frag8 read_fragment(unsigned addr) {
  frag8 f;
  asm volatile("ds_read_b128 %0, %1" : "=v"(f) : "v"(addr));
  return f;
}

static __attribute__((device)) inline void mfma4(acc4 *acc, frag8 a0, frag8 b0, frag8 a1, frag8 b1) {
  acc[0] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a0, b0, acc[0], 0, 0, 0);
  acc[1] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a0, b1, acc[1], 0, 0, 0);
  acc[2] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a1, b0, acc[2], 0, 0, 0);
  acc[3] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a1, b1, acc[3], 0, 0, 0);
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 512)))
void hk_gemm(const unsigned short *A, float *C, int iters, constant_floats scales, int ldc) {
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const int w = __builtin_amdgcn_readfirstlane((int)(tid / 64));
  const int lane = tid % 64;
  __amdgpu_buffer_rsrc_t rsrc =
      __builtin_amdgcn_make_buffer_rsrc((void *)A, 0, 0x7fffffff, 0x00020000);
  acc4 acc[4] = {};

  // Prologue: the first tile, four chunks per wave, into slot 0.
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    __builtin_amdgcn_raw_ptr_buffer_load_lds(
        rsrc, (lds_ptr)(lds + c * CHUNK + w * 1024), 16, (c * 8 + w) * 1024 + lane * 16, 0, 0, 0);
  }
  __builtin_amdgcn_s_waitcnt(VMCNT0);
  __builtin_amdgcn_s_barrier();

  for (int k = 0; k < iters; ++k) {
    unsigned char *rd = lds + (k & 1) * SLOT;
    unsigned char *wr = lds + ((k + 1) & 1) * SLOT;
    const float scale = scales[k];
#pragma unroll
    for (int p = 0; p < 8; ++p) {
      if ((p & 1) == 0) {
        __builtin_amdgcn_raw_ptr_buffer_load_lds(
            rsrc, (lds_ptr)(wr + (p / 2) * CHUNK + w * 1024), 16,
            (((k + 1) * 4 + p / 2) * 8 + w) * 1024 + lane * 16, 0, 0, 0);
      }
      unsigned base = (unsigned)(unsigned long)(rd + p * PHASE_BYTES) + lane * 16;
      frag8 a0 = read_fragment(base);
      frag8 b0 = read_fragment(base + 2048);
      frag8 a1 = read_fragment(base + 1024);
      frag8 b1 = read_fragment(base + 3072);
      frag8 a2 = read_fragment(base + 1024);
      frag8 b2 = read_fragment(base);
      frag8 a3 = read_fragment(base + 3072);
      frag8 b3 = read_fragment(base + 2048);
      frag8 a4 = read_fragment(base);
      frag8 b4 = read_fragment(base + 3072);
      frag8 a5 = read_fragment(base + 2048);
      frag8 b5 = read_fragment(base + 1024);
      __builtin_amdgcn_s_waitcnt(LGKMCNT(8));
      __builtin_amdgcn_sched_barrier(0);
      mfma4(acc, a0, b0, a1, b1);
      __builtin_amdgcn_s_waitcnt(LGKMCNT(4));
      __builtin_amdgcn_sched_barrier(0);
      mfma4(acc, a2, b2, a3, b3);
      __builtin_amdgcn_s_waitcnt(LGKMCNT(0));
      __builtin_amdgcn_sched_barrier(0);
      mfma4(acc, a4, b4, a5, b5);
      if (p == 7) __builtin_amdgcn_s_waitcnt(VMCNT0);
      __builtin_amdgcn_s_barrier();
    }
    acc[0] *= scale;
  }
  // The fast path for a 256-float row pitch (s_cmpk_lg_u32 / s_cmpk_eq_u32 against 0x100).
  const int pitch = ldc == 256 ? 512 : ldc;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    C[(i * pitch + tid) * 4 + 0] = acc[i][0];
    C[(i * pitch + tid) * 4 + 1] = acc[i][1];
    C[(i * pitch + tid) * 4 + 2] = acc[i][2];
    C[(i * pitch + tid) * 4 + 3] = acc[i][3];
  }
}

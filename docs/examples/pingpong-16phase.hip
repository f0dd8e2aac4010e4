// An 8-wave ping-pong GEMM main loop of the size real hand-tuned kernels have, for benchmarking
// the assembly lift (docs/PERFORMANCE.md) and as an example input (docs/isa.md). Two wave groups
// (warp_row = w / 4) run one s_barrier apart: group 1 passes an extra barrier before the loop and
// group 0 one after it. Each iteration has 16 phases; a phase reads four MFMA fragments of the
// current slot with ds_read_b128 in inline asm, waits for them, runs four MFMAs and ends at an
// s_barrier; odd phases also copy one 1 KiB chunk of the next tile into the other slot with
// LDS-DMA. The last phase drains the copies (vmcnt(0)) before its barrier.
// gfx950 only (16-byte LDS-DMA, 128 KiB of LDS):
//   clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S \
//     -o pingpong-16phase.s pingpong-16phase.hip
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef __attribute__((address_space(3))) void *lds_ptr;
typedef float acc4 __attribute__((ext_vector_type(4)));
typedef __bf16 frag8 __attribute__((ext_vector_type(8)));

#define SLOT 65536
#define CHUNK 8192
#define PHASE_BYTES 4096

__shared__ __attribute__((aligned(1024))) unsigned char lds[2 * SLOT];

static __attribute__((device)) inline frag8 read_fragment(unsigned addr) {
  frag8 f;
  asm volatile("ds_read_b128 %0, %1" : "=v"(f) : "v"(addr));
  return f;
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 512)))
void pingpong16(const unsigned short *A, float *C, int iters) {
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const int w = __builtin_amdgcn_readfirstlane((int)(tid / 64));
  const int lane = tid % 64;
  const int warp_row = w / 4;
  __amdgpu_buffer_rsrc_t rsrc =
      __builtin_amdgcn_make_buffer_rsrc((void *)A, 0, 0x7fffffff, 0x00020000);
  const unsigned fragment = (lane % 16) * 128 + (lane / 16) * 16;
  acc4 acc[4] = {};

  // Prologue: the first tile, eight chunks per wave, into slot 0.
#pragma unroll
  for (int c = 0; c < 8; ++c) {
    __builtin_amdgcn_raw_ptr_buffer_load_lds(
        rsrc, (lds_ptr)(lds + c * CHUNK + w * 1024), 16, (c * 8 + w) * 1024 + lane * 16, 0, 0, 0);
  }
  __builtin_amdgcn_s_waitcnt(0x0f70);  // vmcnt(0)
  __builtin_amdgcn_s_barrier();
  if (warp_row == 1) __builtin_amdgcn_s_barrier();

  for (int k = 0; k < iters; ++k) {
    unsigned char *rd = lds + (k & 1) * SLOT;
    unsigned char *wr = lds + ((k + 1) & 1) * SLOT;
#pragma unroll
    for (int p = 0; p < 16; ++p) {
      if (p & 1) {
        __builtin_amdgcn_raw_ptr_buffer_load_lds(
            rsrc, (lds_ptr)(wr + (p / 2) * CHUNK + w * 1024), 16,
            (((k + 1) * 8 + p / 2) * 8 + w) * 1024 + lane * 16, 0, 0, 0);
      }
      unsigned base = (unsigned)(unsigned long)(rd + p * PHASE_BYTES) + fragment;
      frag8 a0 = read_fragment(base);
      frag8 a1 = read_fragment(base + 64);
      frag8 b0 = read_fragment(base + 2048);
      frag8 b1 = read_fragment(base + 2048 + 64);
      asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory");
      __builtin_amdgcn_sched_barrier(0);
      acc[0] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a0, b0, acc[0], 0, 0, 0);
      acc[1] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a0, b1, acc[1], 0, 0, 0);
      acc[2] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a1, b0, acc[2], 0, 0, 0);
      acc[3] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a1, b1, acc[3], 0, 0, 0);
      if (p == 15) __builtin_amdgcn_s_waitcnt(0x0f70);
      __builtin_amdgcn_s_barrier();
    }
  }
  if (warp_row == 0) __builtin_amdgcn_s_barrier();
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    C[(i * 512 + tid) * 4 + 0] = acc[i][0];
    C[(i * 512 + tid) * 4 + 1] = acc[i][1];
    C[(i * 512 + tid) * 4 + 2] = acc[i][2];
    C[(i * 512 + tid) * 4 + 3] = acc[i][3];
  }
}

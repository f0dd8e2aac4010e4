// A templated double-buffered GEMM main loop for `pipeverify fuzz --knobs knobs.json --generate`
// (docs/fuzzing.md, "Your own generator"): the pipeline knobs a kernel generator has, as -D
// macros. Four waves; each of the PHASES phases of an iteration copies one 4 KiB chunk of the next
// tile into the other slot with LDS-DMA (1 KiB per wave), reads two MFMA fragments of the current
// slot with ds_read_b128 (inline asm, so the compiler adds no wait for them), waits for them,
// passes an s_barrier and runs an MFMA; the last phase drains the copies before its barrier.
//   SLOTS       2: double buffer; 1: the copies go into the slot being read
//   PHASES      phases per iteration (2 or 4)
//   WAIT_READS  wait for the fragments before using them (false: no wait at all)
//   DRAIN       drain the copies (vmcnt(0)) before the last phase's barrier
// gfx950 (16-byte LDS-DMA):
//   clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S \
//     -DSLOTS=2 -DPHASES=4 -DWAIT_READS=true -DDRAIN=true -o gemm.s gemm.hip
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef __attribute__((address_space(3))) void *lds_ptr;
typedef float acc4 __attribute__((ext_vector_type(4)));
typedef __bf16 frag8 __attribute__((ext_vector_type(8)));

#ifndef SLOTS
#define SLOTS 2
#endif
#ifndef PHASES
#define PHASES 4
#endif
#ifndef WAIT_READS
#define WAIT_READS true
#endif
#ifndef DRAIN
#define DRAIN true
#endif

#define PHASE_BYTES 4096
#define SLOT_BYTES (PHASES * PHASE_BYTES)

__shared__ __attribute__((aligned(1024))) unsigned char lds[SLOTS * SLOT_BYTES];

static __attribute__((device)) inline frag8 read_fragment(unsigned addr) {
  frag8 f;
  asm volatile("ds_read_b128 %0, %1" : "=v"(f) : "v"(addr));
  return f;
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(256, 256)))
void fuzzgemm(const unsigned short *A, float *C, int iters) {
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const int w = __builtin_amdgcn_readfirstlane((int)(tid / 64));
  const int lane = tid % 64;
  __amdgpu_buffer_rsrc_t rsrc =
      __builtin_amdgcn_make_buffer_rsrc((void *)A, 0, 0x7fffffff, 0x00020000);
  const unsigned fragment = (lane % 16) * 128 + (lane / 16) * 16;
  acc4 acc[2] = {};

  // Prologue: the first tile into slot 0, drained.
#pragma unroll
  for (int p = 0; p < PHASES; ++p) {
    __builtin_amdgcn_raw_ptr_buffer_load_lds(
        rsrc, (lds_ptr)(lds + p * PHASE_BYTES + w * 1024), 16, (p * 4 + w) * 1024 + lane * 16, 0,
        0, 0);
  }
  __builtin_amdgcn_s_waitcnt(0x0f70);  // vmcnt(0)
  __builtin_amdgcn_s_barrier();

  for (int k = 0; k < iters; ++k) {
    unsigned char *rd = lds + (k % SLOTS) * SLOT_BYTES;
    unsigned char *wr = lds + ((k + 1) % SLOTS) * SLOT_BYTES;
#pragma unroll
    for (int p = 0; p < PHASES; ++p) {
      __builtin_amdgcn_raw_ptr_buffer_load_lds(
          rsrc, (lds_ptr)(wr + p * PHASE_BYTES + w * 1024), 16,
          (((k + 1) * PHASES + p) * 4 + w) * 1024 + lane * 16, 0, 0, 0);
      unsigned base = (unsigned)(unsigned long)(rd + p * PHASE_BYTES) + fragment;
      frag8 a = read_fragment(base);
      frag8 b = read_fragment(base + 2048);
      if (WAIT_READS) asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory");
      __builtin_amdgcn_sched_barrier(0);
      if (DRAIN && p == PHASES - 1) __builtin_amdgcn_s_waitcnt(0x0f70);  // vmcnt(0)
      __builtin_amdgcn_s_barrier();
      acc[p & 1] = __builtin_amdgcn_mfma_f32_16x16x32_bf16(a, b, acc[p & 1], 0, 0, 0);
    }
  }
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    C[(i * 256 + tid) * 4 + 0] = acc[i][0];
    C[(i * 256 + tid) * 4 + 1] = acc[i][1];
    C[(i * 256 + tid) * 4 + 2] = acc[i][2];
    C[(i * 256 + tid) * 4 + 3] = acc[i][3];
  }
}

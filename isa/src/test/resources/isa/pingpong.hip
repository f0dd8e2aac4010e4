// A hand-written test kernel in the style of hand-tuned ping-pong GEMMs (CompiledKernelTest):
// 8 waves in two groups offset by a conditional s_barrier, LDS-DMA through M0 with the raw
// buffer load-to-LDS builtin, ds_read_b128 in inline asm, explicit waits. Self-contained:
// compile with clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S.
// Deliberately racy: the B read (offset:4096) reads k-chunks the other wave group copies in the
// same iteration, one barrier behind; offset:2048 (the group's own chunks) is the repair
// (codegen's PingpongAssemblyTest verifies both from the assembly).
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef __attribute__((address_space(3))) void *lds_ptr;
typedef float acc4 __attribute__((ext_vector_type(4)));
typedef short frag8 __attribute__((ext_vector_type(8)));
#if defined(__gfx950__)
#define DMA_BYTES 16
#else
#define DMA_BYTES 4
#endif
__shared__ __attribute__((aligned(1024))) unsigned char lds[65536];

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 512)))
void pingpong(const unsigned short *A, float *C, int iters) {
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const int w = __builtin_amdgcn_readfirstlane((int)(tid / 64));
  const int lane = tid % 64;
  const int warp_row = w / 4;
  __amdgpu_buffer_rsrc_t rsrc = __builtin_amdgcn_make_buffer_rsrc((void *)A, 0, 0x7fffffff, 0x00020000);
  acc4 acc = {0, 0, 0, 0};
  if (warp_row == 1) __builtin_amdgcn_s_barrier();
  for (int k = 0; k < iters; ++k) {
    unsigned char *slot = lds + (k & 1) * 32768;
    __builtin_amdgcn_raw_ptr_buffer_load_lds(rsrc, (lds_ptr)(slot + w * 1024), DMA_BYTES, (k * 8 + w) * 1024 + lane * DMA_BYTES, 0, 0, 0);
    __builtin_amdgcn_s_waitcnt(0x0f70);
    __builtin_amdgcn_s_barrier();
    frag8 a, b;
    unsigned addr = (unsigned)(unsigned long)(slot + (lane % 16) * 128 + (lane / 16) * 16);
    asm volatile("ds_read_b128 %0, %1" : "=v"(a) : "v"(addr));
    asm volatile("ds_read_b128 %0, %1 offset:4096" : "=v"(b) : "v"(addr));
    asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory");
    __builtin_amdgcn_sched_barrier(0);
    __builtin_amdgcn_s_setprio(1);
    acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_shufflevector(a, a, 0, 1, 2, 3), __builtin_shufflevector(b, b, 0, 1, 2, 3), acc, 0, 0, 0);
    acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_shufflevector(a, a, 4, 5, 6, 7), __builtin_shufflevector(b, b, 4, 5, 6, 7), acc, 0, 0, 0);
    __builtin_amdgcn_s_setprio(0);
    __builtin_amdgcn_s_barrier();
  }
  if (warp_row == 0) __builtin_amdgcn_s_barrier();
  C[tid * 4 + 0] = acc[0];
  C[tid * 4 + 1] = acc[1];
  C[tid * 4 + 2] = acc[2];
  C[tid * 4 + 3] = acc[3];
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 256)))
// lanes: every lane stores its index, from v_mbcnt_lo/hi.
void lanes(int *out) { out[__builtin_amdgcn_workitem_id_x()] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0)); }

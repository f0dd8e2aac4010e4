// A double-buffered f16 GEMM main loop whose LDS tiles are XOR-swizzled, for gfx950 and gfx942
// (codegen's SwizzledAssemblyTest), staged through registers as Triton's AMD backend and Composable
// Kernel do: 256 threads (4 waves), two 16 KiB LDS slots, each an A and a B tile of 64 rows of 128
// bytes (eight 16-byte columns). Column c of row r is stored at position c ^ (r & 7), the XOR
// swizzle that keeps MFMA operand reads free of bank conflicts. K iteration k loads the next tiles
// from global memory into registers, reads its MFMA fragments from slot k & 1 (ds_read_b128 in
// inline asm, retired by an explicit lgkmcnt(0)), multiplies, then writes the loaded tiles into the
// other slot (ds_write_b128 at swizzled addresses) and retires those writes (lgkmcnt(0)) before
// the barrier that ends the iteration. A write instruction covers 16 rows x 4 columns and a
// fragment read 16 rows x 4 columns: by the swizzle each is 16 separate 64-byte ranges of LDS.
//   clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S \
//     -o swizzled.s swizzled.hip
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef float acc4 __attribute__((ext_vector_type(4)));
typedef _Float16 half8 __attribute__((ext_vector_type(8)));

#define ROW 128
#define TILE 8192
#define SLOT (2 * TILE)

// s_waitcnt encoding (gfx9): vmcnt in bits 3:0 and 15:14, expcnt 6:4, lgkmcnt 11:8.
#define LGKMCNT0 0xc07f

__shared__ __attribute__((aligned(1024))) unsigned char lds[2 * SLOT];

// The byte offset in a slot of 16-byte column c of row r (rows 0-63: A, 64-127: B).
static __attribute__((device)) inline unsigned swizzled(unsigned r, unsigned c) {
  return r * ROW + ((c ^ (r & 7)) * 16);
}

// Write i of a wave covers row block q % 8 (16 rows) and column half q / 8 (4 columns), q = 4w + i;
// lane l takes row 16 (q % 8) + l % 16 and column 4 (q / 8) + l / 16.
static __attribute__((device)) inline unsigned row_of(int w, int i, int lane) {
  return ((4 * w + i) % 8) * 16 + lane % 16;
}
static __attribute__((device)) inline unsigned column_of(int w, int i, int lane) {
  return ((4 * w + i) / 8) * 4 + lane / 16;
}

static __attribute__((device)) inline half8 read_fragment(unsigned addr) {
  half8 f;
  asm volatile("ds_read_b128 %0, %1" : "=v"(f) : "v"(addr));
  return f;
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 256)))
void swizzled_gemm(const half8 *AB, float *C, int iters) {
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const int w = __builtin_amdgcn_readfirstlane((int)(tid / 64));
  const int lane = tid % 64;
  acc4 acc = {};
  half8 staged[4];

  // Prologue: the first tiles into slot 0.
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    unsigned r = row_of(w, i, lane), c = column_of(w, i, lane);
    *(half8 *)(lds + swizzled(r, c)) = AB[r * 8 + c];
  }
  __builtin_amdgcn_s_waitcnt(LGKMCNT0);
  __builtin_amdgcn_s_barrier();

  // Wave w multiplies A rows [16w, +16) by B rows 64 + [16w, +16): written by waves 0, 2 (A) and
  // 1, 3 (B), so every fragment crosses waves.
  const unsigned ra = w * 16 + lane % 16, rb = 64 + w * 16 + lane % 16;
  for (int k = 0; k < iters; ++k) {
    const unsigned rd = (unsigned)(unsigned long)(lds + (k & 1) * SLOT);
    unsigned char *wr = lds + ((k + 1) & 1) * SLOT;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      staged[i] = AB[(k + 1) * (SLOT / 16) + row_of(w, i, lane) * 8 + column_of(w, i, lane)];
    }
    half8 a0 = read_fragment(rd + swizzled(ra, lane / 16));
    half8 b0 = read_fragment(rd + swizzled(rb, lane / 16));
    half8 a1 = read_fragment(rd + swizzled(ra, 4 + lane / 16));
    half8 b1 = read_fragment(rd + swizzled(rb, 4 + lane / 16));
    __builtin_amdgcn_s_waitcnt(LGKMCNT0);
    __builtin_amdgcn_sched_barrier(0);
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(a0.lo, b0.lo, acc, 0, 0, 0);
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(a0.hi, b0.hi, acc, 0, 0, 0);
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(a1.lo, b1.lo, acc, 0, 0, 0);
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(a1.hi, b1.hi, acc, 0, 0, 0);
    __builtin_amdgcn_sched_barrier(0);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      *(half8 *)(wr + swizzled(row_of(w, i, lane), column_of(w, i, lane))) = staged[i];
    }
    __builtin_amdgcn_s_waitcnt(LGKMCNT0); // retire: the next iteration reads these writes
    __builtin_amdgcn_s_barrier();
  }
  C[tid * 4 + 0] = acc[0];
  C[tid * 4 + 1] = acc[1];
  C[tid * 4 + 2] = acc[2];
  C[tid * 4 + 3] = acc[3];
}

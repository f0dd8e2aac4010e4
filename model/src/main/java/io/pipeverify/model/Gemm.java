package io.pipeverify.model;

/**
 * The GEMM tile the schedule computes: {@code tileM x tileN} outputs per workgroup, {@code tileK}
 * of K per loop step, in k-chunks of {@code kChunk} (one MFMA's K: 32 for {@code
 * v_mfma_f32_16x16x32_bf16}). bf16 inputs, fp32 accumulation, 16x16 output fragments.
 */
public record Gemm(int tileM, int tileN, int tileK, int kChunk) {
  public static final int FRAGMENT = 16;
  public static final int ELEMENT_BYTES = 2;

  public int kChunks() {
    return tileK / kChunk;
  }

  /** Bytes of one row of an A or B tile (K elements of bf16). */
  public int rowBytes() {
    return tileK * ELEMENT_BYTES;
  }
}

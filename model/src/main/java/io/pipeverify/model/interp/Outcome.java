package io.pipeverify.model.interp;

import java.util.Objects;
import java.util.Optional;

/**
 * What a replay computed, compared with the reference GEMM of the same tile: the outputs that
 * differ beyond fp32 accumulation error (NaN included), how many are NaN, the largest absolute
 * error (NaN when a NaN output exists; {@link #maxAbsError} then covers the finite ones), and the
 * first mismatching element in row-major order with the MFMA that produced it.
 */
public record Outcome(
    int outputs,
    int mismatchCount,
    int nanCount,
    double maxAbsError,
    Optional<Mismatch> firstMismatch) {

  public Outcome {
    Objects.requireNonNull(firstMismatch);
  }

  public boolean matches() {
    return mismatchCount == 0;
  }

  public double mismatchPercent() {
    return outputs == 0 ? 0 : 100.0 * mismatchCount / outputs;
  }

  /**
   * Output element C[row][col], the reference value and the replayed one, the output fragment that
   * holds it ({@code "wave 0 C[0][4]"}, or "none") and the MFMA that produced the error.
   */
  public record Mismatch(
      int row, int col, double expected, float actual, String accumulator, String producer) {
    public Mismatch {
      Objects.requireNonNull(accumulator);
      Objects.requireNonNull(producer);
    }
  }
}

package io.pipeverify.model.interp;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The global A and B tiles of a replay: deterministic pseudo-random bf16 values in [-1, 1), one
 * {@code rows x tileK} tile per tensor and K tile, a function of the seed alone.
 */
public final class Operands {
  private final long seed;
  private final int rowsA;
  private final int rowsB;
  private final int tileK;
  private final Map<String, float[]> tiles = new HashMap<>();

  public Operands(long seed, int rowsA, int rowsB, int tileK) {
    this.seed = seed;
    this.rowsA = rowsA;
    this.rowsB = rowsB;
    this.tileK = tileK;
  }

  /** Row-major {@code rows x tileK} values of K tile {@code kTile} of {@code tensor}. */
  public float[] tile(String tensor, long kTile) {
    return tiles.computeIfAbsent(tensor + "#" + kTile, x -> generate(tensor, kTile));
  }

  /** Element (row, col) of K tile {@code kTile}; NaN outside the tile (a bad row expression). */
  public float get(String tensor, long kTile, long row, int col) {
    int rows = rows(tensor);
    if (row < 0 || row >= rows || col < 0 || col >= tileK) {
      return Float.NaN;
    }
    return tile(tensor, kTile)[(int) row * tileK + col];
  }

  public int rows(String tensor) {
    return tensor.equals("A") ? rowsA : rowsB;
  }

  private float[] generate(String tensor, long kTile) {
    SplittableRandom r =
        new SplittableRandom(seed * 0x9E3779B97F4A7C15L + tensor.hashCode() * 31L + kTile);
    float[] out = new float[rows(tensor) * tileK];
    for (int i = 0; i < out.length; i++) {
      out[i] = bf16((float) (r.nextDouble() * 2 - 1));
    }
    return out;
  }

  /** Rounds to the nearest bf16 (8-bit mantissa), ties to even. */
  static float bf16(float f) {
    int bits = Float.floatToRawIntBits(f);
    bits = (bits + 0x7FFF + ((bits >>> 16) & 1)) & 0xFFFF0000;
    return Float.intBitsToFloat(bits);
  }
}

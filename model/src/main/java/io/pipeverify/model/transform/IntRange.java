package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The values a fuzz campaign draws an int knob from: {@code min..max}, every value or only the
 * powers of two in it. Sizes (waves, tile sizes, stages) are powers of two because the transforms
 * split them evenly over waves, copy instructions and fragments; other values would almost always
 * be invalid combinations and waste tries.
 */
public record IntRange(int min, int max, Step step) {

  /** Which values of the range are drawn. */
  public enum Step {
    EVERY,
    POWERS_OF_TWO
  }

  public IntRange {
    Objects.requireNonNull(step);
    if (min > max || (step == Step.POWERS_OF_TWO && min < 1)) {
      throw new IllegalArgumentException("bad range " + min + ".." + max + " " + step);
    }
  }

  public static IntRange every(int min, int max) {
    return new IntRange(min, max, Step.EVERY);
  }

  public static IntRange powersOfTwo(int min, int max) {
    return new IntRange(min, max, Step.POWERS_OF_TWO);
  }

  /** The values, ascending. */
  public List<Integer> values() {
    List<Integer> out = new ArrayList<>();
    if (step == Step.EVERY) {
      for (int v = min; v <= max; v++) {
        out.add(v);
      }
    } else {
      for (long v = Integer.highestOneBit(min); v <= max; v *= 2) {
        if (v >= min) {
          out.add((int) v);
        }
      }
    }
    return out;
  }

  /** {@code 0..8} or {@code 2..16 (powers of two)}, as {@code pipeverify list} shows it. */
  public String describe() {
    return min + ".." + max + (step == Step.POWERS_OF_TWO ? " (powers of two)" : "");
  }
}

package io.pipeverify.model.interp;

import io.pipeverify.model.TileTag;
import java.util.Map;
import java.util.Objects;

/**
 * Evaluated data identity: rows {@code [rowStart, rowStart + rowCount)} of K tile {@code kTile} of
 * tensor {@code tensor}, k-chunk {@code kChunk} of those rows (-1 for whole rows). What a g2s or
 * gload carries, what a ds_read expects, what a fragment register holds.
 */
public record Fragment(String tensor, long kTile, long rowStart, long rowCount, int kChunk) {
  public static final int WHOLE_ROWS = -1;

  public Fragment {
    Objects.requireNonNull(tensor);
  }

  public static Fragment of(TileTag tag, Map<String, Long> env) {
    return new Fragment(
        tag.tensor(),
        tag.kTile().eval(env),
        tag.rowStart().eval(env),
        tag.rowCount().eval(env),
        tag.kChunk().map(c -> Math.toIntExact(c.eval(env))).orElse(WHOLE_ROWS));
  }

  /** {@code tile A k=3 rows [16, 32) kc1}. */
  public String describe() {
    return "tile "
        + tensor
        + " k="
        + kTile
        + " rows ["
        + rowStart
        + ", "
        + (rowStart + rowCount)
        + ")"
        + (kChunk == WHOLE_ROWS ? "" : " kc" + kChunk);
  }
}

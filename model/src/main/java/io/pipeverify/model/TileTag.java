package io.pipeverify.model;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What data an LDS access or register holds, in GEMM terms: the tensor ({@code A} or {@code B}),
 * the K-tile index (an expression, usually in {@code k} or {@code T}), the rows of that tensor's
 * tile, and the k-chunk of the row when only a part of it is meant (a ds_read of one k-pack); empty
 * for the whole row (a g2s). The verifier compares tags to find wrong versions (P3).
 */
public record TileTag(String tensor, Expr kTile, Expr rowStart, Expr rowCount, OptionalInt kChunk) {

  public TileTag {
    Objects.requireNonNull(tensor);
    Objects.requireNonNull(kTile);
    Objects.requireNonNull(rowStart);
    Objects.requireNonNull(rowCount);
    Objects.requireNonNull(kChunk);
  }

  public static TileTag wholeRows(String tensor, String kTile, String rowStart, long rowCount) {
    return new TileTag(
        tensor, Expr.parse(kTile), Expr.parse(rowStart), Expr.of(rowCount), OptionalInt.empty());
  }

  public TileTag withKChunk(int chunk) {
    return new TileTag(tensor, kTile, rowStart, rowCount, OptionalInt.of(chunk));
  }
}

package io.pipeverify.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What data an LDS access or register holds, in GEMM terms: the tensor ({@code A} or {@code B}),
 * the K-tile index (an expression, usually in {@code k} or {@code T}), the rows of that tensor's
 * tile, and the k-chunk of the row when only a part of it is meant (a ds_read of one k-pack, or an
 * LDS-DMA piece that lands in the k-chunk its wave selects); empty for the whole row (a g2s). The
 * verifier compares tags to find wrong versions (P3).
 *
 * <p>The k-chunk is an expression of {@code w} and wave parameters; {@link WaveSpecialization}
 * folds it to a constant per wave before verification, after which {@link #kChunkIndex} reads it.
 */
public record TileTag(
    String tensor, Expr kTile, Expr rowStart, Expr rowCount, Optional<Expr> kChunk) {

  public TileTag {
    Objects.requireNonNull(tensor);
    Objects.requireNonNull(kTile);
    Objects.requireNonNull(rowStart);
    Objects.requireNonNull(rowCount);
    Objects.requireNonNull(kChunk);
  }

  public static TileTag wholeRows(String tensor, String kTile, String rowStart, long rowCount) {
    return new TileTag(
        tensor, Expr.parse(kTile), Expr.parse(rowStart), Expr.of(rowCount), Optional.empty());
  }

  public TileTag withKChunk(int chunk) {
    return withKChunk(Expr.of(chunk));
  }

  public TileTag withKChunk(Expr chunk) {
    return new TileTag(tensor, kTile, rowStart, rowCount, Optional.of(chunk));
  }

  /**
   * The k-chunk as a number, for a specialized schedule.
   *
   * @throws IllegalStateException when the k-chunk is still an expression of the wave
   */
  public OptionalInt kChunkIndex() {
    if (kChunk.isEmpty()) {
      return OptionalInt.empty();
    }
    if (kChunk.get() instanceof Expr.Const c) {
      return OptionalInt.of(Math.toIntExact(c.value()));
    }
    throw new IllegalStateException(
        "k-chunk " + kChunk.get().render() + " is not specialized to a wave");
  }
}

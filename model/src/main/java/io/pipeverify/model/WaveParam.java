package io.pipeverify.model;

import java.util.Objects;

/** A per-wave parameter such as {@code warp_m = w / 2}, usable in region expressions. */
public record WaveParam(String name, Expr value) {
  public WaveParam {
    Objects.requireNonNull(name);
    Objects.requireNonNull(value);
  }
}

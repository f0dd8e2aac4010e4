package io.pipeverify.model.transform;

import java.util.List;
import java.util.Optional;

/** The built-in transforms, in the order {@code pipeverify list} shows them. */
public final class Transforms {
  private static final List<PipelineTransform<?>> ALL =
      List.of(
          new TileLangPipelined(),
          new Cdna4Interleave(),
          new HipKittens2Step(),
          new TritonStream(),
          new TritonPingpong());

  private Transforms() {}

  public static List<PipelineTransform<?>> all() {
    return ALL;
  }

  public static Optional<PipelineTransform<?>> byName(String name) {
    return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
  }
}

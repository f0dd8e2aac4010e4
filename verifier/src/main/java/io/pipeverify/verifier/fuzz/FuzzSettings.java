package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.verifier.VerifyOptions;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A campaign: the transform, the knobs pinned with {@code --opt}, how many tries, the seed, the
 * shard, an optional time budget (for the tries and the shrinking together), the verification
 * options, how many threads verify, and the compiler each verified configuration's kernel goes
 * through ({@code --compile}).
 */
public record FuzzSettings(
    PipelineTransform<?> transform,
    Map<String, String> pinned,
    int tries,
    long seed,
    Shard shard,
    Optional<Duration> budget,
    VerifyOptions options,
    int threads,
    Optional<CompilerOracle> compiler) {

  public FuzzSettings {
    Objects.requireNonNull(transform);
    pinned = Collections.unmodifiableMap(new TreeMap<>(pinned));
    Objects.requireNonNull(shard);
    Objects.requireNonNull(budget);
    Objects.requireNonNull(options);
    if (tries < 1 || threads < 1) {
      throw new IllegalArgumentException("a campaign needs tries >= 1 and threads >= 1");
    }
    Objects.requireNonNull(compiler);
  }
}

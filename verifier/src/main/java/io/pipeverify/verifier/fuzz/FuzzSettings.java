package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.VerifyOptions;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A campaign: the generator (a built-in transform, possibly through the compiler, or a user's
 * command), the knobs pinned with {@code --opt}, how many tries, the seed, the shard, an optional
 * time budget (for the tries and the shrinking together), the verification options and how many
 * threads verify.
 */
public record FuzzSettings(
    Generator generator,
    Map<String, String> pinned,
    int tries,
    long seed,
    Shard shard,
    Optional<Duration> budget,
    VerifyOptions options,
    int threads) {

  public FuzzSettings {
    Objects.requireNonNull(generator);
    pinned = Collections.unmodifiableMap(new TreeMap<>(pinned));
    Objects.requireNonNull(shard);
    Objects.requireNonNull(budget);
    Objects.requireNonNull(options);
    if (tries < 1 || threads < 1) {
      throw new IllegalArgumentException("a campaign needs tries >= 1 and threads >= 1");
    }
  }
}

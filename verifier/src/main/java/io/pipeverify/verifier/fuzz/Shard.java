package io.pipeverify.verifier.fuzz;

/**
 * Part {@code index} of {@code count} (1-based) of a campaign: the tries whose number modulo count
 * is index - 1. Every try's configuration depends only on the seed and its number, so the shards of
 * a CI matrix together run exactly the tries of the unsharded campaign.
 */
public record Shard(int index, int count) {
  public static final Shard WHOLE = new Shard(1, 1);

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException(
          "a shard is i/n with 1 <= i <= n, got " + index + "/" + count);
    }
  }

  boolean runs(int tryNumber) {
    return tryNumber % count == index - 1;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}

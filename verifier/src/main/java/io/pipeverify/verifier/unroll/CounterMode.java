package io.pipeverify.verifier.unroll;

import java.util.Locale;

/**
 * How a wait retires ops (semantics.md section 2). {@code ORDERED}: ops retire in issue order, so
 * {@code wait N} after c issued ops retires exactly the oldest c-N. {@code UNORDERED}: at least c-N
 * of them retire, which ones unknown (counters shared by out-of-order op kinds).
 */
public enum CounterMode {
  ORDERED,
  UNORDERED;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static CounterMode fromId(String id) {
    for (CounterMode m : values()) {
      if (m.id().equals(id)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown counter mode '" + id + "' (expected ordered or unordered)");
  }
}

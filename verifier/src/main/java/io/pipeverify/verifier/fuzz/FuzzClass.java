package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Violation;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One class of a campaign: its key, how many tries showed it and the first of them, the minimal
 * configuration (the knobs away from their defaults, pinned ones included, in knob order), whether
 * shrinking ran to the end (it stops at the time budget), and one violation of the class in the
 * minimal configuration, as {@code pipeverify verify} reports it there.
 */
public record FuzzClass(
    ClassKey key,
    int tries,
    int firstTry,
    Map<String, String> minimal,
    boolean shrunk,
    Violation example) {

  public FuzzClass {
    Objects.requireNonNull(key);
    minimal = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(minimal));
    Objects.requireNonNull(example);
  }

  /** The minimal knobs sorted by name, for reports that need a stable order. */
  public Map<String, String> minimalSorted() {
    return new TreeMap<>(minimal);
  }
}

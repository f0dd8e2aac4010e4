package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Violation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

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
    minimal = Collections.unmodifiableMap(new LinkedHashMap<>(minimal));
    Objects.requireNonNull(example);
  }
}

package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Violation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One class of a campaign: its key, how many tries showed it and the first of them, the minimal
 * configuration (the knobs away from their defaults, pinned ones included, in knob order), whether
 * shrinking ran to the end (it stops at the time budget), and the first violation of the class's
 * root cause in the minimal configuration and the rules the cause breaks there, as {@code
 * pipeverify verify} reports them (for a compiled kernel, as {@code emit} does); none for a class
 * of compiled kernels that could not be checked, whose key says why.
 */
public record FuzzClass(
    ClassKey key,
    int tries,
    int firstTry,
    Map<String, String> minimal,
    boolean shrunk,
    Optional<Violation> example,
    List<String> rules) {

  public FuzzClass {
    Objects.requireNonNull(key);
    minimal = Collections.unmodifiableMap(new LinkedHashMap<>(minimal));
    Objects.requireNonNull(example);
    rules = List.copyOf(rules);
  }
}

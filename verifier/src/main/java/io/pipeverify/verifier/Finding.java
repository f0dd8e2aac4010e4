package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One root cause and everything put down to it (docs/debugging.md, "Root causes"): the defects
 * ({@code violations}: per property, kind and pair of schedule ops by origin, each one Z3-confirmed
 * representative with its trace) that the same missing ordering makes possible, in the order they
 * were found. The first is the finding's representative (found at the smallest trip count). {@code
 * instances} counts every distinct pair of op instances (wave, section, iteration, position) the
 * happens-before graph found for those defects at the trip counts checked; {@code waves} and {@code
 * iterations} (loop k, sorted) are those they cover, and {@code roles} the wave programs they are
 * in, in schedule order.
 */
public record Finding(
    RootCause cause,
    List<Violation> violations,
    int instances,
    List<Integer> waves,
    List<Integer> iterations,
    List<String> roles) {

  public Finding {
    Objects.requireNonNull(cause);
    violations = List.copyOf(violations);
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("a finding has at least one violation");
    }
    if (instances < violations.size()) {
      throw new IllegalArgumentException(
          "a finding has an instance per violation at least, got " + instances);
    }
    waves = List.copyOf(waves);
    iterations = List.copyOf(iterations);
    roles = List.copyOf(roles);
  }

  /** The violation whose trace the finding shows: the first found. */
  public Violation representative() {
    return violations.get(0);
  }

  /** The rules the cause breaks, {@code P1 RAW}, {@code P2 UNINITIALIZED}, each once, in order. */
  public List<String> rules() {
    Set<String> rules = new LinkedHashSet<>();
    for (Violation v : violations) {
      rules.add(v.property() + " " + v.kind());
    }
    return List.copyOf(rules);
  }

  /**
   * The places of the ops involved (assembly lines, stages, JSON pointers), each once, in order.
   */
  public List<String> origins() {
    Set<String> origins = new LinkedHashSet<>();
    for (Violation v : violations) {
      for (OpRef op : v.ops()) {
        origins.add(op.origin());
      }
    }
    return List.copyOf(origins);
  }

  /** The roles (wave programs) running any of {@code waves}, in the schedule's order. */
  public static List<String> roles(Schedule schedule, Set<Integer> waves) {
    List<String> roles = new ArrayList<>();
    for (WaveProgram p : schedule.programs()) {
      if (p.waves().stream().anyMatch(waves::contains)) {
        roles.add(p.role());
      }
    }
    return roles;
  }
}

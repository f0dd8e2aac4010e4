package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One defect: the violations of the same property and kind between the same pair of schedule ops
 * (by origin: section and stage, or position when the op has no stage; op kind and buffer), in
 * whatever waves, loop iterations and roles they occur. Z3 confirms the {@code representative} (the
 * first instance found, at the smallest trip count); {@code instances} counts every distinct pair
 * of op instances (wave, section, iteration, position) the happens-before graph found for the
 * defect at the trip counts checked, {@code waves} and {@code iterations} (loop k, sorted) are
 * those they cover, and {@code roles} the wave programs they are in, in schedule order.
 */
public record Finding(
    Violation representative,
    int instances,
    List<Integer> waves,
    List<Integer> iterations,
    List<String> roles) {

  public Finding {
    Objects.requireNonNull(representative);
    if (instances < 1) {
      throw new IllegalArgumentException("a finding has at least one instance, got " + instances);
    }
    waves = List.copyOf(waves);
    iterations = List.copyOf(iterations);
    roles = List.copyOf(roles);
  }

  /** A finding seen once: the waves, iterations and roles of its representative's ops. */
  public static Finding single(Schedule schedule, Violation v) {
    Set<Integer> waves = new TreeSet<>();
    Set<Integer> iterations = new TreeSet<>();
    for (OpRef op : v.ops()) {
      waves.add(op.wave());
      if (op.iteration() >= 0) {
        iterations.add(op.iteration());
      }
    }
    return new Finding(v, 1, List.copyOf(waves), List.copyOf(iterations), roles(schedule, waves));
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

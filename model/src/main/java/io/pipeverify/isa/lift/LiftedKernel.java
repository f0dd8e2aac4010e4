package io.pipeverify.isa.lift;

import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Objects;

/**
 * A kernel lifted for every launch the given arguments allow (docs/isa.md, "Unknown values"): one
 * schedule per launch class (a way the branches on unknown values go, and a class of K-loop trip
 * counts), and what they cover together ({@code every trip count; every value of Kdim, splitk;
 * every workgroup}).
 */
public record LiftedKernel(String kernel, List<LaunchClass> classes, String covers) {
  public LiftedKernel {
    Objects.requireNonNull(kernel);
    classes = List.copyOf(classes);
    Objects.requireNonNull(covers);
  }

  /** One launch class: which way its branches go and its trip counts, and its schedule. */
  public record LaunchClass(String description, Schedule schedule) {
    public LaunchClass {
      Objects.requireNonNull(description);
      Objects.requireNonNull(schedule);
    }
  }
}

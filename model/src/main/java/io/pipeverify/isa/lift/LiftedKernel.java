package io.pipeverify.isa.lift;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The same kernel lifted from another file of the same text ({@code from} renamed {@code to}) for
   * {@code target}: what the lift gives for that file, since the lift reads the target only into
   * the schedules and the file only into origins and the branch lines of the descriptions.
   */
  public LiftedKernel inFile(String from, String to, Target target) {
    Map<Op, Op> relocated = new IdentityHashMap<>();
    List<LaunchClass> moved = new ArrayList<>();
    for (LaunchClass c : classes) {
      moved.add(
          new LaunchClass(
              c.description().replace(from + ":", to + ":"),
              c.schedule()
                  .mapOps(op -> relocated.computeIfAbsent(op, o -> o.inFile(to)))
                  .withModel(target, c.schedule().implicitWaits())));
    }
    return new LiftedKernel(kernel, moved, covers);
  }

  /** One launch class: which way its branches go and its trip counts, and its schedule. */
  public record LaunchClass(String description, Schedule schedule) {
    public LaunchClass {
      Objects.requireNonNull(description);
      Objects.requireNonNull(schedule);
    }
  }
}

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
public record LiftedKernel(
    String kernel,
    List<LaunchClass> classes,
    String covers,
    List<Uncovered> uncovered,
    long reach) {
  public LiftedKernel {
    Objects.requireNonNull(kernel);
    classes = List.copyOf(classes);
    Objects.requireNonNull(covers);
    uncovered = List.copyOf(uncovered);
  }

  /** A kernel every launch of which the lift followed. */
  public LiftedKernel(String kernel, List<LaunchClass> classes, String covers) {
    this(kernel, classes, covers, List.of(), Long.MAX_VALUE);
  }

  /**
   * The same with the launches it could not follow; {@code reach} (last component): how far its LDS
   * accesses reach ({@code WaveEvaluator#reach}): the lift is the same for a target whose LDS is at
   * least that large ({@link Long#MAX_VALUE}: for its own target only).
   */
  public LiftedKernel(
      String kernel, List<LaunchClass> classes, String covers, List<Uncovered> uncovered) {
    this(kernel, classes, covers, uncovered, Long.MAX_VALUE);
  }

  /**
   * Launches the lift could not follow, and why: {@code condition} says which way the branches on
   * unknown values go for them (the decisions made so far; empty for every launch), {@code reason}
   * what stopped the lift there (an LDS address of an unknown value on that path, the limit of
   * launch classes explored). The classes followed still get their verdicts.
   */
  public record Uncovered(String condition, String reason) {
    public Uncovered {
      Objects.requireNonNull(condition);
      Objects.requireNonNull(reason);
    }

    /** {@code condition: reason}, or the reason alone for every launch. */
    public String text() {
      return condition.isEmpty() ? reason : condition + ": " + reason;
    }
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
    List<Uncovered> movedUncovered = new ArrayList<>();
    for (Uncovered u : uncovered) {
      movedUncovered.add(
          new Uncovered(
              u.condition().replace(from + ":", to + ":"),
              u.reason().replace(from + ":", to + ":")));
    }
    return new LiftedKernel(kernel, moved, covers, movedUncovered, reach);
  }

  /** One launch class: which way its branches go and its trip counts, and its schedule. */
  public record LaunchClass(String description, Schedule schedule) {
    public LaunchClass {
      Objects.requireNonNull(description);
      Objects.requireNonNull(schedule);
    }
  }
}

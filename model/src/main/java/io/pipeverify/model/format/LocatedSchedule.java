package io.pipeverify.model.format;

import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A schedule read from a file together with where every JSON value of the file starts, keyed by
 * JSON pointer ({@code /programs/0/loop/12}), so reports can point back into the file (SARIF
 * regions, GitHub annotations).
 */
public record LocatedSchedule(
    Schedule schedule,
    String file,
    Map<String, SourcePosition> positions,
    List<String> assumptions) {

  public LocatedSchedule {
    Objects.requireNonNull(schedule);
    Objects.requireNonNull(file);
    positions = Map.copyOf(positions);
    assumptions = List.copyOf(assumptions);
  }

  /** A schedule that states no timing assumption. */
  public LocatedSchedule(Schedule schedule, String file, Map<String, SourcePosition> positions) {
    this(schedule, file, positions, List.of());
  }

  /** The position of the value at {@code pointer}, if the file has that value. */
  public Optional<SourcePosition> position(String pointer) {
    return Optional.ofNullable(positions.get(pointer));
  }
}

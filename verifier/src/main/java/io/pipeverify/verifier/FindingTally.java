package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.unroll.Instance;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The instances of one defect found so far, from its confirmed representative on. An instance is a
 * pair of op instances by place (wave, section, iteration, position), so the same pair unrolled at
 * several trip counts counts once. Violations of the whole schedule (P6, P7) have no graph
 * instances: their finding is their representative alone.
 */
final class FindingTally {
  private record Place(int wave, Section section, int iteration, int position, boolean implicit) {
    static Place of(Instance i) {
      return new Place(i.wave(), i.section(), i.iteration(), i.position(), i.implicit());
    }

    // Written out: a record's generated methods run through method handles, slow in a cold start
    // (docs/PERFORMANCE.md, "Cold start").
    @Override
    public boolean equals(Object o) {
      return o instanceof Place p
          && wave == p.wave
          && section == p.section
          && iteration == p.iteration
          && position == p.position
          && implicit == p.implicit;
    }

    @Override
    public int hashCode() {
      return (((wave * 31 + section.ordinal()) * 31 + iteration) * 31 + position) * 2
          + (implicit ? 1 : 0);
    }
  }

  private final Violation representative;
  private final Set<List<Place>> instances = new HashSet<>();
  private final Set<Integer> waves = new TreeSet<>();
  private final Set<Integer> iterations = new TreeSet<>();

  FindingTally(Violation representative) {
    this.representative = representative;
  }

  /** Counts the graph's finding of {@code first} and {@code second} (absent for P2). */
  void add(Instance first, Optional<Instance> second) {
    Place a = Place.of(first);
    instances.add(second.map(b -> List.of(a, Place.of(b))).orElse(List.of(a)));
    note(first);
    second.ifPresent(this::note);
  }

  private void note(Instance i) {
    waves.add(i.wave());
    if (i.iteration() >= 0) {
      iterations.add(i.iteration());
    }
  }

  Finding finding(Schedule schedule) {
    if (instances.isEmpty()) {
      return Finding.single(schedule, representative);
    }
    return new Finding(
        representative,
        instances.size(),
        List.copyOf(waves),
        List.copyOf(iterations),
        Finding.roles(schedule, waves));
  }
}

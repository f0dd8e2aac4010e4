package io.pipeverify.verifier;

import io.pipeverify.model.Section;
import io.pipeverify.verifier.unroll.Instance;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The instances of one defect found so far, from its confirmed representative on, and the root
 * causes its representative can be put down to ({@link CauseCandidates}). An instance is a pair of
 * op instances by place (wave, section, iteration, position), so the same pair unrolled at several
 * trip counts counts once. Violations of the whole schedule (P6, P7) have no graph instances: their
 * representative alone is the defect. {@link RootCauses} groups the defects into findings.
 */
final class FindingTally {
  /** Where an op instance is, as instances are counted: the same at every trip count. */
  record Place(int wave, Section section, int iteration, int position, boolean implicit) {
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

  /** By key: the first instance's wording, the smallest distance of any instance. */
  private final Map<String, CauseCandidates.Candidate> candidates = new LinkedHashMap<>();

  private final Set<List<Place>> instances = new HashSet<>();
  private final Set<Integer> waves = new TreeSet<>();
  private final Set<Integer> iterations = new TreeSet<>();

  FindingTally(Violation representative, List<CauseCandidates.Candidate> candidates) {
    this.representative = representative;
    merge(candidates);
  }

  /** Counts the graph's finding of {@code first} and {@code second} (absent for P2). */
  void add(Instance first, Optional<Instance> second, List<CauseCandidates.Candidate> causes) {
    add(first, second);
    merge(causes);
  }

  /** The instance's candidate causes: a defect can be put down to any of its instances' causes. */
  private void merge(List<CauseCandidates.Candidate> causes) {
    for (CauseCandidates.Candidate c : causes) {
      candidates.merge(
          c.key(), c, (old, now) -> old.distance() <= now.distance() ? old : now.wordedAs(old));
    }
  }

  private void add(Instance first, Optional<Instance> second) {
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

  Violation representative() {
    return representative;
  }

  Collection<CauseCandidates.Candidate> candidates() {
    return candidates.values();
  }

  /** The defect's instances; one for a violation of the whole schedule. */
  int instances() {
    return Math.max(1, instances.size());
  }

  /** The waves and loop iterations of the instances (of the representative's ops, if none). */
  void addPlaces(Set<Integer> intoWaves, Set<Integer> intoIterations) {
    if (instances.isEmpty()) {
      for (OpRef op : representative.ops()) {
        intoWaves.add(op.wave());
        if (op.iteration() >= 0) {
          intoIterations.add(op.iteration());
        }
      }
      return;
    }
    intoWaves.addAll(waves);
    intoIterations.addAll(iterations);
  }
}

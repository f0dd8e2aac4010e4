package io.pipeverify.verifier.smt;

import java.util.List;

/**
 * Event times as integers: {@code names[i]} is event i's SMT name; each {@code before} edge says
 * t(from) < t(to); each {@link AtMostLate} says that of the listed events at most {@code allowed}
 * happen at or after {@code release} (the unordered counter rule of semantics.md section 2).
 */
public record TimingProblem(List<String> names, List<Order> before, List<AtMostLate> atMostLate) {

  public TimingProblem {
    names = List.copyOf(names);
    before = List.copyOf(before);
    atMostLate = List.copyOf(atMostLate);
  }

  /** t(first) < t(second). */
  public record Order(int first, int second) {}

  /** At most {@code allowed} of {@code events} are not strictly before {@code release}. */
  public record AtMostLate(int release, List<Integer> events, int allowed) {
    public AtMostLate {
      events = List.copyOf(events);
    }
  }
}

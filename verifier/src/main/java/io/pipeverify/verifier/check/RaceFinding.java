package io.pipeverify.verifier.check;

import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A violation the graph found, before Z3 confirms it: {@code first} is the op that should happen
 * first ({@code second} the one that should follow; absent for P2 and P7), and {@code badOrder} the
 * event orders that realise the violation, for which Z3 must find a model. {@code alternatives} are
 * other sets of orders that realise the same violation (a stale write clobbering the write of
 * another needed writer): with every wait a strict order (the ordered counter mode) the graph
 * decides them all and the first has a model; in the unordered mode a wait of N > 0 is a
 * cardinality constraint the graph does not see, and Z3 may refute one and accept the next. {@code
 * key} identifies the violation independently of wave, iteration and trip count, so one report
 * lists each mistake once. {@code raceClass}: for a P1 race, whether its ops are ordered at issue
 * through a barrier ({@link RaceClass#IN_FLIGHT}) or not at all; empty for P2.
 */
public record RaceFinding(
    Property property,
    ViolationKind kind,
    Instance first,
    Optional<Instance> second,
    List<TimingProblem.Order> badOrder,
    List<List<TimingProblem.Order>> alternatives,
    String key,
    Optional<RaceClass> raceClass)
    implements DefectInstance {

  public RaceFinding {
    badOrder = List.copyOf(badOrder);
    alternatives = alternatives.stream().map(List::copyOf).toList();
    Objects.requireNonNull(raceClass);
  }

  /** A finding not yet classified ({@link #classified}). */
  public RaceFinding(
      Property property,
      ViolationKind kind,
      Instance first,
      Optional<Instance> second,
      List<TimingProblem.Order> badOrder,
      List<List<TimingProblem.Order>> alternatives,
      String key) {
    this(property, kind, first, second, badOrder, alternatives, key, Optional.empty());
  }

  /** A violation realised by one set of orders. */
  public RaceFinding(
      Property property,
      ViolationKind kind,
      Instance first,
      Optional<Instance> second,
      List<TimingProblem.Order> badOrder,
      String key) {
    this(property, kind, first, second, badOrder, List.of(), key);
  }

  /** Every set of orders that realises the violation: {@link #badOrder}, then the alternatives. */
  public List<List<TimingProblem.Order>> badOrders() {
    List<List<TimingProblem.Order>> out = new ArrayList<>();
    out.add(badOrder);
    out.addAll(alternatives);
    return out;
  }

  /** The same violation realised by {@code orders}, one of {@link #badOrders}. */
  public RaceFinding realisedBy(List<TimingProblem.Order> orders) {
    return new RaceFinding(property, kind, first, second, orders, List.of(), key, raceClass);
  }

  /**
   * The same race of class {@code c}; an in-flight race is a defect of its own (its key says so),
   * apart from unordered instances of the same two ops.
   */
  public RaceFinding classified(RaceClass c) {
    String k = c == RaceClass.IN_FLIGHT ? key + "|in-flight" : key;
    return new RaceFinding(
        property, kind, first, second, badOrder, alternatives, k, Optional.of(c));
  }
}

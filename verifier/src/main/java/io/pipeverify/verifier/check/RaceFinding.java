package io.pipeverify.verifier.check;

import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Instance;
import java.util.List;
import java.util.Optional;

/**
 * A violation the graph found, before Z3 confirms it: {@code first} is the op that should happen
 * first ({@code second} the one that should follow; absent for P2 and P7), and {@code badOrder} the
 * event orders that realise the violation, for which Z3 must find a model. {@code key} identifies
 * the violation independently of wave, iteration and trip count, so one report lists each mistake
 * once.
 */
public record RaceFinding(
    Property property,
    ViolationKind kind,
    Instance first,
    Optional<Instance> second,
    List<TimingProblem.Order> badOrder,
    String key) {

  public RaceFinding {
    badOrder = List.copyOf(badOrder);
  }
}

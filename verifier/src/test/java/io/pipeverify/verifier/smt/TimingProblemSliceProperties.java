package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingProblem#slice} is equisatisfiable with the whole problem (proofs/witness-slice.md):
 * Z3 gives the same answer on random orders (a DAG, as the graph encodes) plus random extra orders,
 * and the slice of a consistent extra order is small.
 */
class TimingProblemSliceProperties {

  private static TimingProblem randomDag(Random random, int n, int edges) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add("t" + i);
    }
    List<TimingProblem.Order> before = new ArrayList<>();
    for (int e = 0; e < edges; e++) {
      int a = random.nextInt(n - 1);
      int b = a + 1 + random.nextInt(n - 1 - a);
      before.add(new TimingProblem.Order(a, b));
    }
    return new TimingProblem(names, before, List.of());
  }

  private static boolean sat(TimingProblem p, List<TimingProblem.Order> extra) {
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(10))) {
      z3.load(p);
      return z3.findWith(extra) instanceof SolverOutcome.Sat;
    }
  }

  @Property(tries = 60)
  void sliceAndWholeProblemAgree(
      @ForAll @IntRange(min = 2, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 60) int edges,
      @ForAll @IntRange(min = 1, max = 3) int extras,
      @ForAll long seed) {
    Random random = new Random(seed);
    TimingProblem p = randomDag(random, n, edges);
    List<TimingProblem.Order> extra = new ArrayList<>();
    for (int i = 0; i < extras; i++) {
      extra.add(new TimingProblem.Order(random.nextInt(n), random.nextInt(n)));
    }
    TimingProblem slice = p.slice(extra);
    assertEquals(sat(p, extra), sat(slice, extra), () -> p + " with " + extra);
    assertTrue(p.before().containsAll(slice.before()));
  }

  @Test
  void sliceKeepsOnlyTheOrdersOnACycleThroughTheExtraOrder() {
    // 0 < 1 < 2 < 3 and 4 < 5: "3 before 1" can only clash with 1 < 2 < 3.
    TimingProblem p =
        new TimingProblem(
            List.of("a", "b", "c", "d", "e", "f"),
            List.of(
                new TimingProblem.Order(0, 1),
                new TimingProblem.Order(1, 2),
                new TimingProblem.Order(2, 3),
                new TimingProblem.Order(4, 5)),
            List.of());
    List<TimingProblem.Order> extra = List.of(new TimingProblem.Order(3, 1));
    assertEquals(
        List.of(new TimingProblem.Order(1, 2), new TimingProblem.Order(2, 3)),
        p.slice(extra).before());
    assertFalse(sat(p.slice(extra), extra), "the slice keeps the contradiction");
    assertEquals(List.of(), p.slice(List.of(new TimingProblem.Order(1, 3))).before());
  }
}

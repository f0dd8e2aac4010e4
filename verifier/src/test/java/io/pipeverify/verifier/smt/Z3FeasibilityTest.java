package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.lift.TripCounts;
import io.pipeverify.isa.semantics.Symbols;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Combinations of branch decisions over one unknown, as aiter's MLA kernels make them ({@code x <
 * 1} at one branch, {@code (x & 1) == 1} at a later one): Z3 proves the impossible ones, and terms
 * it does not model never prune.
 */
class Z3FeasibilityTest {
  private final Symbols sym = new Symbols();
  private final long x = sym.leaf("x");
  private final long below1 = sym.of("s_cmp_lt_u32", x, 1);
  private final long odd = sym.of("s_cmp_eq_b32", sym.of("s_and_b32", x, 1), 1);

  @Test
  void anEmptyValueCannotBeOdd() {
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertFalse(f.mayHold(sym, Map.of(below1, true, odd, true)), "x < 1 means x = 0: even");
      assertTrue(f.mayHold(sym, Map.of(below1, true, odd, false)));
      assertTrue(f.mayHold(sym, Map.of(below1, false, odd, true)), "x = 1");
      assertEquals(3, f.queries());
      assertEquals(1, f.proved());
    }
  }

  /**
   * Decisions over values that share no leaf are decided group by group, each group once per lift:
   * a class's decisions on the K loop's count and on the epilogue's output format are independent,
   * and the classes of a kernel repeat them.
   */
  @Test
  void independentGroupsOfDecisionsAreDecidedOnceEach() {
    long y = sym.leaf("y");
    long yBig = sym.of("s_cmp_gt_u32", y, 100);
    long yEven = sym.of("s_cmp_eq_b32", sym.of("s_and_b32", y, 1), 0);
    TripCounts counts = new TripCounts("s_cmp_lt_u32", true, 1, 1, x, true, 0, 1);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      // x's group is impossible whatever y's does.
      assertFalse(f.mayHold(sym, inOrder(yBig, true, below1, true, odd, true)));
      assertEquals(2, f.solved(), "y's group and x's group");
      assertTrue(f.mayHold(sym, inOrder(yBig, true, below1, true, odd, false)));
      assertEquals(3, f.solved(), "y's group known, x's new one");
      // The trip count's facts join x's group (its bound is x): even steps and odd x exclude each
      // other; y's pair is a group of its own.
      assertFalse(
          f.mayHoldAtSomeCount(
              sym, inOrder(yBig, true, yEven, true, odd, true), counts.withClass(0, 2)));
      assertEquals(5, f.solved(), "y's pair, a new group; x's with the count, which stops it");
      assertTrue(f.mayHoldAtSomeCount(sym, inOrder(yBig, true, odd, true), counts.withClass(1, 2)));
      assertEquals(6, f.solved(), "y's group known, x's with another class new");
      assertEquals(4, f.queries());
      assertEquals(2, f.proved());
    }
  }

  @Test
  void aQueryAKeptModelSatisfiesIsAnsweredWithoutSolving() {
    long belowTen = sym.of("s_cmp_lt_u32", x, 10);
    long belowHundred = sym.of("s_cmp_lt_u32", x, 100);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertTrue(f.mayHold(sym, Map.of(belowTen, true)));
      assertEquals(0, f.witnessed());
      // Every x below 10 is below 100: the first query's model satisfies the second.
      assertTrue(f.mayHold(sym, inOrder(belowTen, true, belowHundred, true)));
      assertEquals(1, f.witnessed());
      // Below 10 and not below 100: no model satisfies it, Z3 proves it impossible.
      assertFalse(f.mayHold(sym, inOrder(belowTen, true, belowHundred, false)));
      assertEquals(1, f.witnessed());
      assertEquals(1, f.proved());
    }
  }

  @Test
  void aSetOfValuesKeepsTheLeafAmongThem() {
    long x0 = sym.of("s_cmp_lt_u32", x, 1);
    long x3 = sym.of("s_cmp_eq_u32", x, 3);
    long x4 = sym.of("s_cmp_eq_u32", x, 4);
    try (Z3Feasibility f =
        new Z3Feasibility(Duration.ofSeconds(10), Map.of("x", new long[] {0, 0, 4, 4}))) {
      assertTrue(f.mayHold(sym, Map.of(x0, true)), "x = 0");
      assertTrue(f.mayHold(sym, Map.of(x4, true)), "x = 4");
      assertFalse(f.mayHold(sym, Map.of(x3, true)), "3 is not in {0, 4}");
      assertFalse(f.mayHold(sym, inOrder(x0, false, x4, false)), "neither 0 nor 4");
    }
  }

  /** Decisions in the order given (the lift's are in the order made): key, truth, key, truth... */
  private static Map<Long, Boolean> inOrder(Object... keysAndTruths) {
    Map<Long, Boolean> m = new java.util.LinkedHashMap<>();
    for (int k = 0; k < keysAndTruths.length; k += 2) {
      m.put((Long) keysAndTruths[k], (Boolean) keysAndTruths[k + 1]);
    }
    return m;
  }

  @Test
  void aSelectAndACarryAreModelled() {
    // y = (x < 5) ? 0 : 1; y + 3 < 3 never holds without wrapping: it cannot.
    long y = sym.of("s_cselect_b32", 0, 1, sym.of("s_cmp_lt_u32", x, 5));
    long wraps = sym.of("s_cmp_lt_u32", sym.of("s_add_u32", y, 3), 3);
    long carry = sym.of("s_add_u32#scc", x, 0xFFFFFFFFL);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertFalse(f.mayHold(sym, Map.of(wraps, true, below1, true)));
      // x + 0xffffffff carries out for every x but 0.
      assertFalse(f.mayHold(sym, Map.of(carry, true, below1, true)));
      assertTrue(f.mayHold(sym, Map.of(carry, false, below1, true)));
    }
  }

  /**
   * A loop on {@code s_cmp_lt_u32 k + 1, x} runs x steps (x >= 1): an even number of steps and an
   * odd x exclude each other, an odd number and an odd x do not.
   */
  @Test
  void aClassOfTripCountsIsTiedToTheValueTheLoopCounts() {
    TripCounts counts = new TripCounts("s_cmp_lt_u32", true, 1, 1, x, true, 0, 1);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertFalse(f.mayHoldAtSomeCount(sym, Map.of(odd, true), counts.withClass(0, 2)));
      assertTrue(f.mayHoldAtSomeCount(sym, Map.of(odd, true), counts.withClass(1, 2)));
      assertTrue(f.mayHoldAtSomeCount(sym, Map.of(odd, false), counts.withClass(0, 2)));
    }
  }

  /**
   * aiter's fmha forward fp8 kernel: a main loop that runs only when {@code x & ~127 > 0}, then a
   * tail loop whose counter starts at 128 and moves by 128 while it stays below x. A launch that
   * skips the main loop (x < 128) leaves the tail loop at its first compare: no class of 3, 5, ...
   * tail steps. Z3 found one when only the last two steps were constrained, with a counter that
   * wraps around 2^32 (n = 2^28 + 1, x = 64); the first step's compare rules it out.
   */
  @Test
  void aCounterThatWouldWrapDoesNotMakeAClassOfNoLaunch() {
    long mainRuns = sym.of("s_cmp_lt_i32", 0, sym.of("s_and_b32", x, 0xFFFFFF80L));
    TripCounts tail = new TripCounts("s_cmp_lt_i32", true, 128, 128, x, true, 1, 2);
    TripCounts fromZero = new TripCounts("s_cmp_lt_i32", true, 0, 128, x, true, 2, 2);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertFalse(f.mayHoldAtSomeCount(sym, Map.of(mainRuns, false), tail));
      assertTrue(f.mayHoldAtSomeCount(sym, Map.of(mainRuns, true), tail), "x = 512: 3 steps");
      // From 0, the counter stays at step 0 for any x >= 1: only the wrap is left to rule out.
      assertFalse(f.mayHoldAtSomeCount(sym, Map.of(mainRuns, false), fromZero));
    }
  }

  /**
   * A counter that does wrap in a real launch keeps its class: from 0 in steps of 3 below x = 2^31
   * - 1, the counter passes 2^31 - 1 (a signed wrap) and leaves only when 3j = 2^31 - 1 mod 2^32,
   * at j = 3579139413: an even number of steps, never an odd one.
   */
  @Test
  void aCounterThatWrapsInARealLaunchKeepsItsClass() {
    long top = sym.of("s_cmp_lt_i32", 2147483646L, x);
    TripCounts threes = new TripCounts("s_cmp_lt_i32", true, 0, 3, x, true, 0, 2);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertTrue(f.mayHoldAtSomeCount(sym, Map.of(top, true), threes.withClass(0, 2)));
      assertFalse(f.mayHoldAtSomeCount(sym, Map.of(top, true), threes.withClass(1, 2)));
    }
  }

  /** A range stated with --arg bounds the leaf's signed value in every query. */
  @Test
  void anArgumentsRangeIsAsserted() {
    long negative = sym.of("s_cmp_lt_i32", x, 0);
    try (Z3Feasibility any = new Z3Feasibility(Duration.ofSeconds(10));
        Z3Feasibility positive =
            new Z3Feasibility(
                Duration.ofSeconds(10), Map.of("x", new long[] {1, Long.MAX_VALUE}))) {
      assertTrue(any.mayHold(sym, Map.of(negative, true, odd, true)));
      assertFalse(positive.mayHold(sym, Map.of(negative, true, odd, true)));
      assertFalse(positive.mayHold(sym, Map.of(below1, true, odd, false)), "x >= 1: not below 1");
    }
  }

  /**
   * {@code s_cmpk_*} compares are compares: {@code x != 0} and {@code x == 0} exclude each other.
   */
  @Test
  void anSopkCompareIsACompare() {
    long zero = sym.of("s_cmp_eq_b32", x, 0);
    long notZero = sym.of("s_cmpk_lg_u32", x, 0);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertFalse(f.mayHold(sym, Map.of(zero, true, notZero, true)));
      assertTrue(f.mayHold(sym, Map.of(zero, false, notZero, true)));
    }
  }

  @Test
  void anOperationNotModelledIsAFreeValueThatNeverPrunes() {
    // A load of x's address could hold anything: no decision on it excludes another.
    long loaded = sym.of("load", x, 0, 16, 0);
    long c1 = sym.of("s_cmp_lt_u32", loaded, 1);
    long c2 = sym.of("s_cmp_eq_b32", sym.of("s_bfe_u32", loaded, 0x10000), 1);
    try (Z3Feasibility f = new Z3Feasibility(Duration.ofSeconds(10))) {
      assertTrue(f.mayHold(sym, Map.of(c1, true, c2, true)));
      assertFalse(
          f.mayHold(sym, Map.of(c1, true, sym.not(c1), true)),
          "a condition and its negation, whatever the condition is");
    }
  }
}

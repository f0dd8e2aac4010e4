package io.pipeverify.isa.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A branch on a compare of an argument with a constant, decided by the argument's range ({@code
 * --arg Kdim>=192}) when every value of the range decides it alike, and only then.
 */
class SymbolsRangeTest {
  private final Symbols symbols = new Symbols();
  private final long kdim = symbols.leaf("Kdim");

  private Optional<Boolean> decide(String op, long a, long b, long min, long max) {
    return symbols.decide(symbols.of(op, a, b), Map.of("Kdim", new long[] {min, max}));
  }

  @Test
  void aRangeOnOneSideOfTheConstantDecidesTheCompare() {
    // Kdim >= 192: Kdim < 192 is false, 191 < Kdim true (the constant first), Kdim > 191 true.
    assertEquals(Optional.of(false), decide("s_cmp_lt_i32", kdim, 192, 192, Long.MAX_VALUE));
    assertEquals(Optional.of(true), decide("s_cmpk_lt_i32", 191, kdim, 192, Long.MAX_VALUE));
    assertEquals(Optional.of(true), decide("s_cmpk_gt_i32", kdim, 0xbf, 192, Long.MAX_VALUE));
    assertEquals(Optional.of(true), decide("s_cmp_le_u32", kdim, 8192, 64, 8192));
  }

  @Test
  void aRangeAcrossTheConstantDecidesNothing() {
    assertEquals(Optional.empty(), decide("s_cmp_lt_i32", kdim, 192, 64, 8192));
    assertEquals(Optional.empty(), decide("s_cmp_eq_u32", kdim, 100, 64, 8192));
  }

  @Test
  void equalityIsDecidedOnlyOutsideTheRangeOrForOneValue() {
    assertEquals(Optional.of(false), decide("s_cmp_eq_u32", kdim, 0, 64, 8192));
    assertEquals(Optional.of(true), decide("s_cmp_lg_u32", kdim, 0, 64, 8192));
    assertEquals(Optional.of(true), decide("s_cmp_eq_b32", kdim, 64, 64, 64));
  }

  @Test
  void aSetOfValuesDecidesACompareEveryValueDecidesAlike() {
    // --arg biasType=0,4: {0, 0, 4, 4}.
    Map<String, long[]> set = Map.of("Kdim", new long[] {0, 0, 4, 4});
    assertEquals(
        Optional.of(false), symbols.decide(symbols.of("s_cmpk_eq_u32", kdim, 7), set), "not 7");
    assertEquals(
        Optional.of(true), symbols.decide(symbols.of("s_cmp_lt_u32", kdim, 5), set), "below 5");
    // Between the values: no value is 2, though the set's hull holds it.
    assertEquals(Optional.of(false), symbols.decide(symbols.of("s_cmp_eq_u32", kdim, 2), set));
    assertEquals(Optional.empty(), symbols.decide(symbols.of("s_cmpk_lg_u32", kdim, 0), set));
    assertEquals(Optional.empty(), symbols.decide(symbols.of("s_cmp_lt_u32", kdim, 3), set));
  }

  @Test
  void anUnsignedCompareOfARangeWithNegativeValuesIsNotDecided() {
    assertEquals(Optional.empty(), decide("s_cmp_lt_u32", kdim, 1, Long.MIN_VALUE, -1));
  }

  @Test
  void otherTermsAndLeavesWithoutARangeAreNotDecided() {
    long other = symbols.leaf("splitk");
    assertEquals(Optional.empty(), decide("s_cmp_lt_i32", other, 1, 192, Long.MAX_VALUE));
    long shifted = symbols.of("s_lshr_b32", kdim, 6);
    assertEquals(Optional.empty(), decide("s_cmp_lt_i32", shifted, 1, 192, Long.MAX_VALUE));
    assertEquals(Optional.empty(), decide("s_add_u32", kdim, 1, 192, Long.MAX_VALUE));
  }
}

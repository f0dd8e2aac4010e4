package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.unroll.CounterMode;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * proofs/cutoff.md, tested: the verdict of {@link Verifier#verify} (T = 1..cutoff) equals the
 * verdict of a deep unroll (T = 1..16, or further when the cutoff exceeds 16).
 */
class CutoffProperties {

  /** The deep unroll's trip counts: 1..16, and always a full period beyond the cutoff. */
  static List<Integer> deep(Schedule s) {
    int last = (int) Math.max(16, Verifier.cutoff(s) + s.period());
    List<Integer> trips = new ArrayList<>();
    for (int t = 1; t <= last; t++) {
      trips.add(t);
    }
    return trips;
  }

  static void assertCutoffAgrees(Schedule s, CounterMode mode) {
    VerifyOptions o = VerifyOptions.defaults().withCounters(mode);
    VerificationReport cut = Verifier.verify(s, o);
    VerificationReport full = Verifier.verifyTripCounts(s, o, deep(s));
    // A deep unroll may time out in Z3 at a large T; it still counts as violated when it found a
    // (Z3-confirmed) violation before, and cannot be compared when it found none.
    Assume.that(!(outcome(full).equals("inconclusive")));
    assertEquals(
        outcome(full),
        outcome(cut),
        () ->
            "cutoff T = 1.."
                + Verifier.cutoff(s)
                + " disagrees with T = 1.."
                + full.tripCountsChecked().size()
                + " ("
                + mode.id()
                + ")\n--- cutoff:\n"
                + Reports.describe(cut)
                + "\n--- deep:\n"
                + Reports.describe(full));
  }

  private static String outcome(VerificationReport r) {
    return r.verdict().violations().isEmpty() ? r.verdict().id() : "violated";
  }

  @Provide
  Arbitrary<Schedule> builtins() {
    return SmallSchedules.builtins();
  }

  @Provide
  Arbitrary<Schedule> matchedRandom() {
    return SmallSchedules.matchedRandom();
  }

  @Property(tries = 5)
  void builtinTransformsUnderRandomKnobs(@ForAll("builtins") Schedule s, @ForAll CounterMode mode) {
    assertCutoffAgrees(s, mode);
  }

  @Property(tries = 25)
  void randomSchedules(@ForAll("matchedRandom") Schedule s, @ForAll CounterMode mode) {
    assertCutoffAgrees(s, mode);
  }

  @Example
  void fixedTransformConfigurations() {
    String[][] configs = {
      {"tilelang-pipelined", "waves=2", "tileM=64", "tileN=64", "tileK=32", "slots=3"},
      {
        "cdna4-interleave",
        "waves=2",
        "tileM=64",
        "tileN=64",
        "tileK=32",
        "stages=2",
        "g2sSlot=current"
      },
      {
        "cdna4-interleave",
        "waves=2",
        "tileM=64",
        "tileN=64",
        "stages=2",
        "lgkmDrainBeforeBarrier=true"
      },
      {"hipkittens-2step", "waves=2", "tileM=64", "tileN=64", "prologueBarrier=true"},
    };
    for (String[] c : configs) {
      String[] options = java.util.Arrays.copyOfRange(c, 1, c.length);
      assertCutoffAgrees(Reports.builtin(c[0], options), CounterMode.ORDERED);
    }
  }
}

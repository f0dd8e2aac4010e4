package io.pipeverify.verifier.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.IntRange;
import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RootCause;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The shrinker on a made-up transform whose "verification" is a function of the knobs. */
class ShrinkerTest {
  private static final ClassKey BUG =
      new ClassKey("issued too early on vmcnt after s_barrier in loop stage 0");

  private static final Finding EXAMPLE =
      new Finding(
          RootCause.defect(Property.P1, ViolationKind.RAW, "a made-up race"),
          List.of(
              new Violation(
                  Property.P1,
                  ViolationKind.RAW,
                  1,
                  List.of(),
                  "a made-up race",
                  "-",
                  List.of(),
                  List.of())),
          1,
          List.of(),
          List.of(),
          List.of());

  private static final List<KnobSpec> SPECS =
      List.of(
          KnobSpec.integer("waves", 8, IntRange.powersOfTwo(2, 16), ""),
          KnobSpec.integer("tile", 64, IntRange.powersOfTwo(16, 256), ""),
          KnobSpec.bool("barrier", true, ""),
          KnobSpec.integer("wait", 0, IntRange.every(0, 8), ""),
          KnobSpec.choice("slot", "next", List.of("next", "current"), ""));

  /**
   * A configuration shows BUG when wait >= 3, or when the barrier is off; invalid if tile < 4 x
   * waves.
   */
  private static Outcome check(Map<String, String> k) {
    int waves = Integer.parseInt(k.get("waves"));
    int tile = Integer.parseInt(k.get("tile"));
    if (tile < 4 * waves) {
      return new Outcome.Invalid(List.of("tile too small"));
    }
    boolean bug = Integer.parseInt(k.get("wait")) >= 3 || k.get("barrier").equals("false");
    return new Outcome.Checked(
        bug ? "violated" : "verified", bug ? Map.of(BUG, Optional.of(EXAMPLE)) : Map.of());
  }

  private static Map<String, String> knobs(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (KnobSpec s : SPECS) {
      m.put(s.name(), s.defaultValue());
    }
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static Shrinker.Result shrink(Map<String, String> pinned, Map<String, String> start) {
    return new Shrinker(SPECS, pinned, ShrinkerTest::check, () -> false).shrink(start, BUG);
  }

  @Test
  void fewestKnobsFirstThenTheSmallestValue() {
    // Two causes: wait=7 and barrier=false; the barrier comes first in knob order, so it goes.
    Shrinker.Result r =
        shrink(Map.of(), knobs("wait", "7", "barrier", "false", "slot", "current", "tile", "128"));
    assertTrue(r.complete());
    assertEquals(knobs("wait", "3"), r.knobs());
  }

  /** Waves 2 and tile 16 fit only together: reset alone each is invalid, so they go in a pair. */
  @Test
  void knobsThatAreOnlyValidTogetherAreResetAsAPair() {
    assertEquals(
        knobs("wait", "3"),
        shrink(Map.of(), knobs("waves", "2", "tile", "16", "wait", "5")).knobs());
  }

  @Test
  void pinnedKnobsStay() {
    assertEquals(
        knobs("slot", "current", "wait", "3"),
        shrink(Map.of("slot", "current"), knobs("slot", "current", "wait", "8")).knobs());
  }

  @Test
  void outOfTimeStopsWithWhatItHas() {
    Map<String, String> start = knobs("wait", "8", "slot", "current");
    List<Map<String, String>> asked = new ArrayList<>();
    Function<Map<String, String>, Outcome> counting =
        k -> {
          asked.add(k);
          return check(k);
        };
    Shrinker.Result r = new Shrinker(SPECS, Map.of(), counting, () -> true).shrink(start, BUG);
    assertFalse(r.complete());
    assertEquals(start, r.knobs());
    assertEquals(0, asked.size());
  }
}

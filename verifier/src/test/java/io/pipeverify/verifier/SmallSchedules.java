package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleArbitraries;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.transform.CommonKnobs;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.model.transform.TritonPingpongConfig;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Arbitraries for the verifier's properties, kept small so that a verification takes well under a
 * second: built-in transforms under random knobs with 2 waves and tiles of at most 64x64x64 (a deep
 * unroll to T = 16 of such a schedule takes seconds), and the model's random schedules.
 * triton-pingpong gets the 4 or 8 waves it needs (two wave groups of a cluster each); with such
 * tiles its deep unroll takes about a second, but re-proving every pair (ProofMode.FULL) in the
 * unordered counter mode took 40 s for one configuration, so {@link #any} leaves it out.
 */
final class SmallSchedules {
  private SmallSchedules() {}

  private static boolean small(PassConfig c, boolean pingpong) {
    CommonKnobs k = c.common();
    boolean smallTiles = k.tileM() * k.tileN() * k.tileK() <= 64 * 64 * 64;
    if (c instanceof TritonPingpongConfig) {
      return pingpong && smallTiles && k.waves() <= 8;
    }
    return smallTiles && k.waves() <= 2;
  }

  private static Arbitrary<Schedule> builtins(boolean pingpong) {
    return PassConfigArbitraries.anyConfig()
        .filter(c -> small(c, pingpong))
        .map(PassConfigArbitraries::schedule);
  }

  /** Every built-in transform under random knobs, small sizes. */
  static Arbitrary<Schedule> builtins() {
    return builtins(true);
  }

  /** The model's random schedules whose programs have equal barrier counts in every section. */
  static Arbitrary<Schedule> matchedRandom() {
    return ScheduleArbitraries.validSchedules().filter(SmallSchedules::barriersMatchPerSection);
  }

  /**
   * Random and built-in schedules, barrier counts matched or not, for re-proving every pair;
   * without triton-pingpong, whose graph/solver agreement {@code graphOrderIffZ3ProvesIt} checks
   * pair by pair.
   */
  static Arbitrary<Schedule> any() {
    return Arbitraries.oneOf(ScheduleArbitraries.validSchedules(), builtins(false));
  }

  static boolean barriersMatchPerSection(Schedule s) {
    for (Section section : Section.values()) {
      long first = -1;
      for (WaveProgram p : s.programs()) {
        long n = p.section(section).stream().filter(o -> o instanceof Op.Barrier).count();
        if (first >= 0 && n != first) {
          return false;
        }
        first = n;
      }
    }
    return true;
  }
}

package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleArbitraries;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.transform.CommonKnobs;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Arbitraries for the verifier's properties, kept small so that a verification takes well under a
 * second: built-in transforms under random knobs with 2 waves and tiles of at most 64x64x64 (a deep
 * unroll to T = 16 of such a schedule takes seconds), and the model's random schedules.
 */
final class SmallSchedules {
  private SmallSchedules() {}

  private static boolean small(PassConfig c) {
    CommonKnobs k = c.common();
    return k.waves() <= 2 && k.tileM() * k.tileN() * k.tileK() <= 64 * 64 * 64;
  }

  /** Every built-in transform under random knobs, small sizes. */
  static Arbitrary<Schedule> builtins() {
    return PassConfigArbitraries.anyConfig()
        .filter(SmallSchedules::small)
        .map(PassConfigArbitraries::schedule);
  }

  /** The model's random schedules whose programs have equal barrier counts in every section. */
  static Arbitrary<Schedule> matchedRandom() {
    return ScheduleArbitraries.validSchedules().filter(SmallSchedules::barriersMatchPerSection);
  }

  /** Random and built-in schedules, barrier counts matched or not. */
  static Arbitrary<Schedule> any() {
    return Arbitraries.oneOf(ScheduleArbitraries.validSchedules(), builtins());
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

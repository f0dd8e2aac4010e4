package io.pipeverify.verifier.replay;

import io.pipeverify.model.transform.PassConfig;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The long run of the replay invariants (docs/replay.md): not in the normal suite (its name does
 * not match Surefire's includes); run it with {@code -Dtest=ReplayLongRun}. The number of tries is
 * fixed here (each try is one configuration of every transform, so 40 tries are 200 schedules);
 * orders and counterexamples per schedule come from {@code pipeverify.replayOrders} and {@code
 * pipeverify.replayViolations}.
 */
class ReplayLongRun extends ReplayProperties {
  @Property(tries = 40)
  void everyCounterexampleReplaysToAWrongResultLong(
      @ForAll("eachTransform") List<PassConfig> configs) throws Exception {
    checkCounterexamples(configs);
  }

  @Property(tries = 20)
  void aVerifiedScheduleNeverGivesAWrongResultLong(
      @ForAll("eachTransformNearlyVerified") List<PassConfig> configs) throws Exception {
    checkVerified(configs);
  }
}

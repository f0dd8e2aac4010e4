package io.pipeverify.verifier.replay;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The long run of the replay invariants (docs/replay.md): not in the normal suite (its name does
 * not match Surefire's includes); run it with {@code -Dtest=ReplayLongRun}. The number of tries is
 * fixed here; orders and counterexamples per schedule come from {@code pipeverify.replayOrders} and
 * {@code pipeverify.replayViolations}.
 */
class ReplayLongRun extends ReplayProperties {
  @Property(tries = 200)
  void everyCounterexampleReplaysToAWrongResultLong(@ForAll("anyConfig") Config config)
      throws Exception {
    checkCounterexamples(config);
  }

  @Property(tries = 100)
  void aVerifiedScheduleNeverGivesAWrongResultLong(@ForAll("nearlyVerified") Config config)
      throws Exception {
    checkVerified(config);
  }
}

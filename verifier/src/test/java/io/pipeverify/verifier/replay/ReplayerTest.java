package io.pipeverify.verifier.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplayerTest {

  /**
   * triton-pingpong with two clusters guards a loop ds_read with two implicit waits at once, LLVM's
   * and a full lgkmcnt's stall. Both were named alike, so Z3 took them for one event: the whole
   * problem said the same-wave RAW could not happen while the slice the verifier confirmed it on
   * said it could, and the replay threw "Z3 has no model" (found by ReplayProperties).
   */
  // Since same-wave LDS order (semantics.md section 2) wave 0's own read of its ds_write is no
  // race; the first violation is wave 1's read of the same bytes, which no barrier orders after
  // wave 0's write, and its replay still runs through the two implicit waits.
  @Test
  void aRaceWhereTwoImplicitWaitsGuardOneOpReplaysToWrongNumbers() throws Exception {
    Schedule s =
        Transforms.byName("triton-pingpong")
            .orElseThrow()
            .generate(Map.of("clusters", "2", "barrier", "plain", "tileK", "32", "tripCount", "1"));
    VerificationReport r = Verifier.verify(s, VerifyOptions.defaults());
    Violation first = ((Verdict.Violated) r.verdict()).violations().get(0);
    assertEquals(
        "P1 RAW: wave 1 loop k=0 (loop mem0): ds_read A[0] rows [0, 16) -> a0_kp0 tile A k=0 kc0"
            + " may read before wave 0 prologue (prologue): ds_write A[0] rows [0, 16) <- ga0 tile"
            + " A k=0 lands",
        first.summary());
    try (Replayer replayer = new Replayer(r)) {
      assertFalse(replayer.replay(first, 1).outcome().matches(), first.summary());
    }
  }
}

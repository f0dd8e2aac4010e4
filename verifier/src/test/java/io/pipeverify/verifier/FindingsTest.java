package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Violations of one defect (property, kind and the pair of ops by origin) count every instance the
 * graph finds, and the defects of one root cause are one finding (docs/debugging.md, "Root
 * causes"); the cap applies to root causes and is never silent.
 */
class FindingsTest {
  private static Schedule builtin(String name) {
    var t = Transforms.byName(name).orElseThrow();
    return t.generateFrom(t.defaults());
  }

  private static List<Integer> instances(VerificationReport r) {
    return r.verdict().findings().stream().map(Finding::instances).toList();
  }

  private static List<Integer> defects(VerificationReport r) {
    return r.verdict().findings().stream().map(f -> f.violations().size()).toList();
  }

  /**
   * Note 000's schedule: two WAR defects on B, in every wave and every iteration unrolled, one
   * cause: the stage-3 ds_read of B is retired only by the implicit wait before its mfma, after the
   * barrier the next copies follow (the note's repair drains lgkmcnt before that barrier).
   */
  @Test
  void cdna4InterleaveIsOneRootCauseOfTwoDefects() {
    VerificationReport r = Verifier.verify(builtin("cdna4-interleave"), VerifyOptions.defaults());
    assertEquals(List.of(224), instances(r));
    assertEquals(List.of(2), defects(r));
    assertEquals(0, r.findingsOmitted());
    Finding f = r.verdict().findings().get(0);
    assertEquals(RootCause.Kind.RETIRED_TOO_LATE, f.cause().kind());
    assertEquals(
        "retired too late on lgkmcnt by the implicit wait before mfma in loop stage 3",
        f.cause().key(),
        f.cause().text());
    assertEquals(List.of("P1 WAR"), f.rules());
    assertTrue(f.violations().stream().allMatch(v -> v.kind() == ViolationKind.WAR));
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), f.waves());
    assertEquals(List.of(0, 1, 2, 3, 4), f.iterations());
    assertEquals(List.of("all"), f.roles());
  }

  /**
   * hipkittens-2step (no barriers in its loop) has 36 defects and 5 root causes: the loop's
   * s_waitcnt vmcnt(6) retires copies too late for the reads after them (P1 RAW and the P2 of the
   * first reads; it retires the prologue's copies too), a read of the loop's third phase before the
   * prologue's copies land, the loop's and the epilogue's copies overwrite what reads have not
   * retired (P1 WAR), and the epilogue's last reads start before their copies land. Every defect is
   * confirmed (one representative each, not every instance).
   */
  @Test
  void hipkittensDefaultsAreFiveRootCausesOfAllThirtySixDefects() {
    VerificationReport r = Verifier.verify(builtin("hipkittens-2step"), VerifyOptions.defaults());
    assertEquals(List.of(4648, 56, 2856, 1456, 280), instances(r));
    assertEquals(List.of(26, 1, 4, 4, 1), defects(r));
    assertEquals(9296, r.verdict().instances());
    assertEquals(0, r.findingsOmitted());
    assertEquals(
        List.of(
            "retired too late on vmcnt by s_waitcnt vmcnt(6) in loop phase 3",
            "issued too early on vmcnt after the start of loop",
            "issued too early on lgkmcnt after the start of loop",
            "issued too early on vmcnt after s_waitcnt vmcnt(0) in epilogue tile T + 1",
            "issued too early on lgkmcnt after the start of epilogue"),
        r.verdict().findings().stream().map(f -> f.cause().key()).toList());
    assertEquals(List.of("P1 RAW", "P2 UNINITIALIZED"), r.verdict().findings().get(0).rules());
    assertEquals(
        "P1 RAW: wave 1 loop k=0 (loop phase 0): ds_read A[0] rows [0, 16) -> a0_kp0 tile A k=0"
            + " kc0 may read before wave 0 prologue (prologue): g2s A[0] rows [0, 8) tile A k=0"
            + " lands",
        r.verdict().violations().get(0).summary());
    // The same with no cap: the default cap of 20 root causes does not bind.
    VerificationReport all =
        Verifier.verify(builtin("hipkittens-2step"), VerifyOptions.defaults().withMaxFindings(0));
    assertEquals(r.verdict().violations(), all.verdict().violations());
    assertTrue(all.stats().solverQueries() < 60, "queries: " + all.stats().solverQueries());
  }

  /**
   * With a cap of 2 the first two root causes are reported (their defects all confirmed: a defect
   * that shares a cause with a confirmed one is confirmed whatever the cap) and the defects of the
   * others counted.
   */
  @Test
  void theCapCountsRootCausesNotDefects() {
    VerificationReport two =
        Verifier.verify(builtin("hipkittens-2step"), VerifyOptions.defaults().withMaxFindings(2));
    assertEquals(List.of(4648, 56), instances(two));
    assertEquals(List.of(26, 1), defects(two));
    assertEquals(9, two.findingsOmitted());
    assertEquals(1, two.exitCode());
    VerificationReport one =
        Verifier.verify(builtin("cdna4-interleave"), VerifyOptions.defaults().withMaxFindings(1));
    assertEquals(List.of(224), instances(one));
    assertEquals(0, one.findingsOmitted());
  }

  @Test
  void aNegativeCapIsRejected() {
    assertThrows(
        IllegalArgumentException.class, () -> VerifyOptions.defaults().withMaxFindings(-1));
  }
}

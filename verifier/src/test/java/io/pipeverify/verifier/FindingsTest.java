package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Violations of one defect (property, kind and the pair of ops by origin) are one finding that
 * counts every instance the graph finds; the cap applies to findings and is never silent.
 */
class FindingsTest {
  private static Schedule builtin(String name) {
    var t = Transforms.byName(name).orElseThrow();
    return t.generateFrom(t.defaults());
  }

  private static List<Integer> instances(VerificationReport r) {
    return r.verdict().findings().stream().map(Finding::instances).toList();
  }

  /** Note 000's schedule: two WAR defects on B, each in every wave and every iteration unrolled. */
  @Test
  void cdna4InterleaveIsTwoFindingsOf112Instances() {
    VerificationReport r = Verifier.verify(builtin("cdna4-interleave"), VerifyOptions.defaults());
    assertEquals(List.of(112, 112), instances(r));
    assertEquals(224, r.verdict().instances());
    assertEquals(0, r.findingsOmitted());
    for (Finding f : r.verdict().findings()) {
      assertEquals(ViolationKind.WAR, f.representative().kind());
      assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), f.waves());
      assertEquals(List.of(0, 1, 2, 3, 4), f.iterations());
      assertEquals(List.of("all"), f.roles());
    }
  }

  /**
   * hipkittens-2step has 36 defects: the default cap of 20 confirms the first 20 with Z3 and counts
   * the other 16, which every report then names; counts far beyond the old cap of 20 violations are
   * kept (1008 instances of one defect).
   */
  @Test
  void hipkittensDefaultsConfirmTwentyFindingsAndCountTheRest() {
    VerificationReport capped =
        Verifier.verify(builtin("hipkittens-2step"), VerifyOptions.defaults());
    List<Integer> first20 =
        List.of(
            112, 56, 224, 224, 56, 112, 112, 504, 1008, 280, 1008, 280, 280, 560, 560, 56, 160, 320,
            320, 160);
    assertEquals(first20, instances(capped));
    assertEquals(6392, capped.verdict().instances());
    assertEquals(16, capped.findingsOmitted());
    assertEquals(
        "P1 RAW: wave 1 loop k=0 (loop phase 0): ds_read A[0] rows [0, 16) -> a0_kp0 tile A k=0"
            + " kc0 may read before wave 0 prologue (prologue): g2s A[0] rows [0, 8) tile A k=0"
            + " lands",
        capped.verdict().violations().get(0).summary());

    VerificationReport all =
        Verifier.verify(builtin("hipkittens-2step"), VerifyOptions.defaults().withMaxFindings(0));
    List<Integer> rest =
        List.of(32, 64, 64, 32, 32, 64, 64, 32, 224, 224, 336, 448, 448, 168, 336, 336);
    assertEquals(36, all.verdict().findings().size());
    assertEquals(first20, instances(all).subList(0, 20));
    assertEquals(rest, instances(all).subList(20, 36));
    assertEquals(9296, all.verdict().instances());
    assertEquals(0, all.findingsOmitted());
    // The same representatives, in the same order: the cap only stops confirming more.
    assertEquals(capped.verdict().violations(), all.verdict().violations().subList(0, 20));
    // Z3 confirms one representative per finding, not every instance.
    assertTrue(all.stats().solverQueries() < 50, "queries: " + all.stats().solverQueries());
  }

  @Test
  void theCapCountsFindingsNotInstances() {
    VerificationReport one =
        Verifier.verify(builtin("cdna4-interleave"), VerifyOptions.defaults().withMaxFindings(1));
    assertEquals(List.of(112), instances(one));
    assertEquals(1, one.findingsOmitted());
    assertEquals(1, one.exitCode());
  }

  @Test
  void aNegativeCapIsRejected() {
    assertThrows(
        IllegalArgumentException.class, () -> VerifyOptions.defaults().withMaxFindings(-1));
  }
}

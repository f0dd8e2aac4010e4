package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.replay.Replayer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** P3/P4/P5 on cdna4-interleave variants (the fixed schedule plus one mistake each). */
class DataflowTest {
  private static VerificationReport verify(String... kv) throws Exception {
    Map<String, String> knobs = new LinkedHashMap<>();
    knobs.put("lgkmDrainBeforeBarrier", "true");
    for (int i = 0; i < kv.length; i += 2) {
      knobs.put(kv[i], kv[i + 1]);
    }
    return Verifier.verify(
        Transforms.byName("cdna4-interleave").orElseThrow().generate(knobs),
        VerifyOptions.defaults());
  }

  private static List<String> kinds(VerificationReport r) {
    return r.verdict() instanceof Verdict.Violated v
        ? v.violations().stream().map(x -> x.property() + " " + x.kind()).distinct().toList()
        : List.of();
  }

  @Test
  void kpackSwapOfOneOperandMixesKChunks() throws Exception {
    VerificationReport r = verify("s2rKpackSwapA", "true");
    assertEquals(List.of("P5 MIXED_K_CHUNK", "P5 MISSING_PRODUCT"), kinds(r));
  }

  @Test
  void kpackSwapOfBothOperandsComputesTheRightProducts() throws Exception {
    VerificationReport r = verify("s2rKpackSwapA", "true", "s2rKpackSwapB", "true");
    assertInstanceOf(Verdict.Verified.class, r.verdict(), () -> kinds(r).toString());
  }

  @Test
  void jHalfSwapIsARegisterHazardAndAWrongFragment() throws Exception {
    VerificationReport r = verify("mfmaJHalfSwap", "true");
    assertEquals(
        List.of("P4 REGISTER_HAZARD", "P5 MISSING_PRODUCT", "P4 WRONG_FRAGMENT"), kinds(r));
    Violation wrong =
        ((Verdict.Violated) r.verdict())
            .violations().stream()
                .filter(v -> v.kind() == ViolationKind.WRONG_FRAGMENT)
                .findFirst()
                .orElseThrow();
    assertTrue(
        wrong.summary().contains("gets tile B k=0 rows [64, 80) kc0 in b4_kp0"), wrong.summary());
    assertTrue(wrong.summary().contains("needs tile B k=1 rows [64, 80) kc0"), wrong.summary());
  }

  @Test
  void withoutImplicitWaitsAnMfmaMayReadBeforeItsDsReadLands() throws Exception {
    VerificationReport r = verify("implicitWaits", "none");
    Violation hazard =
        ((Verdict.Violated) r.verdict())
            .violations().stream()
                .filter(v -> v.kind() == ViolationKind.REGISTER_HAZARD)
                .findFirst()
                .orElseThrow(() -> new AssertionError(kinds(r)));
    assertTrue(hazard.summary().contains("may read"), hazard.summary());
    assertTrue(hazard.trace().stream().anyMatch(s -> s.racing() && s.event().equals("use")));
    try (Replayer replayer = new Replayer(r)) {
      assertFalse(replayer.replay(hazard, 3).outcome().matches());
    }
  }

  /**
   * g2sSlot=current: the loop copies tile k + 1 into slot k % 2, the slot its own stage is reading,
   * so the first violation is a race (P1 WAR on A at T=1) before it is a wrong version; the next
   * tile's slot is then never written (P2), and the epilogue reads the tile before the one it needs
   * (P3: the WARs are one root cause, so the cap of 20 root causes leaves room to report it).
   */
  @Test
  void slotIndexBugIsAWarOnTheSlotBeingRead() throws Exception {
    VerificationReport r = verify("g2sSlot", "current");
    List<Violation> violations =
        assertInstanceOf(Verdict.Violated.class, r.verdict(), () -> kinds(r).toString())
            .violations();
    assertEquals(List.of("P1 WAR", "P2 UNINITIALIZED", "P3 WRONG_VERSION"), kinds(r));
    Violation first = violations.get(0);
    assertEquals(Property.P1, first.property(), first.summary());
    assertEquals(ViolationKind.WAR, first.kind(), first.summary());
    assertEquals(1, first.tripCount(), first.summary());
    assertEquals(
        List.of("ds_read A[0] rows [0, 16)", "g2s A[0] rows [0, 8)"),
        first.ops().stream()
            .map(o -> o.op() + " " + o.buffer() + "[" + o.slot() + "] " + o.range())
            .toList(),
        first.summary());
    try (Replayer replayer = new Replayer(r)) {
      assertFalse(replayer.replay(first, 3).outcome().matches(), first.summary());
    }
  }
}

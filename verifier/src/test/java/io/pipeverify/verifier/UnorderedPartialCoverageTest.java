package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.unroll.CounterMode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * P2 in the unordered counter mode when the uncovered range is written by several ops of one wave.
 * One wave copies rows 0-8 and rows 8-16, waits vmcnt(1) and reads rows 0-16. Unordered: one copy
 * retired, which one unknown, so the read may see either half unwritten: a real P2 (and two RAWs).
 */
class UnorderedPartialCoverageTest {

  static Schedule twoHalvesThenRead() {
    return HandBuilt.uniform(
        1,
        1,
        List.of(
            g2s("0", "0", 8, "0", "first half"),
            g2s("0", "8", 8, "0", "second half"),
            vmcnt(1, "wait one"),
            read("0", "0", 16, "0", "read")),
        List.of(),
        List.of());
  }

  /** What a violation is about: property, kind, and each op's stage, kind and rows. */
  static String describe(Violation v) {
    return v.property()
        + " "
        + v.kind()
        + " T="
        + v.tripCount()
        + v.ops().stream()
            .map(o -> " " + o.stage() + ": " + o.op() + " " + o.range())
            .collect(Collectors.joining(","));
  }

  /** Ordered: the oldest copy, of the first half, retires at vmcnt(1); the second half races. */
  @Test
  void orderedModeReportsTheSecondHalf() {
    VerificationReport r = Verifier.verify(twoHalvesThenRead(), VerifyOptions.defaults());
    List<Violation> v =
        assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r)).violations();
    assertEquals(
        List.of(
            "P1 RAW T=1 second half: g2s rows [8, 16), read: ds_read rows [0, 16)",
            "P2 UNINITIALIZED T=1 read: ds_read rows [0, 16)"),
        v.stream().map(UnorderedPartialCoverageTest::describe).toList(),
        Reports.describe(r));
  }

  /**
   * Regression test (proofs/cutoff.md section 9): RaceChecker used to ask Z3 for an execution where
   * the read precedes BOTH copies (every write overlapping the uncovered range [0, 16) rows), which
   * the vmcnt(1) cardinality constraint refutes, and verify threw VerifierBugException. The real
   * violation needs only the copy of one half to be late; the read's bytes are now split at every
   * write boundary.
   */
  @Test
  void unorderedModeReportsUninitialisedBytesInsteadOfCrashing() {
    VerificationReport r =
        Verifier.verify(
            twoHalvesThenRead(), VerifyOptions.defaults().withCounters(CounterMode.UNORDERED));
    List<Violation> v =
        assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r)).violations();
    assertTrue(
        v.stream().anyMatch(x -> x.kind() == ViolationKind.UNINITIALIZED), Reports.describe(r));
    assertEquals(ViolationKind.RAW, v.get(0).kind(), Reports.describe(r));
    // Either copy may be the one still in flight: a RAW with each half, and the P2 of the read.
    assertEquals(
        List.of(
            "P1 RAW T=1 first half: g2s rows [0, 8), read: ds_read rows [0, 16)",
            "P1 RAW T=1 second half: g2s rows [8, 16), read: ds_read rows [0, 16)",
            "P2 UNINITIALIZED T=1 read: ds_read rows [0, 16)"),
        v.stream().map(UnorderedPartialCoverageTest::describe).toList(),
        Reports.describe(r));
  }
}

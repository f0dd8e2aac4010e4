package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.at;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.lgkmcnt;
import static io.pipeverify.verifier.HandBuilt.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.TileTag;
import io.pipeverify.verifier.replay.Replayer;
import io.pipeverify.verifier.replay.ViolationReplay;
import io.pipeverify.verifier.unroll.CounterMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stale write that could clobber the write a read needs, in the unordered counter mode (found by
 * CutoffProperties.randomSchedules in CI, shrunk by jqwik). One wave, two slots; each iteration
 * reads row 0 of slot 1 (tile k), waits lgkmcnt(1), copies tile k into slot k % 2 and writes tile k
 * from registers into slot (k + 1) % 2. At T = 2 the ds_write of iteration 0 (tile 0, slot 1) is
 * stale for iteration 1's read (tile 1), whose copy lands in slot 1 after iteration 1's lgkmcnt(1).
 * The write clobbers the copy only if both it and the read land after that wait's release, and
 * lgkmcnt(1) lets only one of iteration 0's read, its write and iteration 1's read be outstanding
 * there. The graph has no edge for a wait of N > 0 in this mode and cannot see that; Z3 refutes the
 * clobbering order, and the verifier threw "graph and solver disagree". Now such a finding stays a
 * candidate, as P2's do, and every needed writer is tried.
 */
class UnorderedClobberTest {

  static Schedule staleWriteBeforeTheCopy() {
    Op write =
        new Op.DsWrite(
            "A",
            Expr.parse("(k + 1) % 2"),
            Region.rows("0", 1),
            "g0",
            TileTag.wholeRows("A", "k", "0", 1),
            at("register write"));
    return HandBuilt.uniform(
        1,
        2,
        List.of(new Op.GLoad("g0", TileTag.wholeRows("A", "0", "0", 1), at("global load"))),
        List.of(
            read("1", "0", 1, "k", "read"),
            lgkmcnt(1, "wait one"),
            g2s("k % 2", "0", 1, "k", "copy"),
            write),
        List.of());
  }

  private static List<String> found(VerificationReport r) {
    return assertInstanceOf(Verdict.Violated.class, r.verdict(), Reports.describe(r))
        .violations()
        .stream()
        .map(UnorderedPartialCoverageTest::describe)
        .sorted()
        .toList();
  }

  /**
   * Ordered: iteration 1's lgkmcnt(1) retires the stale write, so it cannot clobber the copy. The
   * wave's ds_write and its later ds_read of row 0 access LDS in issue order (semantics.md section
   * 2): no race between them, only with the LDS-DMA copy.
   */
  @Test
  void orderedModeFindsTheRacesOfTheFirstIteration() {
    VerificationReport r = Verifier.verify(staleWriteBeforeTheCopy(), VerifyOptions.defaults());
    assertEquals(
        List.of(
            "P1 RAW T=2 copy: g2s rows [0, 1), read: ds_read rows [0, 1)",
            "P1 WAR T=3 read: ds_read rows [0, 1), copy: g2s rows [0, 1)",
            "P1 WAW T=2 copy: g2s rows [0, 1), register write: ds_write rows [0, 1)",
            "P1 WAW T=3 copy: g2s rows [0, 1), copy: g2s rows [0, 1)",
            "P2 UNINITIALIZED T=1 read: ds_read rows [0, 1)"),
        found(r),
        Reports.describe(r));
  }

  /**
   * Unordered: the same findings, and no disagreement at T = 2 (every trip count of the cutoff and
   * beyond is checked), and each finding replays.
   */
  @Test
  void unorderedModeLeavesTheRefutedClobberACandidateInsteadOfCrashing() {
    VerifyOptions unordered = VerifyOptions.defaults().withCounters(CounterMode.UNORDERED);
    Schedule s = staleWriteBeforeTheCopy();
    VerificationReport deep = Verifier.verifyTripCounts(s, unordered, List.of(1, 2, 3, 4, 5, 6));
    // The wave's DS ops access LDS in issue order, so lgkmcnt(1) leaves only the newest of them
    // outstanding, as in the ordered mode (the graph's edges for it: HappensBefore.dsInOrder),
    // and no two DS ops race: the races left are with the copies. Violations are listed root
    // cause by root cause, each in the order found.
    assertEquals(
        List.of(
            "P1 RAW T=2 copy: g2s rows [0, 1), read: ds_read rows [0, 1)",
            "P1 WAR T=3 read: ds_read rows [0, 1), copy: g2s rows [0, 1)",
            "P1 WAW T=3 copy: g2s rows [0, 1), register write: ds_write rows [0, 1)",
            "P1 WAW T=4 copy: g2s rows [0, 1), copy: g2s rows [0, 1)",
            "P2 UNINITIALIZED T=1 read: ds_read rows [0, 1)"),
        found(deep),
        Reports.describe(deep));
    VerificationReport r = Verifier.verify(s, unordered);
    assertEquals(found(deep), found(r), Reports.describe(r));
    try (Replayer replayer = new Replayer(r)) {
      for (Violation v : ((Verdict.Violated) r.verdict()).violations()) {
        // Each replays (the clobbering WAR through the realisation Z3 has a model for) to
        // wrong numbers: the replay invariant of semantics.md section 5.
        ViolationReplay replay = replayer.replay(v, 1);
        assertEquals(v, replay.violation());
        assertFalse(replay.outcome().matches(), v.summary());
      }
    }
  }
}

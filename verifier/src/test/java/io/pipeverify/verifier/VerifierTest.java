package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.pipeverify.verifier.unroll.CounterMode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class VerifierTest {

  private static String kinds(VerificationReport r) {
    if (!(r.verdict() instanceof Verdict.Violated v)) {
      return r.verdict().id();
    }
    return v.violations().stream()
        .map(x -> x.property() + " " + x.kind())
        .distinct()
        .collect(Collectors.joining(", "));
  }

  @Test
  void tinyDoubleBufferVerifies() {
    VerificationReport r =
        Verifier.verify(TinySchedules.doubleBuffer(1, true), VerifyOptions.defaults());
    assertInstanceOf(Verdict.Verified.class, r.verdict(), () -> kinds(r));
    assertEquals(2, r.period());
    assertEquals(List.of(1, 2, 3, 4, 5), r.tripCountsChecked());
  }

  @Test
  void missingEndBarrierIsWar() {
    VerificationReport r =
        Verifier.verify(TinySchedules.doubleBuffer(1, false), VerifyOptions.defaults());
    assertEquals("P1 WAR", kinds(r));
    Violation v = r.verdict().violations().get(0);
    String report = Reports.describe(r);
    // The read of iteration k and the next iteration's copy into the same slot (k + 2 % 2).
    assertEquals(2, v.tripCount(), report);
    assertEquals("loop compute", v.ops().get(0).stage(), report);
    assertEquals("loop copy", v.ops().get(1).stage(), report);
    assertEquals(v.ops().get(0).iteration() + 1, v.ops().get(1).iteration(), report);
    assertEquals(v.ops().get(0).slot(), v.ops().get(1).slot(), report);
    // The interleaving shows the bad order: the copy's write, then the read.
    List<String> racing =
        v.trace().stream().filter(TraceStep::racing).map(TraceStep::event).toList();
    assertEquals(List.of("write", "read"), racing, report);
  }

  @Test
  void weakVmcntReadsBeforeTheCopyLands() {
    // vmcnt(2) with one g2s per iteration never retires the copy of the tile about to be read:
    // iteration 1 reads tile 1 while its copy (issued in iteration 0) may be in flight (RAW, and
    // no write of those bytes is ordered before the read: P2); and the copy of tile 3 may land
    // before that of tile 1 in the same slot (WAW).
    VerificationReport r =
        Verifier.verify(TinySchedules.doubleBuffer(2, true), VerifyOptions.defaults());
    assertEquals("P1 RAW, P2 UNINITIALIZED, P1 WAW", kinds(r));
    Violation raw = ((Verdict.Violated) r.verdict()).violations().get(0);
    assertEquals(2, raw.tripCount());
    assertEquals(
        "no s_waitcnt vmcnt in wave 0 between its g2s A[1] rows [0, 8) (loop k=0, loop copy)"
            + " and its ds_read A[1] rows [0, 16) -> a0 (loop k=1, loop compute) retires the g2s;"
            + " the first wait that does is its s_waitcnt vmcnt(0) (epilogue, epilogue)",
        raw.missingEdge());
  }

  @Test
  void unorderedCountersNeedVmcntZero() {
    // Unordered: vmcnt(1) guarantees one of the two copies retired, not which one; an old copy
    // may even stay in flight for iterations and land over a newer tile (WAR at T=4).
    VerifyOptions unordered = VerifyOptions.defaults().withCounters(CounterMode.UNORDERED);
    VerificationReport weak = Verifier.verify(TinySchedules.doubleBuffer(1, true), unordered);
    assertEquals("P1 RAW, P2 UNINITIALIZED, P1 WAW, P1 WAR", kinds(weak));
    VerificationReport drained = Verifier.verify(TinySchedules.doubleBuffer(0, true), unordered);
    assertInstanceOf(Verdict.Verified.class, drained.verdict(), () -> kinds(drained));
  }
}

package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A counterexample's trace is an execution of the whole schedule, whichever proof mode found it. A
 * CI run found a schedule (jqwik's shrunk sample, below) whose P3 trace in the default mode was
 * built on the constraints of the proof certificate only: the implicit lgkmcnt(0) after the read
 * passed at the read's own time, and the trace differed from ProofMode.FULL's.
 */
class CounterexampleExecutionTest {

  /** One wave reads slot k%2, multiplies, then writes tile k into slot k%2: P2, P4 and P3. */
  private static Schedule readBeforeWrite() {
    TileTag rowZero = new TileTag("A", Expr.parse("k"), Expr.of(0), Expr.of(1), Optional.empty());
    List<Op> loop =
        List.of(
            new Op.DsRead(
                "A",
                Expr.parse("k%2"),
                Region.rows("0", 1),
                "a0",
                new TileTag("A", Expr.parse("k"), Expr.of(0), Expr.of(1), Optional.of(Expr.of(0))),
                HandBuilt.at("read")),
            new Op.Mfma("a0", "a0", 0, 0, 0, Expr.parse("k"), HandBuilt.at("mfma")),
            new Op.DsWrite(
                "A", Expr.parse("k%2"), Region.rows("0", 1), "g0", rowZero, HandBuilt.at("write")),
            new Op.GLoad("g0", rowZero, HandBuilt.at("load")));
    return new Schedule(
        "read-before-write",
        Target.GFX950,
        1,
        ImplicitWaits.LLVM,
        List.of(),
        List.of(new LdsBuffer("A", 2, 1024, 64), new LdsBuffer("B", 1, 1024, 64)),
        new Gemm(32, 32, 64, 64),
        List.of(new WaveProgram("role0", List.of(0), List.of(), loop, List.of())),
        21);
  }

  @Test
  void wrongVersionTraceWaitsForTheReadBeforeTheNextUse() {
    Schedule s = readBeforeWrite();
    VerificationReport fast = Verifier.verify(s, VerifyOptions.defaults());
    VerificationReport full =
        Verifier.verify(s, VerifyOptions.defaults().withProof(VerifyOptions.ProofMode.FULL));
    assertEquals(full.verdict(), fast.verdict(), () -> Reports.describe(fast));
    Violation p3 =
        fast.verdict().violations().stream()
            .filter(v -> v.kind() == ViolationKind.WRONG_VERSION)
            .findFirst()
            .orElseThrow(() -> new AssertionError(Reports.describe(fast)));
    assertEquals(3, p3.tripCount());
    // Every event at its earliest time under all the constraints: the write of k=0 (issue 4,
    // land 5) after k=0's read and its implicit wait, and the read of k=2 after k=1's waits.
    assertEquals(
        List.of(
            "4 issue ds_write A[0] rows [0, 1) <- g0 tile A k=0 [k=0, write]",
            "5 write ds_write A[0] rows [0, 1) <- g0 tile A k=0 [k=0, write]",
            "8 pass s_waitcnt (implicit) lgkmcnt(0) [k=1, mfma]",
            "10 pass s_waitcnt (implicit) vmcnt(0) [k=1, write]",
            "13 issue ds_read A[0] rows [0, 1) -> a0 tile A k=2 kc0 [k=2, read]",
            "14 read ds_read A[0] rows [0, 1) -> a0 tile A k=2 kc0 [k=2, read]"),
        p3.trace().stream().map(t -> t.time() + " " + t.event() + " " + t.text()).toList(),
        () -> Reports.describe(fast));
  }
}

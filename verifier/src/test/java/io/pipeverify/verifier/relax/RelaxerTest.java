package io.pipeverify.verifier.relax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelaxerTest {
  /**
   * docs/examples/double-buffer.json with a barrier at the loop's top and a wait after its first
   * g2s.
   */
  static final Path OVERSYNCED = Path.of("..", "docs", "examples", "double-buffer-oversynced.json");

  private static Relaxation relax(Schedule s) {
    VerificationReport report = Verifier.verify(s, VerifyOptions.defaults());
    return new Relaxer(VerifyOptions.defaults()).relax(report);
  }

  private static List<String> table(Relaxation r) {
    List<String> rows = new ArrayList<>();
    for (RelaxedOp op : r.rows()) {
      rows.add(op.place() + " | " + RelaxedOp.text(op.before()) + " | " + op.outcome());
    }
    return rows;
  }

  /**
   * The case: the extra barrier and wait go, the end-of-iteration vmcnt(0) and barrier
   * stay; the lgkmcnt(0) goes because LLVM's implicit wait before the MFMAs already retires the
   * reads.
   */
  @Test
  void theExtraWaitAndBarrierOfTheDoubleBufferGo() throws Exception {
    Schedule s = ScheduleReader.read(OVERSYNCED.toString(), Files.readString(OVERSYNCED));
    Relaxation r = relax(s);
    assertEquals(
        List.of(
            "loop #0 | s_barrier | removed",
            "loop #2 | s_waitcnt vmcnt(0) | removed",
            "loop #10 | s_waitcnt vmcnt(0) lgkmcnt(0) | s_waitcnt vmcnt(0)",
            "loop #11 | s_barrier | kept",
            "prologue #2 | s_waitcnt vmcnt(0) | kept",
            "prologue #3 | s_barrier | kept"),
        table(r));
    assertEquals(3, r.changed());
    assertEquals(6, r.neighbours(), "barrier x2, vmcnt drop/raise x2 (prologue and loop)");
    assertInstanceOf(
        Verdict.Verified.class,
        Verifier.verify(r.relaxed(), VerifyOptions.defaults()).verdict(),
        "the relaxed schedule verifies");
    assertEquals(
        s.programs().get(0).loop().size() - 2,
        r.relaxed().programs().get(0).loop().size(),
        "two loop ops removed");
  }

  /** The fixed cdna4-interleave: only the epilogue's wait goes (suspect 4 of note 000 cleared). */
  @Test
  void theFixedCdna4InterleaveLosesOnlyItsEpilogueWait() throws Exception {
    Schedule s =
        Transforms.byName("cdna4-interleave")
            .orElseThrow()
            .generate(Map.of("lgkmDrainBeforeBarrier", "true"));
    assertEquals(
        List.of(
            "loop #94 | s_waitcnt vmcnt(0) | kept",
            "loop #95 | s_waitcnt lgkmcnt(0) | kept",
            "loop #96 | s_barrier | kept",
            "prologue #8 | s_waitcnt vmcnt(0) | kept",
            "prologue #9 | s_barrier | kept",
            "epilogue #0 | s_waitcnt vmcnt(0) | removed"),
        table(relax(s)));
  }

  @Test
  void aViolatedScheduleIsNotRelaxed() throws Exception {
    Schedule s = Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    VerificationReport report = Verifier.verify(s, VerifyOptions.defaults());
    Relaxer relaxer = new Relaxer(VerifyOptions.defaults());
    assertThrows(IllegalArgumentException.class, () -> relaxer.relax(report));
  }
}

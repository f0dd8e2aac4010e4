package io.pipeverify.verifier.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MutationReportTest {
  private static final Path DOUBLE_BUFFER = Path.of("..", "docs", "examples", "double-buffer.json");

  /**
   * The end-of-iteration wait of the double buffer: three of its seven mutations still verify (its
   * lgkmcnt is redundant under LLVM's implicit waits, and the MFMAs before it touch no LDS).
   */
  @Test
  void theDoubleBuffersMutationsAndWhichBreakIt() throws Exception {
    Schedule s = ScheduleReader.read(DOUBLE_BUFFER.toString(), Files.readString(DOUBLE_BUFFER));
    MutationReport r =
        MutationReport.run(Verifier.verify(s, VerifyOptions.defaults()), VerifyOptions.defaults());
    assertEquals(15, r.results().size());
    List<String> loopWait = new ArrayList<>();
    for (MutationReport.Result x : r.results()) {
      if (x.mutation().place(s).equals("loop #8")) {
        loopWait.add(
            x.mutation().change()
                + ": "
                + (x.breaks() ? String.join(" + ", x.newClasses()) : "still verifies"));
      }
    }
    assertEquals(
        List.of(
            "drop: issued too early on lgkmcnt after the start of loop + never retired on vmcnt"
                + " after the start of loop",
            "weaken to s_waitcnt vmcnt(1) lgkmcnt(0): issued too early on vmcnt after the start"
                + " of loop + never retired on vmcnt after the start of loop",
            "weaken to s_waitcnt lgkmcnt(0): issued too early on lgkmcnt after the start of loop"
                + " + never retired on vmcnt after the start of loop",
            "weaken to s_waitcnt vmcnt(0) lgkmcnt(1): still verifies",
            "weaken to s_waitcnt vmcnt(0): still verifies",
            "move one op earlier: still verifies",
            "move one op later: retired too late on vmcnt by s_waitcnt vmcnt lgkmcnt in loop"),
        loopWait);
    assertEquals(12, r.results().stream().filter(MutationReport.Result::breaks).count());
  }
}

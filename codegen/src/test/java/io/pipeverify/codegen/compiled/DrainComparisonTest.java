package io.pipeverify.codegen.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.relax.RelaxedOp;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DrainComparisonTest {
  private static Origin stage(String name) {
    return new Origin.FromTransform("t", name);
  }

  private static RelaxedOp relaxed(
      String place, Section section, String stage, Op.Wait before, Optional<Op> after) {
    return new RelaxedOp(place, section, "t " + stage, before, after);
  }

  private static CompiledEvent inserted(String stage, int line, int value) {
    return new CompiledEvent(
        CompiledEvent.Kind.INSERTED_WAIT,
        "kernel.s:" + line,
        stage,
        "vmcnt",
        OptionalInt.of(value),
        "inserted",
        true);
  }

  @Test
  void aRelaxedVmcntIsDrainedOnlyByAnInsertedVmcntZeroInItsStage() {
    Op.Wait vm0stage1 = Op.Wait.vmcnt(0, stage("loop stage 1"));
    Op.Wait vm0stage2 = Op.Wait.vmcnt(0, stage("loop stage 2"));
    Op.Wait vm0stage10 = Op.Wait.vmcnt(0, stage("loop stage 10"));
    Op.Wait lgkm = Op.Wait.lgkmcnt(0, stage("loop stage 3"));
    Op.Wait epilogue = Op.Wait.vmcnt(0, stage("epilogue"));
    List<RelaxedOp> rows =
        List.of(
            relaxed(
                "loop #3",
                Section.LOOP,
                "loop stage 1",
                vm0stage1,
                Optional.of(Op.Wait.vmcnt(2, stage("loop stage 1")))),
            relaxed("loop #9", Section.LOOP, "loop stage 2", vm0stage2, Optional.empty()),
            relaxed("loop #40", Section.LOOP, "loop stage 10", vm0stage10, Optional.empty()),
            relaxed("loop #12", Section.LOOP, "loop stage 3", lgkm, Optional.empty()),
            relaxed("epilogue #0", Section.EPILOGUE, "epilogue", epilogue, Optional.empty()),
            relaxed("loop #20", Section.LOOP, "loop stage 1", vm0stage1, Optional.of(vm0stage1)));
    CompiledReport compiled =
        new CompiledReport(
            "t",
            "gfx950",
            "kernel.s",
            2,
            List.of(
                inserted("t loop stage 1, k % 2 == 0", 42, 0),
                inserted("t loop stage 2, k % 2 == 0", 57, 3),
                inserted("t loop stage 10, k % 2 == 0", 80, 0)),
            List.of(),
            Optional.empty(),
            CompiledReport.Status.DEVIATES_SAFE);
    DrainComparison d = DrainComparison.of(rows, compiled);
    assertEquals(
        List.of(
            "loop #3 vmcnt drained kernel.s:42",
            "loop #9 vmcnt in-flight -",
            "loop #40 vmcnt drained kernel.s:80",
            "loop #12 lgkmcnt modelled -",
            "epilogue #0 vmcnt outside-loop -"),
        d.rows().stream()
            .map(
                r ->
                    r.op().place()
                        + " "
                        + r.counter()
                        + " "
                        + r.outcome().id()
                        + " "
                        + r.drain().map(CompiledEvent::where).orElse("-"))
            .toList());
    assertEquals(
        "of 3 relaxed vmcnt waits of the loop, the compiled loop keeps 1 in flight and drains 2"
            + " with an inserted vmcnt(0); 1 relaxed lgkmcnt as modelled (llvm implicit waits);"
            + " 1 outside the loop, not compared",
        d.summary());
  }
}

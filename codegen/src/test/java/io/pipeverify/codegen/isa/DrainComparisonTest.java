package io.pipeverify.codegen.isa;

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
  private static final IsaReport.Counts NONE = new IsaReport.Counts(0, 0, 0, 0, 0, 0);

  private static Origin stage(String name) {
    return new Origin.FromTransform("t", name);
  }

  private static RelaxedOp relaxed(
      String place, Section section, String stage, Op.Wait before, Optional<Op> after) {
    return new RelaxedOp(place, section, "t " + stage, before, after);
  }

  private static IsaReport.RegionSummary region(int index, String stage) {
    return new IsaReport.RegionSummary(index, stage, NONE, NONE, "", "");
  }

  private static IsaFinding inserted(int region, int line, int count) {
    return new IsaFinding(
        IsaFinding.Kind.INSERTED_VMCNT, region, line, "inserted", OptionalInt.of(count));
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
    IsaReport isa =
        new IsaReport(
            "t",
            "gfx950",
            "kernel.s",
            2,
            Optional.empty(),
            List.of(
                region(0, "t loop stage 1, k % 2 == 0"),
                region(1, "t loop stage 2, k % 2 == 0"),
                region(2, "t loop stage 10, k % 2 == 0")),
            List.of(inserted(0, 42, 0), inserted(1, 57, 3), inserted(2, 80, 0)),
            List.of(),
            List.of(),
            Optional.empty(),
            IsaReport.Status.DEVIATES_SAFE);
    DrainComparison d = DrainComparison.of(rows, isa);
    assertEquals(
        List.of(
            "loop #3 vmcnt drained 42",
            "loop #9 vmcnt in-flight -",
            "loop #40 vmcnt drained 80",
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
                        + r.drain().map(f -> Integer.toString(f.line())).orElse("-"))
            .toList());
    assertEquals(
        "of 3 relaxed vmcnt waits of the loop, the compiled loop keeps 1 in flight and drains 2"
            + " with an inserted vmcnt(0); 1 relaxed lgkmcnt as modelled (llvm implicit waits);"
            + " 1 outside the loop, not compared",
        d.summary());
  }
}

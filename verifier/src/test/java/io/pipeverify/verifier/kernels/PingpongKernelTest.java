package io.pipeverify.verifier.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.model.format.ScheduleWriter;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.kernels.PingpongKernel.Form;
import io.pipeverify.verifier.kernels.PingpongKernel.Variant;
import io.pipeverify.verifier.repair.RepairPlan;
import io.pipeverify.verifier.repair.SmallestRepair;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 12's done-when on a kernel of the shape it describes ({@link PingpongKernel}): the one
 * program with {@code when} and a k-chunk expression and the four-role transcription give the same
 * findings; the race is a few findings with instance counts; the repair is one edit made in every
 * role; unequal trailing barriers are a barrier finding and the races are still checked.
 */
class PingpongKernelTest {
  private static final Path EXAMPLES = Path.of("..", "docs", "examples");

  private static VerificationReport verify(Form form, Variant variant) {
    return Verifier.verify(PingpongKernel.build(form, variant), VerifyOptions.defaults());
  }

  /** What a finding says apart from its representative's wording and roles' names. */
  private record Shape(
      String cause,
      List<String> rules,
      int instances,
      List<Integer> waves,
      List<Integer> iterations) {
    static List<Shape> of(VerificationReport r) {
      return r.verdict().findings().stream()
          .map(f -> new Shape(f.cause().key(), f.rules(), f.instances(), f.waves(), f.iterations()))
          .toList();
    }
  }

  @Test
  void theKernelHasTheShapeOfARealPingPongKernel() {
    Schedule one = PingpongKernel.build(Form.ONE_PROGRAM, Variant.RACY);
    assertEquals(List.of(), ScheduleValidator.validate(one));
    assertEquals(1, one.programs().size());
    WaveProgram main = one.programs().get(0);
    assertEquals(110, main.loop().size(), "ops per wave per iteration");
    assertEquals(
        16,
        main.loop().stream().map(op -> op.origin().describe()).distinct().count(),
        "one stage per phase");
    Schedule specialized = WaveSpecialization.specialize(one);
    assertEquals(
        List.of("main[0,2]", "main[1,3]", "main[4,6]", "main[5,7]"),
        specialized.programs().stream().map(WaveProgram::role).toList());
    Schedule four = PingpongKernel.build(Form.FOUR_ROLES, Variant.RACY);
    for (int w = 0; w < PingpongKernel.WAVES; w++) {
      for (Section section : Section.values()) {
        assertEquals(
            evaluated(four, w, section),
            evaluated(specialized, w, section),
            "wave " + w + " " + section.id());
      }
    }
  }

  /**
   * A wave's ops as they run at k = 1, T = 2: kind, stage, and for LDS accesses the slot, bytes and
   * k-chunk (the forms write the same numbers as different expressions).
   */
  private static List<String> evaluated(Schedule s, int w, Section section) {
    Map<String, Long> env = s.waveEnv(w);
    env.put(Schedule.K, 1L);
    env.put(Schedule.TRIP_COUNT, 2L);
    return s.programOf(w).section(section).stream()
        .map(
            op ->
                op.kind()
                    + " "
                    + op.origin().describe()
                    + (op instanceof Op.LdsAccess a
                        ? " slot "
                            + a.slot().eval(env)
                            + " bytes "
                            + a.region().start().eval(env)
                            + "+"
                            + a.region().count().eval(env)
                            + " kc "
                            + a.tile().kChunk().orElseThrow().eval(env)
                        : ""))
        .toList();
  }

  @Test
  void theRepairedKernelVerifiesInBothForms() {
    assertInstanceOf(Verdict.Verified.class, verify(Form.ONE_PROGRAM, Variant.REPAIRED).verdict());
    assertInstanceOf(Verdict.Verified.class, verify(Form.FOUR_ROLES, Variant.REPAIRED).verdict());
  }

  /**
   * The race is one root cause in both forms: the phase-8 s_waitcnt vmcnt(0) after the barrier
   * retires group 1's copies too late for group 0's reads (two P1 RAW defects and the P2 of the
   * first reads of the slot, all of its instances).
   */
  @Test
  void theRaceIsOneRootCauseWithAllItsInstancesInBothForms() {
    VerificationReport one = verify(Form.ONE_PROGRAM, Variant.RACY);
    List<Shape> expected =
        List.of(
            new Shape(
                "retired too late on vmcnt by s_waitcnt vmcnt(0) in loop phase 8",
                List.of("P1 RAW", "P2 UNINITIALIZED"),
                36,
                List.of(2, 3, 4, 6),
                List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)));
    assertEquals(expected, Shape.of(one));
    assertEquals(expected, Shape.of(verify(Form.FOUR_ROLES, Variant.RACY)));
    assertEquals(0, one.findingsOmitted());
    Finding race = one.verdict().findings().get(0);
    assertEquals(3, race.violations().size());
    assertEquals(List.of("main[0,2]", "main[1,3]", "main[4,6]"), race.roles());
    assertEquals(
        "g2s B at loop, phase 12 is retired only by the s_waitcnt vmcnt(0) at loop, phase 8, too"
            + " late for ds_read B at loop, phase 0, which needs it; that wait must come earlier,"
            + " or an earlier one retire it",
        race.cause().text());
    assertTrue(
        race.representative().summary().contains("may read before wave 4 loop"),
        "group 0 reads what group 1 copied: " + race.representative().summary());
    assertEquals("B", race.representative().ops().get(0).buffer());
  }

  @Test
  void theRepairIsOneEditMadeInEveryRole() {
    for (Form form : Form.values()) {
      VerificationReport report = verify(form, Variant.RACY);
      RepairPlan plan =
          new SmallestRepair(VerifyOptions.defaults(), SmallestRepair.DEFAULT_MAX_EDITS)
              .plan(report);
      assertTrue(plan.verifies(), form.toString());
      assertEquals(1, plan.steps().size(), form.toString());
      assertEquals(1, plan.changeCount(), form.toString());
      assertEquals(
          "in every role, in the loop (phase 15), before the s_barrier, insert s_waitcnt vmcnt(0)",
          plan.steps().get(0).repair().describe(),
          form.toString());
    }
  }

  @Test
  void unequalTrailingBarriersAreABarrierFindingAndTheRacesAreStillChecked() {
    VerificationReport one = verify(Form.ONE_PROGRAM, Variant.UNEQUAL_BARRIERS);
    List<Shape> shapes = Shape.of(one);
    assertEquals(2, shapes.size(), shapes.toString());
    assertEquals(
        new Shape(
            "defect P6 BARRIER_MISMATCH", List.of("P6 BARRIER_MISMATCH"), 1, List.of(), List.of()),
        shapes.get(0));
    assertEquals(List.of("P1 RAW", "P2 UNINITIALIZED"), shapes.get(1).rules());
    assertEquals(6, one.verdict().findings().get(1).violations().size());
    assertTrue(
        one.verdict()
            .violations()
            .get(0)
            .missingEdge()
            .contains("it completes only after wave 0 has ended (an ended wave no longer counts;"),
        one.verdict().violations().get(0).missingEdge());
    assertEquals(shapes, Shape.of(verify(Form.FOUR_ROLES, Variant.UNEQUAL_BARRIERS)));
  }

  /**
   * docs/examples/pingpong-kernel.json (one program) and pingpong-kernel-4roles.json are this
   * generator's racy kernel; regenerate with {@code -Dpipeverify.updateGolden=true}.
   */
  @Test
  void theExampleFilesAreTheGeneratorsOutputAndReadBack() throws Exception {
    for (Form form : Form.values()) {
      Path file =
          EXAMPLES.resolve(
              form == Form.ONE_PROGRAM ? "pingpong-kernel.json" : "pingpong-kernel-4roles.json");
      Schedule s = PingpongKernel.build(form, Variant.RACY);
      String text = ScheduleWriter.write(s);
      if (Boolean.getBoolean("pipeverify.updateGolden")) {
        Files.writeString(file, text, StandardCharsets.UTF_8);
      }
      assertEquals(
          text,
          Files.readString(file, StandardCharsets.UTF_8),
          file + " differs (regenerate with -Dpipeverify.updateGolden=true)");
      assertEquals(s.programs(), ScheduleReader.read(file.toString(), text).programs());
    }
  }
}

package io.pipeverify.verifier.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.report.FuzzReportRenderer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code fuzz --compile}'s classes with a compiler stood in for (the code generator implements the
 * real one, tested through the CLI): a verified configuration whose compiled kernel is violated
 * makes a class introduced by the compiler, with the compiled kernel's violation and an {@code
 * emit} reproducer; one whose kernel cannot be checked makes a class of its reason, without a
 * violation; a configuration whose schedule is violated is never compiled.
 */
class CompiledFuzzClassesTest {
  private static final PipelineTransform<?> TILELANG =
      Transforms.byName("tilelang-pipelined").orElseThrow();

  /** The racy cdna4-interleave default's finding: what a broken compiled kernel shows. */
  private static List<Finding> racy() {
    try {
      return Verifier.verify(
              Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of()),
              VerifyOptions.defaults())
          .verdict()
          .findings();
    } catch (KnobException e) {
      throw new AssertionError(e);
    }
  }

  private static final List<Finding> RACY = racy();

  /** Cannot check kernels with 2 waves; breaks every other. */
  private static final class StandIn implements CompilerOracle {
    int calls;

    @Override
    public String version() {
      return "stand-in compiler 1.0";
    }

    @Override
    public synchronized Compiled check(VerificationReport report) {
      calls++;
      String name = report.schedule().name();
      if (name.contains("waves=2")) {
        return new Compiled.NotChecked("not lifted: stand-in reason");
      }
      return new Compiled.Violated(RACY);
    }
  }

  private static FuzzResult run(StandIn compiler) {
    FuzzSettings s =
        new FuzzSettings(
            new BuiltinGenerator(TILELANG, Optional.of(compiler)),
            Map.of(),
            40,
            3,
            Shard.WHOLE,
            Optional.empty(),
            VerifyOptions.defaults(),
            2);
    return FuzzCampaign.run(
        s,
        new FuzzCampaign.Progress() {
          @Override
          public void tried(int done, int planned, int classes, int invalid, Duration elapsed) {}

          @Override
          public void shrunk(int done, int total, Duration elapsed) {}
        });
  }

  @Test
  void compiledKernelsMakeClassesOfTheirOwn() {
    StandIn compiler = new StandIn();
    FuzzResult r = run(compiler);
    FuzzClass introduced =
        r.classes().stream()
            .filter(c -> c.key().describe().startsWith("introduced by the compiler: "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(r.classes().toString()));
    assertEquals(
        "introduced by the compiler: " + RACY.get(0).cause().family(), introduced.key().describe());
    assertEquals(Optional.of(RACY.get(0).representative()), introduced.example());
    // The defaults verify as a schedule, and their kernel is broken: the smallest configuration.
    assertEquals(Map.of(), introduced.minimal());
    assertEquals("pipeverify emit --builtin tilelang-pipelined --out DIR", r.reproduce(introduced));
    FuzzClass notChecked =
        r.classes().stream()
            .filter(c -> c.key().describe().startsWith("compiled kernel not checked: "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(r.classes().toString()));
    assertEquals(
        "compiled kernel not checked: not lifted: stand-in reason", notChecked.key().describe());
    assertEquals(Optional.empty(), notChecked.example());
    assertEquals(Map.of("waves", "2"), notChecked.minimal());
    // Only schedules that verify are compiled: fewer calls than distinct schedules verified.
    assertTrue(compiler.calls > 0 && compiler.calls < r.verifications(), compiler.calls + "");
    String text = new FuzzReportRenderer(false).text(r);
    assertTrue(
        text.contains(
            "compiled: the kernel of every configuration that verifies, with stand-in compiler"
                + " 1.0, lifted from its assembly and verified\n"),
        text);
    assertTrue(
        text.contains(
            "] compiled kernel not checked: not lifted: stand-in reason\n" + "  seen in "),
        text);
    String json = new FuzzReportRenderer(false).json(r);
    assertTrue(json.contains("\"compiler\" : \"stand-in compiler 1.0\""), json);
    assertTrue(json.contains("\"rule\" : \"not-checked\""), json);
  }
}

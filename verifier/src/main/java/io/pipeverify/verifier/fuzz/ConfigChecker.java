package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Configures, generates and verifies one knob combination of a transform, as {@code pipeverify
 * verify --builtin} would (the same validation, the same options), so that a class's reproduce
 * command shows what the campaign saw. Thread-safe.
 *
 * <p>Outcomes are cached by the generated schedule without its name and nominal trip count: knobs
 * that change neither the ops nor the layout (the nominal trip count; a knob whose stage does not
 * exist at that stage count) give the same schedule, and the shrinker asks for many configurations
 * twice. The cache is what makes a campaign's throughput more than one verification per try.
 */
final class ConfigChecker implements Generator.Checker {
  private final PipelineTransform<?> transform;
  private final VerifyOptions options;
  private final Optional<CompilerOracle> compiler;
  private final Map<Schedule, CompletableFuture<Outcome>> verified = new ConcurrentHashMap<>();

  ConfigChecker(
      PipelineTransform<?> transform, VerifyOptions options, Optional<CompilerOracle> compiler) {
    this.transform = transform;
    this.compiler = compiler;
    // The same violations as verify reports, without the trip counts after the report's cap
    // (40% of the CPU time of the cdna4-interleave campaigns), and without the interleavings a
    // campaign never shows (its reports print summaries and missing edges; docs/PERFORMANCE.md).
    this.options = options.withStopAtCap(true).withTraces(false);
  }

  @Override
  public Outcome check(Map<String, String> knobs) {
    PassConfig config;
    try {
      config = transform.configure(knobs);
    } catch (KnobException e) {
      return new Outcome.Invalid(e.problems());
    }
    Schedule schedule = transform.generateFrom(config);
    List<ScheduleValidator.Problem> problems = ScheduleValidator.validate(schedule);
    if (!problems.isEmpty()) {
      return new Outcome.Invalid(
          problems.stream().map(p -> p.pointer() + ": " + p.message()).toList());
    }
    Schedule key =
        new Schedule(
            "",
            schedule.target(),
            schedule.waves(),
            schedule.implicitWaits(),
            schedule.waveParams(),
            schedule.buffers(),
            schedule.gemm(),
            schedule.programs(),
            1);
    // The first thread to ask verifies; one that asks meanwhile waits for that outcome instead of
    // verifying the same schedule again (the shrinkers of two classes often ask alike).
    CompletableFuture<Outcome> mine = new CompletableFuture<>();
    CompletableFuture<Outcome> known = verified.putIfAbsent(key, mine);
    if (known != null) {
      return known.join();
    }
    try {
      Outcome fresh = verify(schedule);
      mine.complete(fresh);
      return fresh;
    } catch (RuntimeException | Error e) {
      mine.completeExceptionally(e);
      throw e;
    }
  }

  /**
   * The schedule's classes; with a compiler, a schedule that verifies has the classes of its
   * compiled kernel: the root causes it introduced, or why it could not be checked.
   */
  private Outcome verify(Schedule schedule) {
    VerificationReport report = Verifier.verify(schedule, options);
    Verdict verdict = report.verdict();
    Map<ClassKey, Optional<Finding>> classes = new LinkedHashMap<>();
    for (Finding f : verdict.findings()) {
      classes.putIfAbsent(ClassKey.of(f), Optional.of(f));
    }
    if (verdict instanceof Verdict.Verified && compiler.isPresent()) {
      CompilerOracle.Compiled c = compiler.get().check(report);
      if (c instanceof CompilerOracle.Compiled.Violated v) {
        for (Finding f : v.findings()) {
          classes.putIfAbsent(ClassKey.introduced(f), Optional.of(f));
        }
      } else if (c instanceof CompilerOracle.Compiled.NotChecked n) {
        classes.put(ClassKey.notChecked(n.reason()), Optional.empty());
      }
    }
    return new Outcome.Checked(verdict.id(), classes);
  }

  /** Distinct schedules verified so far (each once). */
  @Override
  public int verifications() {
    return verified.size();
  }
}

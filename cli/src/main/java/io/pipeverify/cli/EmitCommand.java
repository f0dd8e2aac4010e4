package io.pipeverify.cli;

import io.pipeverify.codegen.compiled.CompiledReport;
import io.pipeverify.codegen.compiled.CompiledReportRenderer;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pipeverify emit}: verify, then emit HIP, then (with clang-22) compile and check what clang
 * made of it. Pipeline: load -> verify (refuse with the counterexample, no file written) -> emit
 * kernel.hip -> compile kernel.s -> lift and verify the compiled kernel, compare its loop with the
 * schedule's in events -> compiled-report.{txt,json} (kernel.hip renamed kernel.rejected.hip when
 * the compiled kernel does not verify).
 */
@Command(
    name = "emit",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Emit a HIP kernel for a schedule that verifies; with clang++-22 on PATH also compile it,"
          + " lift the compiled kernel from its assembly and verify it, and report what the"
          + " compiler changed in the loop (waits inserted, weakened or dropped, ops moved).",
      "Exit codes: 0 emitted (and the compiled kernel verifies, or clang++-22 is absent),"
          + " 1 the schedule or the compiled kernel is violated or cannot be lifted (kernel.hip"
          + " is then renamed kernel.rejected.hip), 2 bad input or usage, 3 inconclusive,"
          + " 4 internal error, 5 clang++-22 failed."
    })
final class EmitCommand implements Callable<Integer> {
  private final Console console;

  @Mixin ScheduleSource.One source;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description =
          "Directory for kernel.hip (and kernel.s, compiled-report.txt, compiled-report.json).")
  String out;

  @Option(
      names = "--target",
      paramLabel = "gfx950|gfx942",
      converter = Converters.TargetConverter.class,
      description = "Target (for --builtin: the transform's target knob, so g2s follow it).")
  Target target;

  @Option(
      names = "--merged-shared",
      description =
          "One merged __shared__ array instead of one per buffer and slot (reproduces seed note"
              + " 003: LLVM then inserts vmcnt(0) before ds_reads).")
  boolean mergedShared;

  EmitCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, IOException, ExternalToolException {
    source.checkUsage();
    Path dir = KernelBuild.directory("--out", out);
    // The kernel is emitted from the program each wave runs (when and k-chunk expressions
    // resolved).
    Schedule schedule = WaveSpecialization.specialize(load());
    List<String> problems = HipEmitter.problems(schedule);
    if (!problems.isEmpty()) {
      List<String> lines = new ArrayList<>();
      for (String p : problems) {
        lines.add("pipeverify: cannot emit " + schedule.name() + ": " + p);
      }
      throw new InputException(lines);
    }
    VerificationReport report = Verifier.verify(schedule, VerifyOptions.defaults());
    Optional<VerifiedSchedule> verified = Verifier.certify(report);
    if (verified.isEmpty()) {
      console.out().print(new TextReportRenderer(true).render(report));
      console
          .err()
          .println(
              "pipeverify: "
                  + schedule.name()
                  + " does not verify ("
                  + report.verdict().id()
                  + "); no HIP emitted and nothing written");
      return report.exitCode();
    }
    Optional<CompiledReport> compiled =
        KernelBuild.run(verified.get(), new EmitOptions(mergedShared), dir, console);
    if (compiled.isEmpty()) {
      console
          .err()
          .println(
              "pipeverify: compiled check skipped: "
                  + ClangCompiler.EXECUTABLE
                  + " is not on PATH (apt-get install clang-22)");
      return ExitCode.OK;
    }
    console.out().print(CompiledReportRenderer.text(compiled.get()));
    return compiled.get().status().exitCode();
  }

  /** The schedule, with --target applied (as a knob for --builtin; re-validated for a file). */
  private Schedule load() throws InputException, ExternalToolException {
    if (source.isBuiltin()) {
      return source.load(console.in(), source.knobs(target, null));
    }
    return ScheduleSource.overridden(
        source.loadWithIntent(console.in(), Map.of(), "emit"), source.file, target, null);
  }
}

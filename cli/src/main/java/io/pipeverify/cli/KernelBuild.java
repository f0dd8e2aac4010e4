package io.pipeverify.cli;

import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.hip.UnsupportedScheduleException;
import io.pipeverify.codegen.isa.ClangCompiler;
import io.pipeverify.codegen.isa.ExternalToolException;
import io.pipeverify.codegen.isa.IsaChecker;
import io.pipeverify.codegen.isa.IsaReport;
import io.pipeverify.codegen.isa.IsaReportRenderer;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.verifier.VerifiedSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What happens to a verified schedule after verification in {@code emit} and {@code relax --isa}:
 * kernel.hip written into a directory, compiled with clang++-22 into kernel.s, its loop checked
 * against the schedule (isa-report.txt and .json).
 */
final class KernelBuild {
  private KernelBuild() {}

  /**
   * The directory {@code dir} given with {@code option}: bad input when it is not a path or names
   * something that is not a directory (it need not exist yet).
   */
  static Path directory(String option, String dir) throws InputException {
    try {
      Path p = Path.of(dir);
      if (Files.exists(p) && !Files.isDirectory(p)) {
        throw new InputException(
            "pipeverify: " + option + " " + dir + " exists and is not a directory");
      }
      return p;
    } catch (InvalidPathException e) {
      throw new InputException("pipeverify: " + option + " " + dir + ": " + e.getMessage());
    }
  }

  /**
   * The ISA report, or empty when clang++-22 is not on PATH (after kernel.hip is written); the
   * caller says what a missing compiler means for its command.
   */
  static Optional<IsaReport> run(
      VerifiedSchedule verified, EmitOptions options, Path dir, Console console)
      throws InputException, IOException, ExternalToolException {
    String name = verified.schedule().name();
    String hip;
    try {
      hip = HipEmitter.emit(verified, options);
    } catch (UnsupportedScheduleException e) {
      throw new InputException("pipeverify: cannot emit " + name + ": " + e.getMessage());
    }
    Files.createDirectories(dir);
    Path hipFile = dir.resolve("kernel.hip");
    Files.writeString(hipFile, hip, StandardCharsets.UTF_8);
    console.err().println("pipeverify: wrote " + hipFile);
    Optional<ClangCompiler> clang = ClangCompiler.locate();
    if (clang.isEmpty()) {
      return Optional.empty();
    }
    Path asmFile = dir.resolve("kernel.s");
    String diagnostics = clang.get().compile(verified.schedule().target(), hipFile, asmFile);
    if (!diagnostics.isBlank()) {
      console.err().print(diagnostics);
    }
    console.err().println("pipeverify: wrote " + asmFile);
    IsaReport isa;
    try {
      isa =
          IsaChecker.check(verified, Files.readString(asmFile, StandardCharsets.UTF_8), "kernel.s");
    } catch (AsmSyntaxException e) {
      // clang-22 wrote it: a listing the decoder cannot read is a gap in pipeverify's decoder.
      throw new IllegalStateException(
          "the ISA decoder cannot read clang's output (docs/isa.md): " + e.getMessage(), e);
    }
    Files.writeString(
        dir.resolve("isa-report.txt"), IsaReportRenderer.text(isa), StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("isa-report.json"), IsaReportRenderer.json(isa), StandardCharsets.UTF_8);
    return Optional.of(isa);
  }
}

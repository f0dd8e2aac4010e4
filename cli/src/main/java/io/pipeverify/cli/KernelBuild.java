package io.pipeverify.cli;

import io.pipeverify.codegen.compiled.CompiledCheck;
import io.pipeverify.codegen.compiled.CompiledReport;
import io.pipeverify.codegen.compiled.CompiledReportRenderer;
import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.hip.UnsupportedScheduleException;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.VerifiedSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * What happens to a verified schedule after verification in {@code emit} and {@code relax --isa}:
 * kernel.hip written into a directory, compiled with clang++-22 into kernel.s, the compiled kernel
 * lifted, verified and its loop compared with the schedule's (compiled-report.txt and .json).
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
   * The compiled check's report, or empty when clang++-22 is not on PATH (after kernel.hip is
   * written); the caller says what a missing compiler means for its command. When the compiled
   * kernel does not verify (or cannot be lifted), kernel.hip is renamed kernel.rejected.hip, so
   * that no file is left as if it were good; kernel.s and the reports stay to say where.
   */
  static Optional<CompiledReport> run(
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
    return Optional.of(check(verified, dir, console));
  }

  /**
   * The compiled check of dir/kernel.s, written as dir/compiled-report.{txt,json}; dir/kernel.hip
   * renamed kernel.rejected.hip when the compiled kernel does not verify.
   */
  static CompiledReport check(VerifiedSchedule verified, Path dir, Console console)
      throws IOException {
    Path hipFile = dir.resolve("kernel.hip");
    Path asmFile = dir.resolve("kernel.s");
    CompiledReport compiled;
    try {
      compiled =
          CompiledCheck.check(
              verified, Files.readString(asmFile, StandardCharsets.UTF_8), "kernel.s");
    } catch (AsmSyntaxException e) {
      // clang-22 wrote it: a listing the decoder cannot read is a gap in pipeverify's decoder.
      throw new IllegalStateException(
          "the ISA decoder cannot read clang's output (docs/isa.md): " + e.getMessage(), e);
    }
    Files.writeString(
        dir.resolve("compiled-report.txt"),
        CompiledReportRenderer.text(compiled),
        StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("compiled-report.json"),
        CompiledReportRenderer.json(compiled),
        StandardCharsets.UTF_8);
    if (!compiled.status().verified()) {
      Path rejected = dir.resolve("kernel.rejected.hip");
      Files.move(hipFile, rejected, StandardCopyOption.REPLACE_EXISTING);
      console
          .err()
          .println(
              "pipeverify: the compiled kernel is "
                  + compiled.status().id()
                  + " (compiled-report.txt says where); "
                  + hipFile
                  + " renamed "
                  + rejected);
    }
    return compiled;
  }
}

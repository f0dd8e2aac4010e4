package io.pipeverify.codegen.compiled;

import io.pipeverify.codegen.hip.EmitOptions;
import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.codegen.hip.UnsupportedScheduleException;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.fuzz.CompilerOracle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code fuzz --compile}'s compiler (docs/fuzzing.md): a configuration whose schedule verifies is
 * emitted as {@code emit} does it (each wave's program specialised), compiled with clang-22 in a
 * directory of its own, and checked ({@link CompiledCheck}: lifted from the assembly and verified).
 * A kernel that cannot be emitted, compiled or lifted, or whose check is undecided, is not checked,
 * with the reason in words that name no line or op position, so that configurations with the same
 * reason make one class. Thread-safe: every check has its own directory, removed afterwards;
 * closing removes the oracle's temporary directory.
 */
public final class CompilingOracle implements CompilerOracle, AutoCloseable {
  private final ClangCompiler clang;
  private final String version;
  private final Path scratch;

  private CompilingOracle(ClangCompiler clang, String version, Path scratch) {
    this.clang = clang;
    this.version = version;
    this.scratch = scratch;
  }

  /** An oracle compiling with {@code clang} in a new temporary directory. */
  public static CompilingOracle start(ClangCompiler clang)
      throws ExternalToolException, IOException {
    return new CompilingOracle(
        clang, clang.version(), Files.createTempDirectory("pipeverify-fuzz-compile"));
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public Compiled check(VerificationReport report) {
    Schedule schedule = WaveSpecialization.specialize(report.schedule());
    List<String> problems = HipEmitter.problems(schedule);
    if (!problems.isEmpty()) {
      return notChecked("not emitted", problems);
    }
    // Specialising changes nothing in most schedules: their verification is the report's.
    Optional<VerifiedSchedule> verified =
        Verifier.certify(
            schedule.equals(report.schedule())
                ? report
                : Verifier.verify(schedule, report.options()));
    if (verified.isEmpty()) {
      return new Compiled.NotChecked(
          "the schedule as emitted (one program per wave) does not verify");
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory(scratch, "try");
      Path hip = dir.resolve("kernel.hip");
      Path asm = dir.resolve("kernel.s");
      Files.writeString(
          hip, HipEmitter.emit(verified.get(), EmitOptions.defaults()), StandardCharsets.UTF_8);
      clang.compile(schedule.target(), hip, asm);
      CompiledReport r =
          CompiledCheck.check(
              verified.get(), Files.readString(asm, StandardCharsets.UTF_8), "kernel.s");
      return switch (r.status()) {
        case CONFORMS, DEVIATES_SAFE -> new Compiled.Verified();
        case VIOLATED -> violated(r);
        case INCONCLUSIVE -> new Compiled.NotChecked("the compiled kernel is inconclusive");
        case UNLIFTABLE -> notChecked("not lifted", List.of(r.unliftable().orElse("")));
      };
    } catch (UnsupportedScheduleException e) {
      return notChecked("not emitted", e.problems());
    } catch (ExternalToolException e) {
      return notChecked(ClangCompiler.EXECUTABLE + " failed", List.of(e.getMessage()));
    } catch (AsmSyntaxException e) {
      return notChecked("not lifted", List.of(e.getMessage()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      delete(dir);
    }
  }

  private static Compiled violated(CompiledReport r) {
    for (CompiledReport.Lifted l : r.lifted()) {
      if (l.report().verdict() instanceof Verdict.Violated v) {
        return new Compiled.Violated(v.findings());
      }
    }
    throw new IllegalStateException("a violated compiled report without a violated lift");
  }

  /**
   * "not lifted: the LDS address of ds_read_b128 depends on an unknown value": the reasons without
   * the line or op position they name (one class for every configuration that fails alike).
   */
  static Compiled notChecked(String what, List<String> reasons) {
    Set<String> general = new LinkedHashSet<>();
    for (String r : reasons) {
      general.add(
          r.lines()
              .findFirst()
              .orElse("")
              .replaceAll("kernel\\.s:\\d+: ", "")
              .replaceAll("^(prologue|loop|epilogue) op \\d+ \\([^)]*\\): ", "")
              .replaceAll(" on \\S*kernel\\.hip", ""));
    }
    return new Compiled.NotChecked(what + ": " + String.join("; ", general));
  }

  @Override
  public void close() {
    delete(scratch);
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // A scratch file left behind in the temporary directory changes no result.
    }
  }
}

package io.pipeverify.codegen.tools;

import io.pipeverify.isa.tools.ExternalTool;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Runs Debian's {@code clang++-22} on an emitted kernel: {@code -x hip --offload-arch=<target>
 * -nogpulib -nogpuinc --cuda-device-only -O3 -S -Werror}, device code only, no ROCm install needed.
 */
public final class ClangCompiler {
  /** The executable looked up on PATH. */
  public static final String EXECUTABLE = "clang++-22";

  private static final Duration TIMEOUT = Duration.ofSeconds(300);

  private final ExternalTool tool;

  private ClangCompiler(Path executable) {
    this.tool = new ExternalTool(EXECUTABLE, executable, TIMEOUT);
  }

  /** The compiler at {@code executable}, whatever PATH says (a pinned or wrapped compiler). */
  public static ClangCompiler at(Path executable) {
    return new ClangCompiler(executable);
  }

  /** The compiler on PATH, or empty when it is not installed. */
  public static Optional<ClangCompiler> locate() {
    return ExternalTool.onPath(EXECUTABLE).map(ClangCompiler::new);
  }

  /** The command line that compiles {@code hip} to {@code asm}. */
  public List<String> command(Target target, Path hip, Path asm) {
    return List.of(
        tool.executable().toString(),
        "-x",
        "hip",
        "--offload-arch=" + target.id(),
        "-nogpulib",
        "-nogpuinc",
        "--cuda-device-only",
        "-O3",
        "-Werror",
        "-S",
        "-o",
        asm.toString(),
        hip.toString());
  }

  /** The first line of {@code clang++-22 --version}, e.g. "Debian clang version 22.1.8 (...)". */
  public String version() throws ExternalToolException {
    return tool.run(List.of("--version"), "--version").lines().findFirst().orElse("").strip();
  }

  /**
   * Compiles {@code hip} to {@code asm} and returns what clang printed (warnings; empty when
   * silent). A compiler that cannot be started, times out or exits non-zero is an {@link
   * ExternalToolException} carrying clang's output.
   */
  public String compile(Target target, Path hip, Path asm) throws ExternalToolException {
    List<String> command = command(target, hip, asm);
    return tool.run(command.subList(1, command.size()), hip.toString());
  }
}

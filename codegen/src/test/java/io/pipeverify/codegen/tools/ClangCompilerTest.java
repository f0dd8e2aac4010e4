package io.pipeverify.codegen.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a compiler that cannot run or fails is reported: a tool failure, never a crash. */
class ClangCompilerTest {
  @TempDir Path tmp;

  /** A stand-in compiler: a shell script that prints {@code output} and exits {@code code}. */
  private Path fakeCompiler(String output, int code) throws IOException {
    Path script = tmp.resolve("fake-clang");
    Files.writeString(script, "#!/bin/sh\necho '" + output + "'\nexit " + code + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  @Test
  void aNonZeroExitIsAToolFailureCarryingTheCompilersOutput() throws IOException {
    ClangCompiler clang = ClangCompiler.at(fakeCompiler("kernel.hip:9:1: error: boom", 1));
    ExternalToolException e =
        assertThrows(
            ExternalToolException.class,
            () -> clang.compile(Target.GFX950, tmp.resolve("kernel.hip"), tmp.resolve("k.s")));
    assertEquals(
        "clang++-22 failed on "
            + tmp.resolve("kernel.hip")
            + " (exit 1):\nkernel.hip:9:1: error: boom",
        e.getMessage());
  }

  @Test
  void aCompilerThatCannotBeStartedIsAToolFailure() {
    Path missing = tmp.resolve("no-such-clang");
    ExternalToolException e =
        assertThrows(
            ExternalToolException.class,
            () ->
                ClangCompiler.at(missing)
                    .compile(Target.GFX942, tmp.resolve("kernel.hip"), tmp.resolve("k.s")));
    assertTrue(e.getMessage().startsWith("could not run " + missing + ": "), e.getMessage());
  }

  @Test
  void warningsOfASuccessfulCompileAreReturned() throws Exception {
    ClangCompiler clang = ClangCompiler.at(fakeCompiler("warning: w", 0));
    assertEquals(
        "warning: w\n", clang.compile(Target.GFX950, tmp.resolve("k.hip"), tmp.resolve("k.s")));
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.tools.ClangCompiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fuzz --knobs SPEC --generate CMD} (issue 37): a campaign over a user's own generator, run
 * as a command for every configuration, its output read and verified as {@code verify} would.
 */
class FuzzGeneratorTest {
  @TempDir Path tmp;

  private static final Path EXAMPLES = Path.of("..", "docs", "examples");

  private Path spec(String json) throws Exception {
    Path p = tmp.resolve("knobs.json");
    Files.writeString(p, json);
    return p;
  }

  /** {@code fuzz --knobs KNOBS --generate COMMAND MORE...}. */
  private static Cli.Result fuzz(Path knobs, String command, String... more) {
    List<String> args =
        new ArrayList<>(List.of("fuzz", "--knobs", knobs.toString(), "--generate", command));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  /** A generator that copies one of two documented schedules: the ping-pong one is violated. */
  @Test
  void aGeneratorsViolatedConfigurationIsAClassWithItsReproducer() throws Exception {
    Path knobs =
        spec(
            "{\"name\": \"copies\", \"knobs\": [{\"name\": \"variant\", \"type\": \"choice\","
                + " \"choices\": [\"double-buffer\", \"pingpong-kernel\"], \"default\":"
                + " \"double-buffer\"}]}");
    Cli.Result r =
        fuzz(knobs, "cp " + EXAMPLES + "/{variant}.json {out}", "--tries", "6", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .startsWith(
                "fuzz copies: seed 1, 6 tries; 0 invalid combinations skipped; 6 checked: 5"
                    + " verified, 1 violated, 0 inconclusive; 1 class\n"),
        r.dump());
    assertTrue(r.out().contains("  minimal: --opt variant=pingpong-kernel\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "  reproduce: cp "
                    + EXAMPLES
                    + "/pingpong-kernel.json generated.out && pipeverify verify generated.out\n"),
        r.dump());
  }

  @Test
  void aGeneratorThatFailsIsTheClassDoesNotBuild() throws Exception {
    Path knobs =
        spec(
            "{\"knobs\": [{\"name\": \"n\", \"type\": \"int\", \"min\": 1, \"max\": 3,"
                + " \"default\": 1}]}");
    Cli.Result r = fuzz(knobs, "ls /nonexistent-{n} {out}", "--tries", "3", "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("] does not build: exit 2, stderr: ls: cannot access"), r.dump());
    assertTrue(
        r.out().contains("  reproduce: ls /nonexistent-1 generated.out && pipeverify"), r.dump());
  }

  @Test
  void constraintsKeepConfigurationsOut() throws Exception {
    Path knobs =
        spec(
            "{\"knobs\": [{\"name\": \"a\", \"type\": \"int\", \"min\": 1, \"max\": 4,"
                + " \"default\": 1}, {\"name\": \"b\", \"type\": \"bool\", \"default\": false}],"
                + " \"constraints\": [\"a <= 2 || b == 1\"]}");
    Cli.Result r =
        fuzz(
            knobs, "cp " + EXAMPLES + "/double-buffer.json {out}", "--tries", "40", "--no-timings");
    assertEquals(0, r.code(), r.dump());
    // Tries with a = 3 or 4 and b false break the constraint: counted invalid, not run.
    assertTrue(
        r.out()
            .startsWith(
                "fuzz knobs: seed 1, 40 tries; 4 invalid combinations skipped; 36 checked: 36"
                    + " verified, 0 violated, 0 inconclusive; 0 classes\n"),
        r.dump());
  }

  @Test
  void mistakesInTheSpecAndTheCommandAreBadInput() throws Exception {
    Path bad =
        spec(
            "{\"knobs\": [{\"name\": \"a\", \"type\": \"int\", \"min\": 3, \"max\": 1,"
                + " \"default\": 1}]}");
    Cli.Result r = fuzz(bad, "cp x {out}", "--tries", "1");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        bad + ":1:12: error at /knobs/0: expected min <= max and at most 100000 values\n",
        r.err(),
        r.dump());
    Path unknown =
        spec(
            "{\"knobs\": [{\"name\": \"a\", \"type\": \"bool\", \"default\": true}],"
                + " \"constraints\": [\"c == 1\"]}");
    r = fuzz(unknown, "cp x {out}");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err().contains("error at /constraints/0: 'c' is not a knob (knobs: [a])"), r.dump());
    Path good = spec("{\"knobs\": [{\"name\": \"a\", \"type\": \"bool\", \"default\": true}]}");
    r = fuzz(good, "cp {b} {out}");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: --generate: {b} is no knob of the --knobs file (knobs: a; {out} is the output"
            + " file)\n",
        r.err());
    r = fuzz(good, "cp {a} x");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err().startsWith("pipeverify: --generate: the command must write its output to {out}"),
        r.dump());
    r = fuzz(good, "cp {a} {out}", "--opt", "a=7");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: knobs: '7' is not a value of knob 'a' (expected one of [false, true])\n",
        r.err());
  }

  /**
   * The documented example (docs/fuzzing.md): a templated HIP GEMM compiled by clang-22 for every
   * configuration. The campaign finds the racy knobs, each shrunk to one: a single LDS slot, no
   * wait for the fragment reads, no drain of the copies; each reproducer, run as a user would,
   * gives a violated kernel.
   */
  @Test
  void aTemplatedHipKernelsRacyConfigurationsAreFoundAndShrunk() throws Exception {
    assumeTrue(
        ClangCompiler.locate().isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    Path hip = EXAMPLES.resolve("fuzz-hip");
    String clang =
        "clang++-22 -x hip --offload-arch=gfx950 -nogpulib -nogpuinc --cuda-device-only -O3 -S";
    Cli.Result r =
        Cli.run(
            "fuzz",
            "--knobs",
            hip.resolve("knobs.json").toString(),
            "--generate",
            clang
                + " -DSLOTS={slots} -DPHASES={phases} -DWAIT_READS={waitReads} -DDRAIN={drain}"
                + " -o {out} "
                + hip.resolve("gemm.hip"),
            "--tries",
            "12",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--no-timings");
    assertEquals(1, r.code(), r.dump());
    List<String> minimal =
        r.out().lines().filter(l -> l.startsWith("  minimal: ")).distinct().sorted().toList();
    assertEquals(
        List.of(
            "  minimal: --opt drain=false",
            "  minimal: --opt slots=1",
            "  minimal: --opt waitReads=false"),
        minimal,
        r.dump());
    // The single-slot class's reproducer, as a user runs it: the kernel it compiles is violated.
    Path out = tmp.resolve("generated.s");
    List<String> argv = new ArrayList<>(List.of(clang.split(" ")));
    argv.addAll(
        List.of(
            "-DSLOTS=1",
            "-DPHASES=4",
            "-DWAIT_READS=true",
            "-DDRAIN=true",
            "-o",
            out.toString(),
            hip.resolve("gemm.hip").toString()));
    assertEquals(0, new ProcessBuilder(argv).inheritIO().start().waitFor());
    assertEquals(1, Cli.run("verify", out.toString()).code());
    assertTrue(
        r.out()
            .contains(
                "  reproduce: "
                    + clang
                    + " -DSLOTS=1 -DPHASES=4 -DWAIT_READS=true -DDRAIN=true -o generated.out "
                    + hip.resolve("gemm.hip")
                    + " && pipeverify verify generated.out\n"),
        r.dump());
  }
}

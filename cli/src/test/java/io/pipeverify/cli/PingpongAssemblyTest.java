package io.pipeverify.cli;

import static io.pipeverify.cli.CompiledKernels.compile;
import static io.pipeverify.cli.CompiledKernels.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.format.ScheduleReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hand-written ping-pong test kernel (isa/src/test/resources/isa/pingpong.hip: 8 waves in two
 * groups offset by a conditional s_barrier, LDS-DMA through M0, ds_read_b128 in inline asm,
 * explicit waits) compiled with clang-22 and verified from its assembly. Its B read ({@code
 * offset:4096}) reads the k-chunks the other wave group copies in the same iteration, one barrier
 * behind: a race found at the lines of the read and of the copy. Reading the group's own chunks
 * ({@code offset:2048}) verifies. Skipped without clang++-22.
 */
class PingpongAssemblyTest {
  private static final Path SOURCE =
      Path.of("..", "isa", "src", "test", "resources", "isa", "pingpong.hip");

  /** The 16-phase kernel of docs/isa.md and docs/PERFORMANCE.md, and clang-22's assembly of it. */
  private static final Path SIXTEEN_PHASES =
      Path.of("..", "docs", "examples", "pingpong-16phase.hip");

  private static final Path SIXTEEN_PHASES_ASM =
      Path.of("..", "docs", "examples", "pingpong-16phase.s");

  private static final String DRAIN = "if (p == 15) __builtin_amdgcn_s_waitcnt(0x0f70);";

  /**
   * pingpong.hip's ping-pong kernel; its other kernel, {@code lanes}, has no {@code arg2} (every
   * kernel of an input is verified unless --kernel picks).
   */
  private static final String PINGPONG = "pingpong";

  @TempDir Path tmp;

  @Test
  void theRaceBetweenTheOffsetGroupsIsFoundAtItsAssemblyLinesAndItsRepairVerifies()
      throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    assertTrue(source.contains("offset:4096"));
    Path racy = compile(tmp, Target.GFX950, source, "racy");
    Cli.Result r = Cli.run("verify", racy.toString(), "--arg", "arg2=20", "--kernel", PINGPONG);
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("pingpong: VIOLATED (2 root causes, 56 instances)\n"), r.dump());
    int read = line(racy, 0, "ds_read_b128", "offset:4096");
    int copy = line(racy, 0, "buffer_load_dword", " lds");
    String at = racy + ":";
    // The read of the other group's k-chunks races with its copy both ways: the copies of the
    // next tile overwrite it (P1 WAR), and the first iteration's read comes before they land (P2).
    assertTrue(
        r.out()
            .contains(
                "[1] root cause (issued too early): g2s lds at "
                    + at
                    + copy
                    + " may start before ds_read lds at "
                    + at
                    + read
                    + " is retired (lgkmcnt);"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "  breaks P1 WAR\n"
                    + "  48 instances in waves 0-5, iterations k=0-2, roles wave0, wave1, wave2,"
                    + " wave3, wave4, wave5\n"
                    + "  ops at "
                    + at
                    + read
                    + ", "
                    + at
                    + copy
                    + "\n"
                    + "  the first: P1 WAR on buffer lds (LDS race, found at T=1)\n"
                    + "  P1 WAR: wave 4 loop k=0 ("
                    + at
                    + copy
                    + "): g2s lds[0] bytes [4096, 5120) may land before wave 0 loop k=0 ("
                    + at
                    + read
                    + "): ds_read lds[0] bytes [4096, 6144) -> "),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "[2] root cause (issued too early): ds_read lds at "
                    + at
                    + read
                    + " may start before g2s lds at "
                    + at
                    + copy
                    + " is retired (vmcnt);"),
        r.dump());
    assertTrue(r.out().contains("  breaks P2 UNINITIALIZED\n"), r.dump());

    Path repaired =
        compile(tmp, Target.GFX950, source.replace("offset:4096", "offset:2048"), "fixed");
    Cli.Result fixed =
        Cli.run("verify", repaired.toString(), "--arg", "arg2=20", "--kernel", PINGPONG);
    assertEquals(0, fixed.code(), fixed.dump());
    assertTrue(fixed.out().startsWith("pingpong: VERIFIED\n"), fixed.dump());
  }

  /**
   * The racy kernel as an assembler source a kernel engineer edits (issue 32): a C comment and the
   * racy read behind a macro. clang-22 assembles it, and the findings name the source's lines, the
   * origin rows their text and the macro; the verdict is the listing's.
   */
  @Test
  void aSourcesFindingsNameItsLinesTheirTextAndTheMacro() throws Exception {
    assumeTrue(
        io.pipeverify.isa.tools.SourceAssembler.locate().isPresent(),
        "clang-22, ld.lld-22 or llvm-objdump-22 is not on PATH");
    Path racy =
        compile(tmp, Target.GFX950, Files.readString(SOURCE, StandardCharsets.UTF_8), "racy");
    List<String> listing = Files.readAllLines(racy, StandardCharsets.UTF_8);
    int read = line(racy, 0, "ds_read_b128", "offset:4096");
    String readLine = listing.get(read - 1);
    StringBuilder source =
        new StringBuilder("/* the ping-pong kernel, as written by hand */\n")
            .append(".macro READ_OTHER_GROUP\n")
            .append(readLine.strip())
            .append("\n.endm\n");
    for (int i = 0; i < listing.size(); i++) {
      source.append(i == read - 1 ? "\tREAD_OTHER_GROUP" : listing.get(i)).append('\n');
    }
    Path src = tmp.resolve("pingpong-source.s");
    Files.writeString(src, source.toString(), StandardCharsets.UTF_8);
    int use = line(src, 4, "READ_OTHER_GROUP");
    int copy = line(src, 0, "buffer_load_dword", " lds");

    Cli.Result r = Cli.run("verify", src.toString(), "--arg", "arg2=20", "--kernel", PINGPONG);
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("pingpong: VIOLATED (2 root causes, 56 instances)\n"), r.dump());
    String at = src + ":";
    assertTrue(
        r.out()
            .contains(
                "[1] root cause (issued too early): g2s lds at "
                    + at
                    + copy
                    + " may start before ds_read lds at "
                    + at
                    + use
                    + " is retired (lgkmcnt);"),
        r.dump());
    assertTrue(
        r.out().contains("origin " + at + use + ": READ_OTHER_GROUP (macro READ_OTHER_GROUP)\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "origin "
                    + at
                    + copy
                    + ": "
                    + listing.get(copy - 5).replaceAll(";.*", "").strip().replaceAll("\\s+", " ")
                    + "\n"),
        r.dump());
  }

  @Test
  void onGfx942TheFourByteCopiesLeaveMostOfEachChunkUnwritten() throws Exception {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    Path asm = compile(tmp, Target.GFX942, source.replace("offset:4096", "offset:2048"), "gfx942");
    Cli.Result r = Cli.run("verify", asm.toString(), "--arg", "arg2=20", "--kernel", PINGPONG);
    assertEquals(1, r.code(), r.dump());
    // 64 lanes x 4 B = 256 B of each wave's 1024 B k-chunk: both reads see unwritten bytes.
    assertTrue(r.out().startsWith("pingpong: VIOLATED (1 root cause, 96 instances)\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "[1] root cause (defect): ds_read lds at "
                    + asm
                    + ":"
                    + line(asm, 0, "ds_read_b128", "v[")
                    + " reads bytes that no op of the schedule writes\n"
                    + "  key: defect P2 UNINITIALIZED\n"
                    + "  breaks P2 UNINITIALIZED (2 defects)\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "P2 UNINITIALIZED: wave 0 loop k=0 ("
                    + asm
                    + ":"
                    + line(asm, 0, "ds_read_b128", "v[")
                    + "): ds_read lds[0] bytes [0, 2048) -> "),
        r.dump());
  }

  @Test
  void theSixteenPhaseExampleVerifiesWithThreeHundredOpsPerWaveAndIteration() throws Exception {
    Cli.Result r =
        Cli.run("show", SIXTEEN_PHASES_ASM.toString(), "--arg", "arg2=20", "--format", "json");
    assertEquals(0, r.code(), r.dump());
    Schedule lifted = ScheduleReader.read("lifted.json", r.out());
    for (int w = 0; w < 8; w++) {
      // One lifted iteration is two of the kernel's (the slot alternates): 32 phases.
      List<Op> loop = lifted.programOf(w).loop();
      assertEquals(338, loop.size(), "wave " + w);
      assertEquals(16, loop.stream().filter(Op.G2s.class::isInstance).count());
      assertEquals(128, loop.stream().filter(Op.DsRead.class::isInstance).count());
      assertEquals(128, loop.stream().filter(Op.Mfma.class::isInstance).count());
      assertEquals(32, loop.stream().filter(Op.Barrier.class::isInstance).count());
    }
    Cli.Result verified = Cli.run("verify", SIXTEEN_PHASES_ASM.toString(), "--arg", "arg2=20");
    assertEquals(0, verified.code(), verified.dump());
    assertTrue(verified.out().startsWith("pingpong16: VERIFIED\n"), verified.dump());
  }

  @Test
  void withoutTheLastPhasesDrainTheOtherGroupReadsCopiesStillInFlight() throws Exception {
    String source = Files.readString(SIXTEEN_PHASES, StandardCharsets.UTF_8);
    assertTrue(source.contains(DRAIN));
    Path asm = compile(tmp, Target.GFX950, source.replace(DRAIN, ""), "undrained");
    Cli.Result r = Cli.run("verify", asm.toString(), "--arg", "arg2=20");
    assertEquals(1, r.code(), r.dump());
    String first = CompiledKernels.firstFinding(r.out());
    assertTrue(
        first.contains("\n  the first: P1 RAW on buffer lds (LDS race, found at T=1)\n"), r.dump());
    assertTrue(
        first.contains("should be first: wave ")
            && first.contains("): g2s lds[0] bytes [")
            && first.contains("may come first:  wave ")
            && first.contains("): ds_read lds[0] bytes ["),
        first);
  }

  /** Runs a command, returning its output; the test is skipped when the tool is not installed. */
  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", command) + "\n" + out);
    return out;
  }

  private static boolean onPath(String tool) {
    return java.util.Arrays.stream(System.getenv("PATH").split(java.io.File.pathSeparator))
        .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
  }

  @Test
  void aCodeObjectIsReadThroughItsDisassemblyAndFindingsNameTheDisassemblysLines()
      throws Exception {
    assumeTrue(
        onPath("clang++-22") && onPath("ld.lld-22") && onPath("llvm-objdump-22"),
        "clang-22, lld-22 and llvm-22 make and read code objects (.ci/run installs them)");
    Path hip = tmp.resolve("pingpong.hip");
    Files.copy(SOURCE, hip);
    Path co = tmp.resolve("pingpong.co");
    run(
        List.of(
            "clang++-22",
            "-x",
            "hip",
            "--offload-arch=gfx950",
            "-nogpulib",
            "-nogpuinc",
            "--cuda-device-only",
            "--no-gpu-bundle-output",
            "-O3",
            "-o",
            co.toString(),
            hip.toString()));
    Cli.Result r = Cli.run("verify", co.toString(), "--arg", "arg2=20", "--kernel", PINGPONG);
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("pingpong: VIOLATED (2 root causes, 56 instances)\n"), r.dump());
    List<String> disassembly =
        run(List.of("llvm-objdump-22", "-d", "--symbolize-operands", co.toString()))
            .lines()
            .toList();
    Matcher m =
        Pattern.compile("origin " + Pattern.quote(co.toString()) + ":(\\d+)").matcher(r.out());
    assertTrue(m.find(), r.dump());
    assertTrue(
        disassembly
            .get(Integer.parseInt(m.group(1)) - 1)
            .contains("ds_read_b128 v[12:15], v12 offset:4096"),
        r.dump());
    assertTrue(m.find(), r.dump());
    assertTrue(
        disassembly.get(Integer.parseInt(m.group(1)) - 1).contains("buffer_load_dwordx4 ")
            && disassembly.get(Integer.parseInt(m.group(1)) - 1).contains(" lds "),
        r.dump());
  }
}

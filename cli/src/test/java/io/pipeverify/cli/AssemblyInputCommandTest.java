package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.tools.ClangCompiler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pipeverify verify kernel.s} on the assembly {@code emit} compiles (docs/isa.md): the
 * cdna4-interleave kernel with its lgkmcnt drain verifies; with the loop's last wait edited the
 * verdict names the race and the assembly lines of both accesses; bad assembly input is exit 2. The
 * clang-22 cases are skipped without clang++-22.
 */
class AssemblyInputCommandTest {
  /** The emitted kernel's N, K and trip count (docs/codegen.md): 19 runs the unrolled loop 9x. */
  private static final String[] ARGS = {
    "--arg", "arg3=256", "--arg", "arg4=1280", "--arg", "arg5=19"
  };

  private static final Pattern BRANCH = Pattern.compile("^\\s*s_cbranch_\\w+ (\\.LBB\\w+)");
  private static final Pattern ORIGIN = Pattern.compile("origin (\\S+\\.s):(\\d+)");

  @TempDir static Path tmp;
  private static Path kernel;
  private static List<String> lines;

  @BeforeAll
  static void emit() throws Exception {
    if (ClangCompiler.locate().isEmpty()) {
      return;
    }
    Path out = tmp.resolve("out");
    Cli.Result r =
        Cli.run(
            "emit",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "lgkmDrainBeforeBarrier=true",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.dump());
    kernel = out.resolve("kernel.s");
    lines = Files.readAllLines(kernel, StandardCharsets.UTF_8);
  }

  private static Cli.Result verify(Path file, String... more) {
    List<String> args = new ArrayList<>(List.of("verify", file.toString()));
    args.addAll(List.of(ARGS));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  /**
   * The kernel with the loop's last {@code s_waitcnt vmcnt(0) lgkmcnt(0)} (before the s_barrier
   * that precedes the back edge) replaced by {@code replacement}.
   */
  private static Path edited(String name, String replacement) throws Exception {
    int wait = loopWait();
    List<String> copy = new ArrayList<>(lines);
    copy.set(wait, "\t" + replacement);
    Path file = tmp.resolve(name);
    Files.write(file, copy, StandardCharsets.UTF_8);
    return file;
  }

  /** The index of the loop's last wait, the one before the s_barrier before the back edge. */
  private static int loopWait() {
    // The back edge: the first conditional branch to a label above it.
    int latch = -1;
    for (int i = 0; i < lines.size() && latch < 0; i++) {
      Matcher m = BRANCH.matcher(lines.get(i));
      if (m.find()) {
        String label = m.group(1) + ":";
        if (lines.subList(0, i).stream().anyMatch(l -> l.startsWith(label))) {
          latch = i;
        }
      }
    }
    assertTrue(latch > 0, "the loop's back edge");
    int wait = latch;
    while (!lines.get(wait).trim().equals("s_waitcnt vmcnt(0) lgkmcnt(0)")) {
      wait--;
    }
    // The emitter fences every s_barrier with a sched_barrier(0), which clang prints as a comment.
    assertEquals("; sched_barrier mask(0x00000000)", lines.get(wait + 1).trim());
    assertEquals("s_barrier", lines.get(wait + 2).trim());
    return wait;
  }

  /** The instruction at each {@code origin FILE:LINE} of the first finding, in order. */
  private static List<String> firstFindingsInstructions(Cli.Result r, Path file) throws Exception {
    List<String> text = Files.readAllLines(file, StandardCharsets.UTF_8);
    int second = r.out().indexOf("\n[2] ");
    String first =
        r.out().substring(r.out().indexOf("[1] "), second < 0 ? r.out().length() : second);
    List<String> out = new ArrayList<>();
    Matcher m = ORIGIN.matcher(first);
    while (m.find()) {
      assertEquals(file.toString(), m.group(1));
      out.add(text.get(Integer.parseInt(m.group(2)) - 1).trim().split(" ")[0]);
    }
    return out;
  }

  @Test
  void theEmittedKernelVerifiesFromItsAssembly() {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    Cli.Result r = verify(kernel);
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("pv_gemm: VERIFIED\n"), r.dump());
  }

  @Test
  void withoutTheLgkmcntDrainBeforeTheLoopBarrierAReadRacesTheNextCopy() throws Exception {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    Path war = edited("war.s", "s_waitcnt vmcnt(0)");
    Cli.Result r = verify(war);
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().contains("\n  the first: P1 WAR on buffer lds (LDS race, found at T=1)\n"),
        r.dump());
    // One root cause for the missing wait: the races, and the MFMAs after the barrier that read
    // the registers the wait no longer retires (clang relied on that lgkmcnt(0) for them too).
    assertTrue(r.out().startsWith("pv_gemm: VIOLATED (1 root cause, 424 instances)\n"), r.dump());
    assertTrue(r.out().contains("\n  breaks P1 WAR, P4 REGISTER_HAZARD\n"), r.dump());
    // should be first: the ds_read still in flight at the barrier; may come first: the copy after
    assertEquals(
        List.of("ds_read_b128", "buffer_load_dwordx4"),
        firstFindingsInstructions(r, war),
        r.dump());
  }

  @Test
  void withoutTheVmcntWaitBeforeTheLoopBarrierAReadMayComeBeforeItsCopyLands() throws Exception {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    Path raw = edited("raw.s", "s_waitcnt lgkmcnt(0)");
    Cli.Result r = verify(raw);
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().contains("\n  the first: P1 RAW on buffer lds (LDS race, found at T=1)\n"),
        r.dump());
    assertEquals(
        List.of("buffer_load_dwordx4", "ds_read_b128"),
        firstFindingsInstructions(r, raw),
        r.dump());
  }

  @Test
  void theLiftedScheduleIsShownAsAScheduleFile() {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    List<String> args = new ArrayList<>(List.of("show", kernel.toString(), "--format", "json"));
    args.addAll(List.of(ARGS));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().contains("\"implicitWaits\": \"none\",\n"), r.dump());
    assertTrue(r.out().contains("\"intent\": \"none\",\n"), r.dump());
    int barrier = lines.indexOf("\ts_barrier") + 1;
    assertTrue(
        r.out()
            .contains(
                "{\"op\": \"barrier\", \"origin\": {\"file\": \""
                    + kernel
                    + "\", \"line\": "
                    + barrier
                    + "}}"),
        r.dump());
  }

  @Test
  void commandsThatNeedGemmIntentRefuseALiftedKernel() {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    for (String command : List.of("replay")) {
      List<String> args = new ArrayList<>(List.of(command, kernel.toString()));
      args.addAll(List.of(ARGS));
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertEquals(2, r.code(), r.dump());
      assertEquals(
          "pipeverify: "
              + command
              + " needs a schedule with GEMM intent; "
              + kernel
              + " is lifted from assembly (intent none: no tensors, tiles or fragments), so only"
              + " verify, explain, show, bench, relax and fuzz --mutate apply to it (docs/isa.md)\n",
          r.err()
              .lines()
              .filter(l -> !l.startsWith("pipeverify: relaxing"))
              .map(l -> l + "\n")
              .reduce("", String::concat),
          r.dump());
    }
  }

  /**
   * Without arguments the kernel is verified for every launch: every trip count (arg5) in four
   * launch classes (docs/isa.md, "Unknown values"); N and K (arg3, arg4) only address global
   * memory. The broken twin is violated in a named class; show needs one launch.
   */
  @Test
  void withoutArgumentsEveryLaunchIsVerified() throws Exception {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    Cli.Result r = Cli.run("verify", kernel.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "\nlaunches: every trip count; every value of arg5 (4 launch classes;"
                    + " docs/isa.md)\n"),
        r.dump());
    Cli.Result war = Cli.run("verify", edited("war-all.s", "s_waitcnt vmcnt(0)").toString());
    assertEquals(1, war.code(), war.dump());
    // The second root cause: in the class that runs the epilogue's row guard, clang reuses v155
    // (v_lshlrev_b32 v155, 7, v130) while the loop's last ds_read v[152:155] may still land on it
    // without the drain (a register WAW).
    assertTrue(
        war.out().startsWith("pv_gemm: VIOLATED (2 root causes, 328 instances)\n")
            && war.out().contains("\n  breaks P4 REGISTER_HAZARD, P1 WAR\n")
            && war.out()
                .contains(
                    ": consume v[152:155] may read or overwrite v[152:155] before wave 0 loop k=0"),
        war.dump());
    // Found in the loop's class (the periodic one comes first), the guard on arg5 named.
    assertTrue(
        war.out()
            .matches(
                "(?s).*\nfound in launch class: \\S+war-all\\.s:\\d+ s_cmp_lt_i32\\(arg5, 2\\)"
                    + " false, .* true; 0 \\+ 1T K steps \\(T >= 1\\)\n.*"),
        war.dump());
    Cli.Result show = Cli.run("show", kernel.toString());
    assertEquals(2, show.code(), show.dump());
    assertEquals(
        "pipeverify: "
            + kernel
            + ": kernel pv_gemm has 4 launch classes (every trip count; every value of arg5); this"
            + " command needs one launch: give --arg values that fix the branches and the trip"
            + " count (verify checks every class)\n",
        show.err());
  }

  @Test
  void aListingWithoutATargetDirectiveTakesTheTargetFromTheCommandLine() throws Exception {
    assumeTrue(kernel != null, "clang++-22 is not on PATH (apt-get install clang-22)");
    List<String> copy = new ArrayList<>(lines);
    copy.replaceAll(l -> l.contains(".amdgcn_target") ? "" : l);
    Path untargeted = tmp.resolve("untargeted.s");
    Files.write(untargeted, copy, StandardCharsets.UTF_8);
    Cli.Result without = verify(untargeted);
    assertEquals(2, without.code(), without.dump());
    assertEquals(
        "pipeverify: "
            + untargeted
            + ":1: no .amdgcn_target directive: the lift needs gfx950 or gfx942 (give --target"
            + " gfx950 or --target gfx942)\n",
        without.err());
    Cli.Result with = verify(untargeted, "--target", "gfx950");
    assertEquals(0, with.code(), with.dump());
    assertTrue(with.out().startsWith("pv_gemm: VERIFIED\n"), with.dump());

    Cli.Result contradicts = verify(kernel, "--target", "gfx942");
    assertEquals(2, contradicts.code(), contradicts.dump());
    assertEquals(
        "pipeverify: "
            + kernel
            + " states target amdgcn-amd-amdhsa--gfx950 (.amdgcn_target), but --target is"
            + " gfx942\n",
        contradicts.err());
  }

  @Test
  void badAssemblyOptionsAndCodeObjectsAreBadInput() throws Exception {
    Path asm = tmp.resolve("tiny.s");
    Files.writeString(asm, "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"\n\ts_endpgm\n");
    Cli.Result none = Cli.run("verify", asm.toString());
    assertEquals(2, none.code(), none.dump());
    assertEquals(
        "pipeverify: " + asm + ": no kernel (no .amdhsa_kernel block) in this assembly\n",
        none.err());

    Cli.Result arg = Cli.run("verify", asm.toString(), "--arg", "K");
    assertEquals(2, arg.code(), arg.dump());
    assertTrue(arg.err().startsWith("pipeverify: --arg 'K' is not NAME=INTEGER"), arg.dump());

    Cli.Result json = Cli.run("verify", Cli.DOUBLE_BUFFER.toString(), "--waves", "8");
    assertEquals(2, json.code(), json.dump());
    assertEquals(
        "pipeverify: --waves applies to assembly input only, and "
            + Cli.DOUBLE_BUFFER
            + " is a schedule\n",
        json.err());

    Path elf = tmp.resolve("x86.o");
    byte[] header = new byte[64];
    System.arraycopy(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}, 0, header, 0, 8);
    header[18] = 0x3e; // EM_X86_64
    Files.write(elf, header);
    Cli.Result co = Cli.run("verify", elf.toString());
    assertEquals(2, co.code(), co.dump());
    assertEquals(
        "pipeverify: " + elf + " is an ELF file but not an AMDGPU code object\n", co.err());

    Path bundle = tmp.resolve("kernel.hipfb");
    Files.writeString(bundle, "__CLANG_OFFLOAD_BUNDLE__\u0002\u0000");
    Cli.Result b = Cli.run("verify", bundle.toString());
    assertEquals(2, b.code(), b.dump());
    assertTrue(
        b.err().startsWith("pipeverify: " + bundle + " is a clang offload bundle; give the device"),
        b.dump());
  }
}

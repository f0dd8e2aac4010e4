package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.compiled.CompiledReport;
import io.pipeverify.codegen.tools.ClangCompiler;
import io.pipeverify.model.WaveSpecialization;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmitCommandTest {
  @TempDir Path tmp;

  private static void assumeClang() {
    assumeTrue(
        ClangCompiler.locate().isPresent(),
        "clang++-22 is not on PATH: the end-to-end ISA tests are skipped (apt-get install"
            + " clang-22; .ci/run installs it)");
  }

  /** The gfx942 build of the fixed schedule: 128x128 tiles (gfx942 has less LDS). */
  private static final String[] GFX942 = {
    "--opt", "tileM=128", "--opt", "tileN=128", "--target", "gfx942"
  };

  /** {@code emit} of cdna4-interleave with {@code lgkmDrainBeforeBarrier=true} (verified). */
  private static Cli.Result emitFixed(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "emit", "--builtin", "cdna4-interleave", "--opt", "lgkmDrainBeforeBarrier=true"));
    args.addAll(List.of(more));
    args.add("--out");
    args.add(out.toString());
    return Cli.run(args.toArray(new String[0]));
  }

  /**
   * The refusal prints the verifier's text report, the documented counterexample of
   * counterexamples/cdna4-interleave/report.txt plus the timings at the end of its stats line.
   */
  @Test
  void aRacyScheduleIsRefusedWithItsCounterexampleAndNothingIsWritten() throws IOException {
    Path out = tmp.resolve("racy");
    Cli.Result r = Cli.run("emit", "--builtin", "cdna4-interleave", "--out", out.toString());
    assertEquals(1, r.code(), r.dump());
    String documented =
        Files.readString(
            CorpusTest.CORPUS.resolve("cdna4-interleave/report.txt"), StandardCharsets.UTF_8);
    String timings = ", solver \\d+ ms, total \\d+ ms\n$";
    assertTrue(Pattern.compile(timings).matcher(r.out()).find(), r.dump());
    assertEquals(documented, r.out().replaceFirst(timings, "\n"), r.dump());
    assertEquals(
        "pipeverify: cdna4-interleave does not verify (violated); no HIP emitted and nothing"
            + " written\n",
        r.err());
    assertFalse(Files.exists(out), "no directory may be created for a refused schedule");
  }

  @Test
  void anUnsupportedScheduleIsBadInput() {
    Path out = tmp.resolve("double-buffer");
    Cli.Result r = Cli.run("emit", Cli.DOUBLE_BUFFER.toString(), "--out", out.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .startsWith(
                "pipeverify: cannot emit double-buffer-2w: prologue op 0 (g2s): a g2s of 2048 B;"
                    + " one buffer_load ... lds moves 1024 B on gfx950\n"),
        r.dump());
    assertFalse(Files.exists(out));
  }

  /** A ping-pong's two wave roles, register-staged copies and a k-chunk of 16 emit and verify. */
  @Test
  void tritonPingpongEmitsAndItsCompiledKernelVerifies() throws IOException {
    assumeClang();
    Path out = tmp.resolve("pingpong");
    Cli.Result r =
        Cli.run(
            "emit",
            "--builtin",
            "triton-pingpong",
            "--opt",
            "tileM=128",
            "--opt",
            "tileN=128",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().contains("\nstatus: conforms\n"), r.dump());
    assertTrue(r.out().endsWith("lifted from the assembly: verified\n"), r.dump());
    assertTrue(Files.exists(out.resolve("kernel.hip")));
  }

  @Test
  void outIsRequired() {
    Cli.Result r = Cli.run("emit", "--builtin", "cdna4-interleave");
    assertEquals(2, r.code(), r.dump());
  }

  @Test
  void theDrainedScheduleCompilesForGfx950AndItsCompiledKernelVerifies() throws IOException {
    assumeClang();
    Path out = tmp.resolve("gfx950");
    Cli.Result r = emitFixed(out);
    assertEquals(0, r.code(), r.dump());
    for (String f :
        new String[] {"kernel.hip", "kernel.s", "compiled-report.txt", "compiled-report.json"}) {
      assertTrue(Files.isRegularFile(out.resolve(f)), f);
    }
    String report = Files.readString(out.resolve("compiled-report.txt"), StandardCharsets.UTF_8);
    // clang keeps the copies and reads between the barriers they were emitted between, reorders
    // the first and last stage's copies among the reads, and inserts only lgkmcnt waits before
    // MFMAs (register uses, which the llvm implicit-wait model assumes).
    assertTrue(report.contains("status: deviates-safe\n"), report);
    assertTrue(
        report.contains(
            "events: inserted-wait 20, weakened-wait 0, strengthened-wait 0, dropped-wait 0,"
                + " moved-across-barrier 0, reordered 2, added-ops 0, dropped-ops 0\n"),
        report);
    assertEquals(20, report.lines().filter(l -> l.contains("[inserted-wait]")).count(), report);
    assertTrue(
        report
            .lines()
            .filter(l -> l.contains("[inserted-wait]"))
            .allMatch(
                l ->
                    l.contains("compiler-inserted s_waitcnt lgkmcnt(")
                        && l.endsWith("(a register use; the llvm implicit-wait model assumes it)")),
        report);
    assertTrue(report.contains("lifted from the assembly for T % 2 == 0: verified\n"), report);
    assertTrue(report.contains("lifted from the assembly for T % 2 == 1: verified\n"), report);
    String json = Files.readString(out.resolve("compiled-report.json"), StandardCharsets.UTF_8);
    assertTrue(
        json.replaceAll("\\s", "")
            .contains(
                "\"lifted\":[{\"residue\":0,\"verdict\":\"verified\"},"
                    + "{\"residue\":1,\"verdict\":\"verified\"}]"),
        json);
    assertFalse(r.err().contains("warning"), r.dump());
  }

  /**
   * The merged layout of note 003: one {@code pv_lds} array, ds_reads through {@code
   * __builtin_memcpy} (no TBAA, docs/codegen.md). clang-22 then waits for every LDS-DMA copy in
   * flight before a ds_read: vmcnt(0) before the first ds_read of stages 1, 2 and 3 (stage 0 reads
   * after the previous iteration's vmcnt(0)), in both halves of the unrolled loop. The compiled
   * check must report exactly those six, at their lines, and the compiled kernel still verifies.
   */
  @Test
  void mergedSharedReportsTheVmcntZeroClangInsertsBeforeDsReads() throws Exception {
    assumeClang();
    Path out = tmp.resolve("merged");
    Cli.Result r = emitFixed(out, "--merged-shared");
    assertEquals(0, r.code(), r.dump());
    assertFalse(r.err().contains("warning"), r.dump());
    String hip = Files.readString(out.resolve("kernel.hip"), StandardCharsets.UTF_8);
    assertTrue(hip.contains("unsigned char pv_lds[131072];"));
    String report = Files.readString(out.resolve("compiled-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("status: deviates-safe"), report);
    List<String> inserted =
        report
            .lines()
            .filter(l -> l.contains("[inserted-wait]") && l.contains("vmcnt("))
            .collect(Collectors.toList());
    assertEquals(6, inserted.size(), report);
    List<String> asm = Files.readAllLines(out.resolve("kernel.s"), StandardCharsets.UTF_8);
    for (String f : inserted) {
      assertTrue(f.contains("compiler-inserted s_waitcnt vmcnt(0) before the ds_read at"), f);
      // The line it names is that wait in kernel.s.
      int line =
          Integer.parseInt(f.replaceAll("^\\s*\\[inserted-wait\\] kernel\\.s:(\\d+):.*", "$1"));
      assertTrue(asm.get(line - 1).contains("s_waitcnt vmcnt(0)"), f + " / " + asm.get(line - 1));
    }
    for (int half = 0; half < 2; half++) {
      for (int stage = 1; stage <= 3; stage++) {
        String where = "cdna4-interleave loop stage " + stage + ", k % 2 == " + half + ":";
        assertEquals(1, inserted.stream().filter(f -> f.contains(where)).count(), where + report);
      }
    }
    assertTrue(report.contains("lifted from the assembly for T % 2 == 0: verified"), report);
    assertTrue(report.contains("lifted from the assembly for T % 2 == 1: verified"), report);
    String json = Files.readString(out.resolve("compiled-report.json"), StandardCharsets.UTF_8);
    assertEquals(
        6,
        json.split(
                    "\"kind\"\\s*:\\s*\"inserted-wait\",\\s*\"where\"\\s*:\\s*\"[^\"]*\",\\s*"
                        + "\"stage\"\\s*:\\s*\"[^\"]*\",\\s*\"counter\"\\s*:\\s*\"vmcnt\"",
                    -1)
                .length
            - 1,
        json);
  }

  /**
   * A compiled kernel that does not verify is rejected: clang's assembly with the loop's barriers
   * taken out (each {@code s_barrier} line made {@code s_nop 0}: the class of compiler bug that
   * drops or sinks synchronisation). The compiled check finds the barriers gone, the lifted kernel
   * violated with its trace at kernel.s lines, and kernel.hip is renamed so that nothing is left as
   * if it were good.
   */
  @Test
  void aCompiledKernelWithoutItsBarriersIsViolatedAndItsHipRejected() throws Exception {
    assumeClang();
    Path out = tmp.resolve("nobarrier");
    assertEquals(0, emitFixed(out).code());
    Path asm = out.resolve("kernel.s");
    String text = Files.readString(asm, StandardCharsets.UTF_8);
    Files.writeString(
        asm, text.replaceAll("(?m)^(\\s*)s_barrier\\s*$", "$1s_nop 0"), StandardCharsets.UTF_8);
    StringWriter err = new StringWriter();
    Console console =
        new Console(
            InputStream.nullInputStream(),
            new PrintWriter(new StringWriter()),
            new PrintWriter(err, true),
            false);
    VerifiedSchedule verified =
        Verifier.certify(
                Verifier.verify(
                    WaveSpecialization.specialize(
                        Transforms.byName("cdna4-interleave")
                            .orElseThrow()
                            .generate(Map.of("lgkmDrainBeforeBarrier", "true"))),
                    VerifyOptions.defaults()))
            .orElseThrow();
    CompiledReport r = KernelBuild.check(verified, out, console);
    assertEquals("violated", r.status().id());
    assertEquals(1, r.status().exitCode());
    String report = Files.readString(out.resolve("compiled-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("[dropped-ops] "), report);
    assertTrue(report.contains(" s_barrier, the schedule's loop as emitted "), report);
    assertTrue(report.contains("lifted from the assembly for T % 2 == 0: violated"), report);
    assertTrue(Pattern.compile("kernel\\.s:\\d+").matcher(report).find(), report);
    assertFalse(Files.exists(out.resolve("kernel.hip")), "kernel.hip is not left as if good");
    assertTrue(Files.exists(out.resolve("kernel.rejected.hip")));
    assertTrue(err.toString().contains("the compiled kernel is violated"), err.toString());
  }

  @Test
  void mergedSharedOnGfx942CompilesAndReportsTheSameSixWaits() throws IOException {
    assumeClang();
    Path out = tmp.resolve("merged942");
    List<String> args = new ArrayList<>(List.of(GFX942));
    args.add("--merged-shared");
    Cli.Result r = emitFixed(out, args.toArray(new String[0]));
    assertEquals(0, r.code(), r.dump());
    String report = Files.readString(out.resolve("compiled-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("status: deviates-safe"), report);
    assertEquals(
        6,
        report
            .lines()
            .filter(
                l ->
                    l.contains("[inserted-wait]")
                        && l.contains("compiler-inserted s_waitcnt vmcnt(0) before the ds_read"))
            .count(),
        report);
  }

  @Test
  void gfx942OutputCompiles() throws IOException {
    assumeClang();
    Path out = tmp.resolve("gfx942");
    Cli.Result r = emitFixed(out, GFX942);
    assertEquals(0, r.code(), r.dump());
    String asm = Files.readString(out.resolve("kernel.s"), StandardCharsets.UTF_8);
    assertTrue(asm.contains("v_mfma_f32_16x16x16_bf16"), "gfx942 MFMA in the assembly");
    assertTrue(asm.contains("buffer_load_dword v"), "4-byte LDS-DMA copies");
  }

  /**
   * tilelang-pipelined's MFMAs follow the loop's s_barrier in the compiled loop unless the barrier
   * is fenced: clang moved them, and the lgkmcnt waits before them, past it, leaving the ds_reads
   * in flight when the next copies start (a P1 WAR the lift reported). The emitter puts
   * sched_barrier(0) before every s_barrier; the compiled loop then keeps every op between its
   * barriers and in order, and only the lgkmcnt waits before register uses are added.
   */
  @Test
  void tilelangPipelinedIsVerifiedAsCompiledOnceItsBarriersAreFenced() throws IOException {
    assumeClang();
    Path out = tmp.resolve("tilelang");
    Cli.Result r = Cli.run("emit", "--builtin", "tilelang-pipelined", "--out", out.toString());
    assertEquals(0, r.code(), r.dump());
    String hip = Files.readString(out.resolve("kernel.hip"), StandardCharsets.UTF_8);
    assertTrue(
        hip.matches(
            "(?s).*__builtin_amdgcn_sched_barrier\\(0\\);\n\\s*__builtin_amdgcn_s_barrier\\(\\);.*"),
        hip);
    assertTrue(r.out().contains("status: conforms\n"), r.dump());
    assertTrue(r.out().contains("moved-across-barrier 0, reordered 0,"), r.dump());
    assertTrue(r.out().contains("lifted from the assembly for T % 2 == 0: verified\n"), r.dump());
    assertTrue(r.out().contains("lifted from the assembly for T % 2 == 1: verified\n"), r.dump());
  }

  /**
   * A file re-targeted with --target is validated again, as verify does it: the canonical tilelang
   * tile needs 128 KiB of LDS, which gfx942 does not have. Bad input, nothing written.
   */
  @Test
  void aFileThatDoesNotFitTheTargetIsBadInput() throws IOException {
    Cli.Result json = Cli.run("show", "--builtin", "tilelang-pipelined", "--format", "json");
    Path file = tmp.resolve("tilelang.json");
    Files.writeString(file, json.out(), StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    Cli.Result r = Cli.run("emit", file.toString(), "--target", "gfx942", "--out", out.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: "
            + file
            + " with gfx942, implicit waits llvm: error at /buffers: LDS use 131072 bytes exceeds"
            + " the gfx942 capacity of 65536 bytes\n",
        r.err());
    assertFalse(Files.exists(out), "nothing written");
  }
}

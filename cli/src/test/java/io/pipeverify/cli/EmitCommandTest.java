package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.isa.AsmInstruction;
import io.pipeverify.codegen.isa.AsmLoop;
import io.pipeverify.codegen.isa.AsmLoopParser;
import io.pipeverify.codegen.isa.ClangCompiler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    Path out = tmp.resolve("pingpong");
    Cli.Result r = Cli.run("emit", "--builtin", "triton-pingpong", "--out", out.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(r.err().contains("wave roles"), r.dump());
    assertFalse(Files.exists(out));
  }

  @Test
  void outIsRequired() {
    Cli.Result r = Cli.run("emit", "--builtin", "cdna4-interleave");
    assertEquals(2, r.code(), r.dump());
  }

  @Test
  void theDrainedScheduleCompilesForGfx950AndItsAsCompiledScheduleVerifies() throws IOException {
    assumeClang();
    Path out = tmp.resolve("gfx950");
    Cli.Result r = emitFixed(out);
    assertEquals(0, r.code(), r.dump());
    for (String f : new String[] {"kernel.hip", "kernel.s", "isa-report.txt", "isa-report.json"}) {
      assertTrue(Files.isRegularFile(out.resolve(f)), f);
    }
    String report = Files.readString(out.resolve("isa-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("inserted vmcnt waits: 0,"), report);
    assertTrue(report.contains("as-compiled schedule for T % 2 == 0: verified"), report);
    assertTrue(report.contains("as-compiled schedule for T % 2 == 1: verified"), report);
    // The second, independent reading: the kernel lifted from kernel.s by evaluation.
    assertTrue(report.contains("lifted from the assembly for T % 2 == 0: verified\n"), report);
    assertTrue(report.contains("lifted from the assembly for T % 2 == 1: verified\n"), report);
    String json = Files.readString(out.resolve("isa-report.json"), StandardCharsets.UTF_8);
    assertTrue(
        json.replaceAll("\\s", "")
            .contains(
                "\"asLifted\":[{\"residue\":0,\"verdict\":\"verified\"},"
                    + "{\"residue\":1,\"verdict\":\"verified\"}]"),
        json);
    assertFalse(r.err().contains("warning"), r.dump());
  }

  /**
   * The merged layout of note 003: one {@code pv_lds} array, ds_reads through {@code
   * __builtin_memcpy} (no TBAA, docs/codegen.md). clang-22 then waits for every LDS-DMA copy in
   * flight before a ds_read: vmcnt(0) before the first ds_read of stages 1, 2 and 3 (stage 0 reads
   * after the previous iteration's vmcnt(0)), in both halves of the unrolled loop. The ISA check
   * must report exactly those six and the as-compiled schedule still verifies.
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
    AsmLoop loop =
        AsmLoopParser.findLoop(
                Files.readString(out.resolve("kernel.s"), StandardCharsets.UTF_8), "kernel.s")
            .orElseThrow();
    long vmcntWaits =
        loop.instructions().stream()
            .filter(i -> i.kind() == AsmInstruction.Kind.WAIT && i.vmcnt().isPresent())
            .count();
    // The schedule's own: one vmcnt(0) per iteration, two in the unrolled loop; clang adds six.
    assertEquals(8, vmcntWaits);
    String report = Files.readString(out.resolve("isa-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("status: deviates-safe"), report);
    assertTrue(report.contains("inserted vmcnt waits: 6,"), report);
    List<String> inserted =
        report.lines().filter(l -> l.contains("[inserted-vmcnt]")).collect(Collectors.toList());
    assertEquals(6, inserted.size(), report);
    for (String f : inserted) {
      assertTrue(f.contains("compiler-inserted 's_waitcnt vmcnt(0)' before 'ds_read_b128 "), f);
    }
    for (int half = 0; half < 2; half++) {
      for (int stage = 1; stage <= 3; stage++) {
        String region =
            "region "
                + (8 * half + 2 * stage + 1)
                + " (cdna4-interleave loop stage "
                + stage
                + ", k % 2 == "
                + half
                + ")";
        assertEquals(
            1, inserted.stream().filter(f -> f.contains(region + ":")).count(), region + report);
      }
    }
    assertTrue(report.contains("as-compiled schedule for T % 2 == 0: verified"), report);
    assertTrue(report.contains("as-compiled schedule for T % 2 == 1: verified"), report);
    String json = Files.readString(out.resolve("isa-report.json"), StandardCharsets.UTF_8);
    assertEquals(6, json.split("\"kind\"\\s*:\\s*\"inserted-vmcnt\"", -1).length - 1, json);
  }

  @Test
  void mergedSharedOnGfx942CompilesAndReportsTheSameSixWaits() throws IOException {
    assumeClang();
    Path out = tmp.resolve("merged942");
    List<String> args = new ArrayList<>(List.of(GFX942));
    args.add("--merged-shared");
    Cli.Result r = emitFixed(out, args.toArray(new String[0]));
    assertEquals(0, r.code(), r.dump());
    String report = Files.readString(out.resolve("isa-report.txt"), StandardCharsets.UTF_8);
    assertTrue(report.contains("status: deviates-safe"), report);
    assertTrue(report.contains("inserted vmcnt waits: 6,"), report);
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
   * in flight when the next copies start (a P1 WAR the lift and the old mapping both reported). The
   * emitter now puts sched_barrier(0) before every s_barrier. The loop mapping still matches
   * clang's reordered MFMAs in program order and reports them violated; the lifted kernel decides.
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
    assertTrue(r.out().contains("status: deviates-safe"), r.dump());
    assertTrue(r.out().contains("[order-change]"), r.dump());
    assertTrue(r.out().contains("lifted from the assembly for T % 2 == 0: verified\n"), r.dump());
    assertTrue(r.out().contains("lifted from the assembly for T % 2 == 1: verified\n"), r.dump());
    assertTrue(r.out().contains("the kernel lifted from the assembly decides"), r.dump());
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

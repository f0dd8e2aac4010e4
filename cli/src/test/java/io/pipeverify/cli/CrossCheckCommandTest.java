package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.codegen.tools.Cvc5;
import io.pipeverify.isa.tools.CodeObjectDisassembler;
import io.pipeverify.verifier.smt.FixedSolver;
import io.pipeverify.verifier.smt.SecondOpinion;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code verify --cross-check cvc5}: the verdicts stay those of Z3 and the run ends with the count
 * of re-decided queries; a second solver that disagrees fails the run as a tool error. The runs
 * with cvc5 skip when it is not installed.
 */
class CrossCheckCommandTest {
  private static final Pattern SUMMARY =
      Pattern.compile(
          "(?m)^cross-check: [1-9]\\d* queries re-decided by cvc5 \\S+, 0 disagreements; cvc5"
              + " could not decide \\d+ queries \\(unknown or out of time\\)$");

  private static void assumeCvc5() {
    assumeTrue(Cvc5.locate().isPresent(), "cvc5 is not installed (apt-get install cvc5)");
  }

  @Test
  void aViolatedBuiltinStaysViolatedWithNoDisagreement() {
    assumeCvc5();
    Cli.Result r = Cli.run("verify", "--builtin", "cdna4-interleave", "--cross-check", "cvc5");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().startsWith("cdna4-interleave: VIOLATED"), r.dump());
    assertTrue(SUMMARY.matcher(r.err()).find(), r.dump());
  }

  @Test
  void aVerifiedBuiltinStaysVerifiedWithNoDisagreement() {
    assumeCvc5();
    Cli.Result r = Cli.run("verify", "--builtin", "triton-pingpong", "--cross-check", "cvc5");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("triton-pingpong: VERIFIED"), r.dump());
    assertTrue(SUMMARY.matcher(r.err()).find(), r.dump());
  }

  /**
   * The other built-ins, and shipped kernels (an aiter bf16 GEMM that verifies, an FP4 GEMM with
   * reads in flight across a barrier, that one under --assume): Z3's verdicts, 0 disagreements. The
   * corpus kernels skip without ../shared/corpus or llvm-objdump-22.
   */
  @Test
  void theBuiltinsAndCorpusKernelsAgree() {
    assumeCvc5();
    String[][] builtins = {
      {"tilelang-pipelined", "0"}, {"hipkittens-2step", "1"}, {"triton-stream", "0"}
    };
    for (String[] b : builtins) {
      Cli.Result r = Cli.run("verify", "--builtin", b[0], "--cross-check", "cvc5");
      assertEquals(Integer.parseInt(b[1]), r.code(), r.dump());
      assertTrue(SUMMARY.matcher(r.err()).find(), r.dump());
    }
    Path corpus = Path.of("..", "..", "shared", "corpus", "aiter");
    assumeTrue(Files.isDirectory(corpus), "../shared/corpus is absent");
    assumeTrue(CodeObjectDisassembler.locate().isPresent(), "llvm-objdump-22 is not installed");
    Path f4 =
        corpus.resolve("gfx950-f4gemm").resolve("f4gemm_bf16_per1x32Fp4_BpreShuffle_192x256.co");
    String[][] kernels = {
      {corpus.resolve("gfx950").resolve("bf16gemm_bf16_tn_256x256.co").toString(), "0", ""},
      {f4.toString(), "1", ""},
      {f4.toString(), "0", "lds-read-before-dma"}
    };
    for (String[] k : kernels) {
      Cli.Result r =
          k[2].isEmpty()
              ? Cli.run("verify", k[0], "--cross-check", "cvc5")
              : Cli.run("verify", k[0], "--cross-check", "cvc5", "--assume", k[2]);
      assertEquals(Integer.parseInt(k[1]), r.code(), r.dump());
      assertTrue(SUMMARY.matcher(r.err()).find(), r.dump());
    }
  }

  @Test
  void aDisagreementIsExit5NamingTheQueryAndNoVerdict() {
    String[] args = {"verify", "--builtin", "triton-pingpong", "--cross-check", "cvc5"};
    Liar liar = Liar.run(args);
    assertEquals(ExitCode.TOOL_FAILURE, liar.code(), liar.dump());
    assertEquals("", liar.out().toString(), liar.dump());
    // The ping-pong kernel's two roles make barrier matching (P6) its first Z3 query.
    assertEquals(
        "pipeverify: cross-check: Z3 and liar 1 disagree on barrier matching (P6) (unequal"
            + " barrier counts of 2 programs): Z3 says unsat, liar says sat\n"
            + "pipeverify: no verdict: the cross-check failed; this is not a problem in the input\n",
        liar.err().toString(),
        liar.dump());
  }

  /**
   * The lift's queries answer to the cross-check too: a launch class proved empty (x < 1 and x odd,
   * FeasibleLaunchesTest's kernel) prunes launches, so a second solver that says otherwise stops
   * the run before any verdict; cvc5 agrees.
   */
  @Test
  void theLiftsFeasibilityQueriesAreCrossChecked(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    Path k =
        KernelHeader.write(
            tmp.resolve("k.s"),
            KernelHeader.then(
                java.util.List.of(
                    "\ts_load_dword s20, s[0:1], 0x0",
                    "\ts_waitcnt lgkmcnt(0)",
                    "\tv_readfirstlane_b32 s0, v0",
                    "\ts_lshl_b32 s1, s0, 2",
                    "\ts_mov_b32 m0, s1",
                    "\tv_lshlrev_b32_e32 v1, 2, v0",
                    "\tbuffer_load_dword v2, s[4:7], 0 offen lds",
                    "\ts_cmp_lt_u32 s20, 1",
                    "\ts_cbranch_scc0 .Lwait",
                    "\ts_and_b32 s21, s20, 1",
                    "\ts_cmp_eq_u32 s21, 1",
                    "\ts_cbranch_scc1 .Lread",
                    ".Lwait:",
                    "\ts_waitcnt vmcnt(0)",
                    ".Lread:",
                    "\tds_read_b32 v4, v1",
                    "\ts_waitcnt lgkmcnt(0)",
                    "\tv_mfma_f32_16x16x32_bf16 v[8:11], v[4:7], v[4:7], v[8:11]",
                    "\ts_endpgm")));
    String[] args = {"verify", k.toString(), "--waves", "2", "--cross-check", "cvc5"};
    Liar liar = Liar.run(args);
    assertEquals(ExitCode.TOOL_FAILURE, liar.code(), liar.dump());
    assertEquals("", liar.out().toString(), liar.dump());
    // The lift asks before any verdict: its first unsat is the first disagreement.
    assertEquals(
        "pipeverify: cross-check: Z3 and liar 1 disagree on launch feasibility (the lift's"
            + " branch decisions and trip counts): Z3 says unsat, liar says sat\n"
            + "pipeverify: no verdict: the cross-check failed; this is not a problem in the input\n",
        liar.err().toString(),
        liar.dump());
    assumeCvc5();
    Cli.Result r = Cli.run(args);
    assertEquals(0, r.code(), r.dump());
    assertTrue(SUMMARY.matcher(r.err()).find(), r.dump());
  }

  @Test
  void onlyCvc5IsASecondSolver() {
    Cli.Result r = Cli.run("verify", "--builtin", "triton-pingpong", "--cross-check", "yices");
    assertEquals(ExitCode.BAD_INPUT, r.code(), r.dump());
    assertTrue(r.err().contains("--cross-check: the second solver is cvc5, got yices"), r.dump());
  }

  /** A run whose second solver (liar) answers sat to every query. */
  private record Liar(int code, StringWriter out, StringWriter err) {
    static Liar run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      Console console =
          new Console(
              new ByteArrayInputStream(new byte[0]),
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              false);
      CommandLine cli = Main.commandLine(console, args);
      VerifyCommand verify = cli.getSubcommands().get("verify").getCommand();
      verify.secondSolver = limit -> new FixedSolver("liar", SecondOpinion.Answer.SAT);
      return new Liar(cli.execute(args), out, err);
    }

    String dump() {
      return "exit " + code + "\n" + out + "\n" + err;
    }
  }
}

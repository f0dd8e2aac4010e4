package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RootCause;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Help, version and the demo's one-line violation (the full demo verifies all five transforms). */
class MainTest {

  /** Z3 starts early for the commands that solve, and not for help, the version, list or show. */
  @Test
  void z3StartsEarlyOnlyForCommandsThatSolve() {
    assertTrue(Main.startsZ3(new String[] {"verify", "--builtin", "cdna4-interleave"}));
    assertTrue(Main.startsZ3(new String[] {"fuzz", "--seed", "3", "tilelang-pipelined"}));
    assertTrue(Main.startsZ3(new String[] {"replay", "s.json"}));
    assertFalse(Main.startsZ3(new String[] {"verify", "--help"}));
    assertFalse(Main.startsZ3(new String[] {"--version"}));
    assertFalse(Main.startsZ3(new String[] {"list"}));
    assertFalse(Main.startsZ3(new String[] {"show", "--builtin", "cdna4-interleave"}));
    assertFalse(Main.startsZ3(new String[] {}));
    // Only the first word names a subcommand, as for the command line itself.
    assertFalse(Main.startsZ3(new String[] {"x.json", "verify"}));
  }

  /**
   * A command line that names a subcommand has only that one; one that names none has all, in the
   * usage's order, each under the name the list gives it.
   */
  @Test
  void theCommandLineHasTheSubcommandItNamesOrAll() {
    Console console =
        new Console(
            InputStream.nullInputStream(),
            new PrintWriter(Writer.nullWriter()),
            new PrintWriter(Writer.nullWriter()),
            false);
    for (String[] args :
        List.of(new String[] {}, new String[] {"--version"}, new String[] {"verfy", "x.json"})) {
      assertEquals(
          Main.SUBCOMMANDS,
          List.copyOf(Main.commandLine(console, args).getSubcommands().keySet()),
          String.join(" ", args));
    }
    for (String name : Main.SUBCOMMANDS) {
      assertEquals(
          List.of(name),
          List.copyOf(
              Main.commandLine(console, new String[] {name, "--help"}).getSubcommands().keySet()));
    }
    // A mistyped name is still suggested from all of them.
    Cli.Result typo = Cli.run("verfy", "x.json");
    assertEquals(2, typo.code(), typo.dump());
    assertTrue(typo.err().contains("Did you mean: pipeverify verify?"), typo.dump());
  }

  @Test
  void helpForEveryCommandExitsZero() {
    for (String[] args :
        List.of(
            new String[] {"--help"},
            new String[] {"list", "--help"},
            new String[] {"show", "--help"},
            new String[] {"verify", "--help"})) {
      Cli.Result r = Cli.run(args);
      assertEquals(0, r.code(), r.dump());
      assertTrue(r.out().startsWith("Usage: pipeverify"), r.dump());
      assertEquals("", r.err());
    }
    Cli.Result verify = Cli.run("verify", "--help");
    for (String option :
        List.of(
            "--builtin",
            "--opt",
            "--target",
            "--implicit-waits",
            "--counters",
            "--format",
            "--timeout-ms",
            "--no-timings")) {
      assertTrue(verify.out().contains(option), option);
    }
  }

  /** show, emit and replay take one schedule, verify and explain several: the usage says which. */
  @Test
  void usageSaysHowManyFilesACommandTakes() {
    for (String command : List.of("show", "emit", "replay")) {
      String help = Cli.run(command, "--help").out();
      assertTrue(help.contains(" [FILE]\n"), help);
      assertFalse(help.contains("FILE..."), help);
      // emit needs --out before it looks at its input; show and replay have no --out.
      Cli.Result two =
          command.equals("emit")
              ? Cli.run(command, "a.json", "b.json", "--out", "unused")
              : Cli.run(command, "a.json", "b.json");
      assertEquals(2, two.code(), two.dump());
      assertEquals(
          "pipeverify: give one FILE, not 2: a.json b.json\n"
              + "Try 'pipeverify "
              + command
              + " --help' for more information.\n",
          two.err());
    }
    for (String command : List.of("verify", "explain")) {
      String help = Cli.run(command, "--help").out();
      assertTrue(help.contains(" [FILE...]\n"), help);
    }
  }

  @Test
  void verifyHelpNamesEveryProperty() {
    String help = Cli.run("verify", "--help").out().replace("\n", " ");
    for (String property : List.of("P1", "P2", "P3", "P4", "P5", "P6", "P7")) {
      assertTrue(help.contains("(" + property + ")"), property);
    }
  }

  @Test
  void versionIsTheProjectVersion() {
    for (String[] args :
        List.of(new String[] {"--version"}, new String[] {"verify", "--version"})) {
      Cli.Result r = Cli.run(args);
      assertEquals(0, r.code(), r.dump());
      assertTrue(r.out().matches("pipeverify \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n"), r.dump());
    }
  }

  private static OpRef op(int wave, int k, String stage, String op) {
    return new OpRef(
        wave,
        "loop",
        k,
        3,
        stage,
        op,
        op + " B[0] rows [64, 80)",
        "B",
        0,
        "rows [64, 80)",
        "B k=0",
        "cdna4-interleave " + stage);
  }

  @Test
  void demoRowNamesPropertyKindBufferAndBothOps() {
    Violation war =
        new Violation(
            Property.P1,
            ViolationKind.WAR,
            2,
            List.of(op(0, 0, "loop stage 3", "ds_read"), op(1, 1, "loop stage 2", "g2s")),
            "summary\nwith a newline",
            "missing",
            List.of(0, 1),
            List.of());
    RootCause cause = RootCause.defect(Property.P6, ViolationKind.BARRIER_MISMATCH, "a cause");
    Violation mismatch =
        new Violation(
            Property.P6,
            ViolationKind.BARRIER_MISMATCH,
            1,
            List.of(),
            "s",
            "s_barrier #2 of wave 0 has no partner in wave 4: it completes only after wave 4 has"
                + " ended",
            List.of(0, 4),
            List.of());
    assertEquals(
        "P1 WAR on B: wave 0 loop k=0 stage 3 ds_read vs wave 1 loop k=1 stage 2 g2s"
            + " (2 root causes, 4 instances)",
        PipeverifyCommand.firstViolation(
            new Verdict.Violated(
                List.of(
                    new Finding(
                        cause, List.of(war), 3, List.of(0, 1), List.of(0, 1), List.of("main")),
                    new Finding(cause, List.of(mismatch), 1, List.of(), List.of(), List.of()))),
            0));
    assertEquals(
        "P1 WAR on B: wave 0 loop k=0 stage 3 ds_read vs wave 1 loop k=1 stage 2 g2s"
            + " (1 root cause, 1 instance; 4 more not reported)",
        PipeverifyCommand.firstViolation(
            new Verdict.Violated(
                List.of(
                    new Finding(
                        cause, List.of(war), 1, List.of(0, 1), List.of(0, 1), List.of("main")))),
            4));
    assertEquals(
        "P6 BARRIER_MISMATCH: s_barrier #2 of wave 0 has no partner in wave 4: it completes only"
            + " after wave 4 has ended",
        PipeverifyCommand.firstViolation(
            new Verdict.Violated(
                List.of(new Finding(cause, List.of(mismatch), 1, List.of(), List.of(), List.of()))),
            0));
    assertEquals("-", PipeverifyCommand.firstViolation(new Verdict.Verified(), 0));
    assertEquals(
        "Z3 timed out",
        PipeverifyCommand.firstViolation(new Verdict.Inconclusive("Z3 timed out", List.of()), 0));
  }
}

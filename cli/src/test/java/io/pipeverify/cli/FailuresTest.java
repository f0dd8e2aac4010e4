package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.VerifierBugException;
import io.pipeverify.verifier.smt.CrossCheckException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailuresTest {

  private static String report(Throwable t, boolean debug, int expectedCode) {
    StringWriter sw = new StringWriter();
    PrintWriter err = new PrintWriter(sw);
    assertEquals(expectedCode, Failures.report(t, err, debug));
    err.flush();
    return sw.toString();
  }

  @Test
  void verifierBugIsAnInternalErrorWithoutStackTrace() {
    String err = report(new VerifierBugException("graph and solver disagree at T=2"), false, 4);
    assertEquals(
        "pipeverify: internal error: VerifierBugException: graph and solver disagree at T=2\n"
            + "pipeverify: this is a bug in pipeverify; please report it with the command line and"
            + " input (PIPEVERIFY_DEBUG=1 shows the stack trace)\n",
        err);
  }

  @Test
  void aFailedCrossCheckIsAToolFailureWithoutAVerdict() {
    String err =
        report(new CrossCheckException("--cross-check cvc5: no cvc5 on the PATH"), false, 5);
    assertEquals(
        "pipeverify: --cross-check cvc5: no cvc5 on the PATH\n"
            + "pipeverify: no verdict: the cross-check failed; this is not a problem in the input\n",
        err);
  }

  @Test
  void debugAddsTheStackTrace() {
    String err = report(new IllegalStateException("boom"), true, 4);
    assertTrue(err.startsWith("pipeverify: internal error: IllegalStateException: boom\n"), err);
    assertTrue(err.contains("please report"), err);
    assertTrue(err.contains("\tat io.pipeverify.cli.FailuresTest"), err);
  }

  @Test
  void exceptionWithoutMessageIsNamedByItsClass() {
    String err = report(new NullPointerException(), false, 4);
    assertTrue(err.startsWith("pipeverify: internal error: java.lang.NullPointerException\n"), err);
  }

  @Test
  void inputErrorsPrintTheirLines() {
    String err = report(new InputException(List.of("a: one", "b: two")), false, 2);
    assertEquals("a: one\nb: two\n", err);
  }

  @Test
  void aFailingToolIsExitFiveWithTheToolsOutputNotAnInternalError() {
    String err =
        report(
            new ExternalToolException("clang++-22 failed on k.hip (exit 1):\nk.hip:3: error: x"),
            false,
            5);
    assertEquals(
        "pipeverify: clang++-22 failed on k.hip (exit 1):\nk.hip:3: error: x\n"
            + "pipeverify: an external tool failed; this is not a problem in the input\n",
        err);
  }
}

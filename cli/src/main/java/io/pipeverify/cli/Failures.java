package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.verifier.smt.CrossCheckException;
import java.io.PrintWriter;

/**
 * Maps what a command throws to an exit code and a message on stderr: an {@link InputException} is
 * bad input (exit 2, its lines), or inconclusive when it says so (exit 3, its lines: a kernel the
 * lift covers no launch of); an {@link ExternalToolException} is a missing or failing external tool
 * (exit 5, its message, which carries the tool's output), and so is a failed {@link
 * CrossCheckException} (exit 5: the second solver is missing or disagrees with Z3, so there is no
 * verdict); an {@link OutOfMemoryError} is inconclusive (exit 3, with the heap's size and how to
 * raise it: the input is not at fault, nor pipeverify's logic); anything else, {@link
 * io.pipeverify.verifier.VerifierBugException} included, is a bug in pipeverify (exit 4, one line
 * and a request to report it; the stack trace only when {@code PIPEVERIFY_DEBUG=1}).
 */
final class Failures {
  private Failures() {}

  static int report(Throwable t, PrintWriter err, boolean debug) {
    if (t instanceof InputException e) {
      for (String line : e.lines()) {
        err.println(line);
      }
      return e.inconclusive() ? ExitCode.INCONCLUSIVE : ExitCode.BAD_INPUT;
    }
    if (t instanceof ExternalToolException e) {
      err.println("pipeverify: " + e.getMessage());
      err.println("pipeverify: an external tool failed; this is not a problem in the input");
      return ExitCode.TOOL_FAILURE;
    }
    if (t instanceof OutOfMemoryError) {
      err.println("pipeverify: inconclusive: " + outOfMemory());
      return ExitCode.INCONCLUSIVE;
    }
    if (t instanceof CrossCheckException e) {
      err.println("pipeverify: " + e.getMessage());
      err.println(
          "pipeverify: no verdict: the cross-check failed; this is not a problem in the input");
      return ExitCode.TOOL_FAILURE;
    }
    err.println("pipeverify: internal error: " + oneLine(t));
    err.println(
        "pipeverify: this is a bug in pipeverify; please report it with the command line and input"
            + (debug ? "" : " (PIPEVERIFY_DEBUG=1 shows the stack trace)"));
    if (debug) {
      t.printStackTrace(err);
    }
    return ExitCode.INTERNAL_ERROR;
  }

  /**
   * Why a run has no verdict when its work exhausted the heap: the heap's size and how to give the
   * JVM more (docs/robustness.md, "Memory").
   */
  static String outOfMemory() {
    long mb = Runtime.getRuntime().maxMemory() >> 20;
    return "out of memory (heap of "
        + mb
        + " MB; raise it with PIPEVERIFY_HEAP, e.g. PIPEVERIFY_HEAP=16g ./pipeverify ..., or java"
        + " -Xmx16g -jar pipeverify.jar ...: docs/robustness.md)";
  }

  private static String oneLine(Throwable t) {
    String message = t.getMessage();
    String text =
        message == null || message.isBlank()
            ? t.getClass().getName()
            : t.getClass().getSimpleName() + ": " + message;
    return text.replace('\n', ' ').replace('\r', ' ');
  }
}

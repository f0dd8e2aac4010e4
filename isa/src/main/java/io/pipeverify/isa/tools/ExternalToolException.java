package io.pipeverify.isa.tools;

/**
 * A required external tool (the compiler, a disassembler) could not be run or failed: not bad input
 * and not a bug in pipeverify, so the CLI reports it with its own exit code (5, docs/cli.md "Exit
 * codes") and the tool's own output.
 */
public final class ExternalToolException extends Exception {
  private static final long serialVersionUID = 1L;

  public ExternalToolException(String message) {
    super(message);
  }

  public ExternalToolException(String message, Throwable cause) {
    super(message, cause);
  }
}

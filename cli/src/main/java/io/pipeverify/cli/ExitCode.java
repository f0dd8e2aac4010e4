package io.pipeverify.cli;

/** The exit codes of every command (docs/cli.md, "Exit codes"). */
final class ExitCode {
  private ExitCode() {}

  /** Verified, or a command that succeeded. */
  static final int OK = 0;

  /** The schedule violates a property. */
  static final int VIOLATED = 1;

  /** Bad input or bad usage. */
  static final int BAD_INPUT = 2;

  /** The solver could not decide an obligation in time. */
  static final int INCONCLUSIVE = 3;

  /** A bug in pipeverify. */
  static final int INTERNAL_ERROR = 4;

  /** A required external tool (clang++-22, llvm-objdump-22, cvc5) is missing or failed. */
  static final int TOOL_FAILURE = 5;
}

package io.pipeverify.verifier.smt;

/**
 * The cross-check failed: the second solver disagrees with Z3 on a query, or cannot be run. Either
 * way the run has no verdict; the CLI reports it as a tool error (exit 5), not as a verdict and not
 * as bad input.
 */
public final class CrossCheckException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CrossCheckException(String message) {
    super(message);
  }

  public CrossCheckException(String message, Throwable cause) {
    super(message, cause);
  }
}

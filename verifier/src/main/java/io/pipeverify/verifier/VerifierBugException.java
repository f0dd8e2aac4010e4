package io.pipeverify.verifier;

/** The graph and the solver disagree, or a model is inconsistent: a bug in pipeverify. */
public final class VerifierBugException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public VerifierBugException(String message) {
    super(message);
  }
}

package io.pipeverify.model;

/** An expression that does not parse; the message names the column. */
public final class ExprSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ExprSyntaxException(String message) {
    super(message);
  }
}

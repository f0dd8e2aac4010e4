package io.pipeverify.model;

/** An expression that does not parse; the message names the column. */
public final class ExprSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int column;
  private final String detail;

  public ExprSyntaxException(String message) {
    super(message);
    this.column = 0;
    this.detail = message;
  }

  /**
   * An error at 1-based {@code column} of {@code text}; {@link #detail} is the bare reason, so that
   * a file reader can place it at the column inside the file instead.
   */
  public ExprSyntaxException(String text, int column, String detail) {
    super("in expression \"" + text + "\" at column " + column + ": " + detail);
    this.column = column;
    this.detail = detail;
  }

  /** The 1-based column in the expression text, or 0 when unknown. */
  public int column() {
    return column;
  }

  /** The reason without the expression and column, e.g. {@code expected ')'}. */
  public String detail() {
    return detail;
  }
}

package io.pipeverify.model.format;

import java.util.Comparator;
import java.util.Objects;

/**
 * One problem in a file: where (file, JSON pointer of the offending value, its 1-based line and
 * column) and what. {@link #render()} gives {@code FILE:LINE:COL: error at POINTER: MESSAGE}.
 */
public record Diagnostic(String file, String pointer, int line, int column, String message) {

  /** Deterministic report order: by line, column, then message. */
  public static final Comparator<Diagnostic> ORDER =
      Comparator.comparingInt(Diagnostic::line)
          .thenComparingInt(Diagnostic::column)
          .thenComparing(Diagnostic::message)
          .thenComparing(Diagnostic::pointer);

  public Diagnostic {
    Objects.requireNonNull(file);
    Objects.requireNonNull(pointer);
    Objects.requireNonNull(message);
  }

  static Diagnostic at(String file, String pointer, SourcePosition pos, String message) {
    return new Diagnostic(file, pointer, pos.line(), pos.column(), message);
  }

  /** {@code FILE:LINE:COL: error at POINTER: MESSAGE}; the root pointer "" renders as {@code /}. */
  public String render() {
    return file
        + ":"
        + line
        + ":"
        + column
        + ": error at "
        + (pointer.isEmpty() ? "/" : pointer)
        + ": "
        + message;
  }
}

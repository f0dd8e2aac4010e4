package io.pipeverify.model.format;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A file that does not read as a valid schedule. Carries every problem found, sorted by {@link
 * Diagnostic#ORDER}; the message is their rendered lines joined by newlines.
 */
public final class ScheduleFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<Diagnostic> diagnostics;

  public ScheduleFormatException(List<Diagnostic> diagnostics) {
    super(render(diagnostics));
    if (diagnostics.isEmpty()) {
      throw new IllegalArgumentException("a format error needs at least one diagnostic");
    }
    this.diagnostics = sorted(diagnostics);
  }

  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }

  private static List<Diagnostic> sorted(List<Diagnostic> diagnostics) {
    return diagnostics.stream().sorted(Diagnostic.ORDER).distinct().toList();
  }

  private static String render(List<Diagnostic> diagnostics) {
    return sorted(diagnostics).stream().map(Diagnostic::render).collect(Collectors.joining("\n"));
  }
}

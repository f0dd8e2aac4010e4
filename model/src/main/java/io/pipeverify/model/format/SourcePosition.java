package io.pipeverify.model.format;

/** A 1-based line and column in a source file. */
public record SourcePosition(int line, int column) implements Comparable<SourcePosition> {
  public SourcePosition {
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException("positions are 1-based: " + line + ":" + column);
    }
  }

  @Override
  public int compareTo(SourcePosition other) {
    return line != other.line
        ? Integer.compare(line, other.line)
        : Integer.compare(column, other.column);
  }
}

package io.pipeverify.model;

import java.util.Objects;
import java.util.Optional;

/** Where an op came from, so that a trace can point back to it. */
public sealed interface Origin {

  /** A short human-readable form, e.g. {@code sched.json:/programs/0/loop/12}. */
  String describe();

  /**
   * {@link #describe} with the text of the line where that differs from what a listing shows (an
   * assembler source's line: {@code K.s:812: ds_read_b128 v[vgprValuA_X0_I0:...], ...}).
   */
  default String describeWithText() {
    return describe();
  }

  /** An op read from a schedule file, at a JSON pointer. */
  record InFile(String file, String pointer) implements Origin {
    public InFile {
      Objects.requireNonNull(file);
      Objects.requireNonNull(pointer);
    }

    @Override
    public String describe() {
      return file + ":" + pointer;
    }
  }

  /**
   * An op lifted from line {@code line} of assembly listing {@code file} ({@code kernel.s:529}),
   * the op's identity; {@code source} is the line its author wrote when the listing was made from
   * an assembler source, which every rendering names instead.
   */
  record InAssembly(String file, int line, Optional<SourceLine> source) implements Origin {
    public InAssembly {
      Objects.requireNonNull(file);
      Objects.requireNonNull(source);
    }

    /** Line {@code line} of listing {@code file}. */
    public InAssembly(String file, int line) {
      this(file, line, Optional.empty());
    }

    /** The line a reader looks at: the source's where there is one, else the listing's. */
    public int shownLine() {
      return source.map(SourceLine::line).orElse(line);
    }

    /** The file of {@link #shownLine}. */
    public String shownFile() {
      return source.map(SourceLine::file).orElse(file);
    }

    @Override
    public String describe() {
      return shownFile() + ":" + shownLine();
    }

    @Override
    public String describeWithText() {
      return source.isPresent() && !source.get().text().isEmpty()
          ? describe() + ": " + source.get().text()
          : describe();
    }
  }

  /**
   * A line of an assembler source as its author wrote it ({@code text}: the line without its
   * comment, and the macro it uses, if any).
   */
  record SourceLine(String file, int line, String text) {
    public SourceLine {
      Objects.requireNonNull(file);
      Objects.requireNonNull(text);
    }
  }

  /** An op made by a built-in transform, in a named stage of its output. */
  record FromTransform(String transform, String stage) implements Origin {
    public FromTransform {
      Objects.requireNonNull(transform);
      Objects.requireNonNull(stage);
    }

    @Override
    public String describe() {
      return transform + " " + stage;
    }
  }
}

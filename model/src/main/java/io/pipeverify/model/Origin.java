package io.pipeverify.model;

import java.util.Objects;

/** Where an op came from, so that a trace can point back to it. */
public sealed interface Origin {

  /** A short human-readable form, e.g. {@code sched.json:/programs/0/loop/12}. */
  String describe();

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

  /** An op lifted from a line of an assembly listing ({@code kernel.s:529}). */
  record InAssembly(String file, int line) implements Origin {
    public InAssembly {
      Objects.requireNonNull(file);
    }

    @Override
    public String describe() {
      return file + ":" + line;
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

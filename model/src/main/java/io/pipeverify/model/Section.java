package io.pipeverify.model;

import java.util.Locale;

/** The three parts of a pipelined loop. */
public enum Section {
  PROLOGUE,
  LOOP,
  EPILOGUE;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}

package io.pipeverify.model;

import java.util.Locale;

/** The three parts of a pipelined loop. */
public enum Section {
  PROLOGUE,
  LOOP,
  EPILOGUE;

  private final String id = name().toLowerCase(Locale.ROOT);

  public String id() {
    return id;
  }
}

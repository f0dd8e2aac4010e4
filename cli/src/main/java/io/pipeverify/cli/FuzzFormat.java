package io.pipeverify.cli;

import java.util.Locale;

/** {@code fuzz --format}: the report formats and the file each gets under {@code --out DIR}. */
enum FuzzFormat {
  TEXT("fuzz.txt"),
  JSON("fuzz.json"),
  JUNIT("fuzz.junit.xml"),
  SARIF("fuzz.sarif");

  private final String fileName;

  FuzzFormat(String fileName) {
    this.fileName = fileName;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  String fileName() {
    return fileName;
  }

  static FuzzFormat fromId(String id) {
    for (FuzzFormat f : values()) {
      if (f.id().equals(id.trim())) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '" + id + "' (expected text, json, junit or sarif)");
  }
}

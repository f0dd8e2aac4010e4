package io.pipeverify.cli;

import java.util.Locale;

/** {@code --format}: text for people, json for tools. */
enum OutputFormat {
  TEXT,
  JSON;

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  static OutputFormat fromId(String id) {
    for (OutputFormat f : values()) {
      if (f.id().equals(id)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + id + "' (expected text or json)");
  }
}

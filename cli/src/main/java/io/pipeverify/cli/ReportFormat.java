package io.pipeverify.cli;

import java.util.Locale;

/** {@code verify --format}: the report formats and the file each gets under {@code --out DIR}. */
enum ReportFormat {
  TEXT("report.txt"),
  JSON("report.json"),
  SARIF("report.sarif"),
  JUNIT("report.junit.xml"),
  GITHUB("github.txt"),
  PERFETTO("trace.perfetto.json"),
  HTML("report.html"),
  DOT("hb.dot");

  private final String fileName;

  ReportFormat(String fileName) {
    this.fileName = fileName;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  String fileName() {
    return fileName;
  }

  static ReportFormat fromId(String id) {
    for (ReportFormat f : values()) {
      if (f.id().equals(id.trim())) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '"
            + id
            + "' (expected text, json, sarif, junit, github, perfetto, html or dot)");
  }
}

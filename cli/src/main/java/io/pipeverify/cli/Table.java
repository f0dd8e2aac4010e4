package io.pipeverify.cli;

import java.util.List;

/** A plain-text table: columns padded to their widest cell, a rule under the header row. */
final class Table {
  private Table() {}

  static void render(StringBuilder out, String indent, List<String[]> rows) {
    int columns = rows.get(0).length;
    int[] width = new int[columns];
    for (String[] row : rows) {
      for (int c = 0; c < columns; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      line(out, indent, rows.get(r), width);
      if (r == 0) {
        String[] rule = new String[columns];
        for (int c = 0; c < columns; c++) {
          rule[c] = "-".repeat(width[c]);
        }
        line(out, indent, rule, width);
      }
    }
  }

  private static void line(StringBuilder out, String indent, String[] cells, int[] width) {
    StringBuilder line = new StringBuilder(indent);
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        line.append("  ");
      }
      line.append(cells[c]).append(" ".repeat(width[c] - cells[c].length()));
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}

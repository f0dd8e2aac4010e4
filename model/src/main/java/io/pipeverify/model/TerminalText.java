package io.pipeverify.model;

/**
 * Makes text from a schedule (names, origins, file names) safe to print: a name with a control
 * character could move the cursor or rewrite what a terminal shows, and a Unicode bidi control (the
 * "Trojan Source" trick, CVE-2021-42574) could make a report read differently from what it says.
 * Such characters are written as Java-style {@code \\uXXXX} escapes; everything else, including
 * other non-ASCII letters, is kept. Text outputs escape every name they print with {@link #escape};
 * JSON and SARIF escape by JSON's rules instead.
 */
public final class TerminalText {
  private TerminalText() {}

  /** {@code s} with C0 and C1 controls, DEL and bidi controls escaped as {@code \\uXXXX}. */
  public static String escape(String s) {
    int i = 0;
    while (i < s.length() && !unsafe(s.charAt(i))) {
      i++;
    }
    if (i == s.length()) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length() + 8).append(s, 0, i);
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (unsafe(c)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * A whole text output: every line escaped as by {@link #escape}, the line feeds that lay it out
   * kept. Renderers call it on what they print, so no name can reach the terminal unescaped; a name
   * that itself contains a line feed still breaks its line (the layout's line feeds and the name's
   * cannot be told apart there).
   */
  public static String escapeLines(String text) {
    StringBuilder out = new StringBuilder(text.length());
    int from = 0;
    for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      out.append(escape(text.substring(from, nl))).append('\n');
      from = nl + 1;
    }
    return out.append(escape(text.substring(from))).toString();
  }

  /**
   * C0 controls, DEL, C1 controls, and the bidi controls: LRM/RLM (U+200E/F), the ALM (U+061C), the
   * embeddings and overrides U+202A-U+202E and the isolates U+2066-U+2069.
   */
  static boolean unsafe(char c) {
    return c < 0x20
        || (c >= 0x7F && c <= 0x9F)
        || c == 0x061C
        || c == 0x200E
        || c == 0x200F
        || (c >= 0x202A && c <= 0x202E)
        || (c >= 0x2066 && c <= 0x2069);
  }
}

package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

  @Test
  void escapesControlsDelC1AndBidiControls() {
    assertEquals("a\\u001B[31mb", TerminalText.escape("a\u001B[31mb"));
    assertEquals("\\u0000\\u0009\\u000A\\u000D", TerminalText.escape("\u0000\t\n\r"));
    assertEquals(
        "x\\u007Fy\\u0080\\u0085\\u009Fz", TerminalText.escape("x\u007Fy\u0080\u0085\u009Fz"));
    assertEquals(
        "\\u202A\\u202B\\u202C\\u202D\\u202E",
        TerminalText.escape("\u202A\u202B\u202C\u202D\u202E"));
    assertEquals("\\u2066\\u2067\\u2068\\u2069", TerminalText.escape("\u2066\u2067\u2068\u2069"));
    assertEquals("\\u200E\\u200F\\u061C", TerminalText.escape("\u200E\u200F\u061C"));
  }

  @Test
  void keepsPrintableTextIncludingOtherNonAscii() {
    String s = "tile A k=0 \u2014 caf\u00e9 \u03b1\u00a0\u2065\u206A\u202F\u200D";
    assertSame(s, TerminalText.escape(s));
    assertEquals("~ !", TerminalText.escape("~ !"));
  }

  @Test
  void unsafeIsExactlyTheListedRanges() {
    int unsafe = 0;
    for (char c = 0; c < 0x3000; c++) {
      if (TerminalText.unsafe(c)) {
        unsafe++;
      }
    }
    // 32 C0 + DEL + 32 C1 + ALM + LRM/RLM + 5 embeddings/overrides + 4 isolates
    assertEquals(32 + 1 + 32 + 1 + 2 + 5 + 4, unsafe);
    assertTrue(TerminalText.unsafe('\u202E'));
    assertFalse(TerminalText.unsafe('\u00A0'));
  }

  @Test
  void escapeLinesKeepsTheLayoutLineFeeds() {
    assertEquals(
        "schedule x\\u202Ey\n  buffer A\\u001B\n\n",
        TerminalText.escapeLines("schedule x\u202Ey\n  buffer A\u001B\n\n"));
    assertEquals("a\\u000Db", TerminalText.escapeLines("a\rb"));
  }
}

package io.pipeverify.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of an assembly text as the commands that edit one write them back ({@code explain
 * --apply}, {@code fuzz --mutate}, {@code relax}): each line with its own line end, so that the
 * lines not edited stay byte for byte, and the pieces of an instruction line an edit touches (its
 * indentation, its code, its comment, an {@code s_waitcnt}'s counts).
 */
final class AsmLines {
  private static final Pattern COUNTER = Pattern.compile("\\b(vmcnt|lgkmcnt)\\((\\d+)\\)");

  private final List<String> lines;

  AsmLines(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        out.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      out.add(text.substring(start));
    }
    this.lines = List.copyOf(out);
  }

  int size() {
    return lines.size();
  }

  /** Line {@code n} (from 1) with its line end. */
  String line(int n) {
    return lines.get(n - 1);
  }

  /** The line's end: {@code \r\n}, {@code \n}, or none for a last line without one. */
  static String ending(String line) {
    if (line.endsWith("\r\n")) {
      return "\r\n";
    }
    return line.endsWith("\n") ? "\n" : "";
  }

  /** The line without its end. */
  static String body(String line) {
    return line.substring(0, line.length() - ending(line).length());
  }

  /** The line's leading blanks; a tab for a line without (a label). */
  static String indent(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i == 0 ? "\t" : line.substring(0, i);
  }

  /** The instruction of the line: without its end and its comment ({@code ;} or {@code //}). */
  static String code(String line) {
    String body = body(line);
    return body.substring(0, commentStart(body));
  }

  /** The line's comment with what precedes it after the code, or "". */
  static String comment(String line) {
    String body = body(line);
    return body.substring(commentStart(body));
  }

  private static int commentStart(String body) {
    int at = body.length();
    int semi = body.indexOf(';');
    if (semi >= 0) {
      at = semi;
    }
    int slashes = body.indexOf("//");
    if (slashes >= 0 && slashes < at) {
      at = slashes;
    }
    return at;
  }

  /** Whether the line's instruction is {@code mnemonic} (not a macro, not {@code .long}). */
  static boolean is(String line, String mnemonic) {
    String code = code(line).strip();
    return code.equals(mnemonic) || code.startsWith(mnemonic + " ");
  }

  /** The value of counter {@code name} ({@code vmcnt}, {@code lgkmcnt}) in an s_waitcnt line. */
  static OptionalInt counter(String line, String name) {
    Matcher m = COUNTER.matcher(code(line));
    while (m.find()) {
      if (m.group(1).equals(name)) {
        return OptionalInt.of(Integer.parseInt(m.group(2)));
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The s_waitcnt line with counter {@code name} at {@code value} (added after the others when the
   * line has none), its comment kept and {@code note} after it; empty value: the counter taken out.
   */
  static String withCounter(String line, String name, Optional<Integer> value, String note) {
    String code = code(line);
    Matcher m = COUNTER.matcher(code);
    StringBuilder b = new StringBuilder();
    boolean seen = false;
    while (m.find()) {
      String replacement = m.group();
      if (m.group(1).equals(name)) {
        seen = true;
        replacement = value.map(v -> name + "(" + v + ")").orElse("");
      }
      m.appendReplacement(b, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(b);
    String edited = b.toString().replaceAll("(\\S) {2,}(\\S)", "$1 $2");
    if (!seen && value.isPresent()) {
      edited = edited.stripTrailing() + " " + name + "(" + value.get() + ")";
    }
    return edited + comment(line) + note + ending(line);
  }
}

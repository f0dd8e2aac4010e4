package io.pipeverify.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generator's command ({@code fuzz --generate 'CMD'}): words split at blanks, a word quoted with
 * {@code '...'} or {@code "..."} kept whole, and in each word the placeholders {@code {knob}} and
 * {@code {out}} replaced by a configuration's values and the output file. No shell reads it: the
 * words are the program and its arguments, so a value cannot become another command.
 */
record CommandTemplate(String text, List<String> words) {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)\\}");

  CommandTemplate {
    words = List.copyOf(words);
  }

  /** Reads {@code text}; every placeholder must be a knob or {@code out}, and {@code out} used. */
  static CommandTemplate parse(String text, Set<String> knobs) throws InputException {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new InputException("pipeverify: --generate: a quote " + quote + " is not closed");
    }
    if (inWord) {
      words.add(word.toString());
    }
    if (words.isEmpty()) {
      throw new InputException("pipeverify: --generate: the command is empty");
    }
    boolean out = false;
    for (String w : words) {
      Matcher m = PLACEHOLDER.matcher(w);
      while (m.find()) {
        String name = m.group(1);
        if (name.equals("out")) {
          out = true;
        } else if (!knobs.contains(name)) {
          throw new InputException(
              "pipeverify: --generate: {"
                  + name
                  + "} is no knob of the --knobs file (knobs: "
                  + String.join(", ", knobs)
                  + "; {out} is the output file)");
        }
      }
    }
    if (!out) {
      throw new InputException(
          "pipeverify: --generate: the command must write its output to {out} (a schedule, a"
              + " listing, an assembler source or a code object)");
    }
    return new CommandTemplate(text, words);
  }

  /** The program and its arguments for {@code values} and output file {@code out}. */
  List<String> argv(Map<String, String> values, String out) {
    List<String> argv = new ArrayList<>();
    for (String w : words) {
      Matcher m = PLACEHOLDER.matcher(w);
      StringBuilder b = new StringBuilder();
      while (m.find()) {
        String name = m.group(1);
        m.appendReplacement(
            b, Matcher.quoteReplacement(name.equals("out") ? out : values.get(name)));
      }
      m.appendTail(b);
      argv.add(b.toString());
    }
    return argv;
  }

  /** {@link #argv} as one line a shell reads back the same (words with blanks or quotes quoted). */
  String line(Map<String, String> values, String out) {
    List<String> quoted = new ArrayList<>();
    for (String a : argv(values, out)) {
      quoted.add(a.matches("[A-Za-z0-9_./=+:,@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return String.join(" ", quoted);
  }
}

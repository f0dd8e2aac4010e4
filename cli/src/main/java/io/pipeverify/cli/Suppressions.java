package io.pipeverify.cli;

import io.pipeverify.verifier.report.KnownFindings;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The inline suppressions of an assembly source (docs/ci.md, "Known findings"): a comment {@code //
 * pipeverify: allow KEY -- reason} (or after {@code ;}) allows the root cause whose stable key is
 * KEY, anywhere in the file. A directive that is not of that form, or has no reason, is bad input:
 * a suppression must say why.
 */
final class Suppressions {
  private static final Pattern DIRECTIVE = Pattern.compile("(?://|;)\\s*pipeverify:\\s*(.*)$");
  private static final Pattern ALLOW = Pattern.compile("allow\\s+(.+?)\\s+--\\s+(\\S.*?)\\s*");

  private Suppressions() {}

  /** The suppressions written in {@code content}, the text of input {@code file}. */
  static List<KnownFindings.Suppression> in(String file, String content) throws InputException {
    List<KnownFindings.Suppression> out = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    String[] lines = content.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher d = DIRECTIVE.matcher(lines[i]);
      if (!d.find()) {
        continue;
      }
      Matcher allow = ALLOW.matcher(d.group(1));
      if (allow.matches()) {
        out.add(new KnownFindings.Suppression(allow.group(1), allow.group(2), file, i + 1));
      } else {
        errors.add(
            "pipeverify: "
                + file
                + ":"
                + (i + 1)
                + ": expected '// pipeverify: allow KEY -- reason' (KEY: a root cause's key, as"
                + " the report's 'key:' line gives it; the reason is required), not 'pipeverify: "
                + d.group(1).strip()
                + "'");
      }
    }
    if (!errors.isEmpty()) {
      throw new InputException(errors);
    }
    return out;
  }
}

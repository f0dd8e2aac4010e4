package io.pipeverify.isa.decode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The block-style YAML subset of {@code .amdgpu_metadata} as LLVM prints it: maps of {@code key:
 * value}, block lists of {@code - } items, and flow lists {@code [a, b]}; scalars stay strings. A
 * value is a {@code Map<String, Object>}, a {@code List<Object>} or a {@code String}.
 */
final class MetadataYaml {
  private record Line(int indent, String text, Location location) {}

  private final List<Line> lines;
  private int next;

  private MetadataYaml(List<Line> lines) {
    this.lines = lines;
  }

  /** Parses the lines between {@code .amdgpu_metadata} and its end (document markers ignored). */
  static Object parse(List<String> raw, List<Location> locations) throws AsmSyntaxException {
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      String s = raw.get(i);
      String t = s.strip();
      if (t.isEmpty() || t.equals("---") || t.equals("...") || t.startsWith("#")) {
        continue;
      }
      lines.add(new Line(s.length() - s.stripLeading().length(), t, locations.get(i)));
    }
    if (lines.isEmpty()) {
      return Map.of();
    }
    MetadataYaml y = new MetadataYaml(lines);
    Object value = y.value(lines.get(0).indent());
    if (y.next < lines.size()) {
      throw new AsmSyntaxException(
          lines.get(y.next).location(), "unexpected indentation in .amdgpu_metadata");
    }
    return value;
  }

  private Object value(int indent) throws AsmSyntaxException {
    return lines.get(next).text().startsWith("- ") || lines.get(next).text().equals("-")
        ? list(indent)
        : map(indent);
  }

  private List<Object> list(int indent) throws AsmSyntaxException {
    List<Object> items = new ArrayList<>();
    while (next < lines.size()
        && lines.get(next).indent() == indent
        && lines.get(next).text().startsWith("-")) {
      Line item = lines.get(next);
      String rest = item.text().substring(1).strip();
      if (rest.isEmpty()) {
        next++;
        items.add(
            next < lines.size() && lines.get(next).indent() > indent
                ? value(lines.get(next).indent())
                : "");
      } else if (rest.contains(": ") || rest.endsWith(":")) {
        // "- key: value" opens a map whose keys sit two columns further in.
        int inner = indent + (item.text().length() - rest.length());
        lines.set(next, new Line(inner, rest, item.location()));
        items.add(map(inner));
      } else {
        next++;
        items.add(scalar(rest));
      }
    }
    return items;
  }

  private Map<String, Object> map(int indent) throws AsmSyntaxException {
    Map<String, Object> map = new LinkedHashMap<>();
    while (next < lines.size() && lines.get(next).indent() == indent) {
      Line line = lines.get(next);
      if (line.text().startsWith("-")) {
        break;
      }
      int colon = line.text().indexOf(':');
      if (colon < 0) {
        throw new AsmSyntaxException(line.location(), "expected 'key: value' in .amdgpu_metadata");
      }
      String key = line.text().substring(0, colon).strip();
      String rest = line.text().substring(colon + 1).strip();
      next++;
      if (!rest.isEmpty()) {
        map.put(key, scalar(rest));
      } else if (next < lines.size()
          && (lines.get(next).indent() > indent
              || (lines.get(next).indent() == indent && lines.get(next).text().startsWith("-")))) {
        map.put(key, value(lines.get(next).indent()));
      } else {
        map.put(key, "");
      }
    }
    return map;
  }

  private static Object scalar(String text) {
    if (text.startsWith("[") && text.endsWith("]")) {
      List<Object> items = new ArrayList<>();
      for (String part : text.substring(1, text.length() - 1).split(",")) {
        if (!part.isBlank()) {
          items.add(unquote(part.strip()));
        }
      }
      return items;
    }
    return unquote(text);
  }

  private static String unquote(String s) {
    if (s.length() >= 2
        && ((s.startsWith("'") && s.endsWith("'")) || (s.startsWith("\"") && s.endsWith("\"")))) {
      return s.substring(1, s.length() - 1);
    }
    return s;
  }
}

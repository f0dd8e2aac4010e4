package io.pipeverify.cli;

import io.pipeverify.model.format.Diagnostic;
import io.pipeverify.model.format.JsonNode;
import io.pipeverify.model.format.JsonTreeParser;
import io.pipeverify.model.format.ScheduleFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A baseline report ({@code verify --baseline FILE}; docs/ci.md, "Known findings"): an earlier
 * {@code verify --format json} or {@code --jsonl} output, read for the stable cause key of each
 * finding, by schedule (kernel) name. Findings are matched by that key, never by line numbers.
 */
record Baseline(String file, Map<String, Set<String>> keys) {
  Baseline {
    keys = Map.copyOf(keys);
  }

  /** The baseline's cause keys for schedule {@code name} (none when it has no report of it). */
  Set<String> keysOf(String name) {
    return keys.getOrDefault(name, Set.of());
  }

  static Baseline read(String file) throws InputException {
    String content;
    try {
      content = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new InputException(
          "pipeverify: --baseline " + file + ": cannot read it (" + e.getMessage() + ")");
    }
    List<JsonNode> reports = new ArrayList<>();
    // The line each report's text starts on, less one: JSON Lines are parsed line by line.
    List<Integer> offsets = new ArrayList<>();
    try {
      JsonNode root = JsonTreeParser.parse(file, content);
      List<JsonNode> all = root instanceof JsonNode.JsonArray a ? a.elements() : List.of(root);
      reports.addAll(all);
      all.forEach(r -> offsets.add(0));
    } catch (ScheduleFormatException whole) {
      // JSON Lines (verify --jsonl): one report a line.
      String[] lines = content.split("\n", -1);
      for (int n = 0; n < lines.length; n++) {
        if (lines[n].isBlank()) {
          continue;
        }
        try {
          reports.add(JsonTreeParser.parse(file, lines[n]));
          offsets.add(n);
        } catch (ScheduleFormatException e) {
          // No line parsed yet: not JSON Lines, so the whole text's error; else this line's.
          int line = n;
          List<Diagnostic> errors =
              reports.isEmpty()
                  ? whole.diagnostics()
                  : e.diagnostics().stream().map(d -> onLine(d, line)).toList();
          throw new InputException(
              errors.stream().map(d -> "pipeverify: --baseline " + d.render()).toList());
        }
      }
    }
    Map<String, Set<String>> keys = new HashMap<>();
    for (int i = 0; i < reports.size(); i++) {
      String at = reports.size() == 1 ? "" : "/" + i;
      JsonNode r = reports.get(i);
      Reader in = new Reader(file, offsets.get(i));
      String name = in.string(r, "schedule", at);
      Set<String> ofSchedule = keys.computeIfAbsent(name, n -> new TreeSet<>());
      JsonNode findings = in.field(r, "findings", at);
      if (!(findings instanceof JsonNode.JsonArray list)) {
        throw in.bad(findings, at + "/findings", "an array of findings");
      }
      for (int f = 0; f < list.elements().size(); f++) {
        String ptr = at + "/findings/" + f;
        JsonNode cause = in.field(list.elements().get(f), "cause", ptr);
        ofSchedule.add(in.string(cause, "key", ptr + "/cause"));
      }
    }
    return new Baseline(file, keys);
  }

  /** A diagnostic of a line parsed alone, placed {@code offset} lines into the file. */
  private static Diagnostic onLine(Diagnostic d, int offset) {
    return new Diagnostic(d.file(), d.pointer(), d.line() + offset, d.column(), d.message());
  }

  /** Checks the reports of one text: {@code offset} lines into the file. */
  private record Reader(String file, int offset) {
    JsonNode field(JsonNode node, String key, String ptr) throws InputException {
      if (node instanceof JsonNode.JsonObject o && o.get(key).isPresent()) {
        return o.get(key).get();
      }
      throw bad(node, ptr, "an object with '" + key + "'");
    }

    String string(JsonNode node, String key, String ptr) throws InputException {
      JsonNode v = field(node, key, ptr);
      if (v instanceof JsonNode.JsonString s) {
        return s.value();
      }
      throw bad(v, ptr + "/" + key, "a string");
    }

    InputException bad(JsonNode node, String ptr, String expected) {
      Diagnostic d =
          new Diagnostic(
              file,
              ptr.isEmpty() ? "/" : ptr,
              node.position().line() + offset,
              node.position().column(),
              "expected "
                  + expected
                  + " (a baseline is a pipeverify report: verify --format json or --jsonl)");
      return new InputException("pipeverify: --baseline " + d.render());
    }
  }
}

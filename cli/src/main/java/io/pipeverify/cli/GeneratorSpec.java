package io.pipeverify.cli;

import io.pipeverify.model.Condition;
import io.pipeverify.model.ExprSyntaxException;
import io.pipeverify.model.format.Diagnostic;
import io.pipeverify.model.format.JsonNode;
import io.pipeverify.model.format.JsonTreeParser;
import io.pipeverify.model.format.ScheduleFormatException;
import io.pipeverify.model.transform.IntRange;
import io.pipeverify.model.transform.KnobSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The knobs of a user's own generator ({@code fuzz --knobs SPEC.json}; docs/fuzzing.md, "Your own
 * generator"): each knob's name, type (int with a range, bool, or a choice of words) and default,
 * and constraints between knobs (conditions over the int and bool knobs and the choice knobs whose
 * words are integers; a configuration that breaks one is not generated, and is counted invalid).
 * Knob values are words (letters, digits, {@code _ . + -}) so that no value can change how the
 * generator's command is read.
 */
record GeneratorSpec(String name, List<KnobSpec> knobs, List<String> constraints) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.+-]+");
  private static final int MAX_VALUES = 100_000;

  GeneratorSpec {
    knobs = List.copyOf(knobs);
    constraints = List.copyOf(constraints);
  }

  /** The first constraint {@code knobs} break, if any. */
  Optional<String> broken(Map<String, String> values) {
    Map<String, Long> env = new HashMap<>();
    for (KnobSpec k : knobs) {
      numeric(k, values.get(k.name())).ifPresent(v -> env.put(k.name(), v));
    }
    for (String c : constraints) {
      if (!Condition.parse(c).holds(env)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** A knob's value as a constraint reads it: an int, a bool as 1 or 0, an integer word. */
  private static Optional<Long> numeric(KnobSpec k, String value) {
    return switch (k.type()) {
      case BOOL -> Optional.of(Boolean.parseBoolean(value) ? 1L : 0L);
      case INT -> Optional.of(Long.parseLong(value));
      case CHOICE ->
          k.choices().stream().allMatch(c -> c.matches("-?\\d{1,18}"))
              ? Optional.of(Long.parseLong(value))
              : Optional.empty();
    };
  }

  /** Reads {@code file}; a mistake is bad input at its JSON pointer. */
  static GeneratorSpec read(String file) throws InputException {
    String content;
    try {
      content = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new InputException("pipeverify: --knobs " + file + ": cannot read it (" + e + ")");
    }
    JsonNode root;
    try {
      root = JsonTreeParser.parse(file, content);
    } catch (ScheduleFormatException e) {
      throw new InputException(e.diagnostics().stream().map(Diagnostic::render).toList());
    }
    return new Reader(file).spec(root);
  }

  /** Reads one spec, saying where a mistake is. */
  private record Reader(String file) {
    InputException bad(JsonNode at, String pointer, String message) {
      return new InputException(
          new Diagnostic(file, pointer, at.position().line(), at.position().column(), message)
              .render());
    }

    JsonNode.JsonObject object(JsonNode n, String pointer) throws InputException {
      if (n instanceof JsonNode.JsonObject o) {
        return o;
      }
      throw bad(n, pointer, "expected an object, found " + n.describe());
    }

    String string(JsonNode n, String pointer, Pattern form, String what) throws InputException {
      if (n instanceof JsonNode.JsonString s && form.matcher(s.value()).matches()) {
        return s.value();
      }
      throw bad(n, pointer, "expected " + what + ", found " + n.describe());
    }

    int integer(JsonNode n, String pointer) throws InputException {
      if (n instanceof JsonNode.JsonNumber num
          && num.asLong().isPresent()
          && Math.abs(num.asLong().getAsLong()) <= Integer.MAX_VALUE / 2) {
        return (int) num.asLong().getAsLong();
      }
      throw bad(n, pointer, "expected an integer, found " + n.describe());
    }

    JsonNode member(JsonNode.JsonObject o, String key, String pointer) throws InputException {
      return o.get(key).orElseThrow(() -> bad(o, pointer, "missing \"" + key + "\""));
    }

    GeneratorSpec spec(JsonNode root) throws InputException {
      JsonNode.JsonObject o = object(root, "");
      for (JsonNode.Member m : o.members()) {
        if (!List.of("name", "knobs", "constraints").contains(m.key())) {
          throw bad(
              m.value(),
              "/" + m.key(),
              "unknown member \"" + m.key() + "\" (expected name, knobs, constraints)");
        }
      }
      String name =
          o.get("name").isPresent()
              ? string(o.get("name").get(), "/name", WORD, "a word (letters, digits, _ . + -)")
              : Path.of(file).getFileName().toString().replaceFirst("\\.json$", "");
      JsonNode knobsNode = member(o, "knobs", "");
      if (!(knobsNode instanceof JsonNode.JsonArray array) || array.elements().isEmpty()) {
        throw bad(knobsNode, "/knobs", "expected an array of at least one knob");
      }
      Map<String, KnobSpec> knobs = new LinkedHashMap<>();
      for (int i = 0; i < array.elements().size(); i++) {
        String pointer = "/knobs/" + i;
        KnobSpec k = knob(array.elements().get(i), pointer);
        if (knobs.put(k.name(), k) != null) {
          throw bad(array.elements().get(i), pointer, "a second knob named '" + k.name() + "'");
        }
      }
      List<String> constraints = new ArrayList<>();
      if (o.get("constraints").isPresent()) {
        JsonNode c = o.get("constraints").get();
        if (!(c instanceof JsonNode.JsonArray list)) {
          throw bad(c, "/constraints", "expected an array of conditions, found " + c.describe());
        }
        for (int i = 0; i < list.elements().size(); i++) {
          constraints.add(constraint(list.elements().get(i), "/constraints/" + i, knobs));
        }
      }
      return new GeneratorSpec(name, List.copyOf(knobs.values()), constraints);
    }

    KnobSpec knob(JsonNode n, String pointer) throws InputException {
      JsonNode.JsonObject o = object(n, pointer);
      String name =
          string(
              member(o, "name", pointer), pointer + "/name", NAME, "a name (letters, digits, _)");
      if (name.equals("out")) {
        throw bad(o, pointer + "/name", "'out' names the generator's output file, not a knob");
      }
      String type =
          string(
              member(o, "type", pointer),
              pointer + "/type",
              Pattern.compile("int|bool|choice"),
              "\"int\", \"bool\" or \"choice\"");
      JsonNode def = member(o, "default", pointer);
      String description = "";
      if (o.get("description").isPresent()) {
        description =
            string(
                o.get("description").get(),
                pointer + "/description",
                Pattern.compile("(?s).*"),
                "a string");
      }
      switch (type) {
        case "bool" -> {
          if (!(def instanceof JsonNode.JsonBoolean b)) {
            throw bad(def, pointer + "/default", "expected true or false, found " + def.describe());
          }
          return KnobSpec.bool(name, b.value(), description);
        }
        case "int" -> {
          int min = integer(member(o, "min", pointer), pointer + "/min");
          int max = integer(member(o, "max", pointer), pointer + "/max");
          if (min > max || (long) max - min >= MAX_VALUES) {
            throw bad(o, pointer, "expected min <= max and at most " + MAX_VALUES + " values");
          }
          int d = integer(def, pointer + "/default");
          if (d < min || d > max) {
            throw bad(
                def, pointer + "/default", "the default " + d + " is outside " + min + ".." + max);
          }
          return KnobSpec.integer(
              name, d, new IntRange(min, max, IntRange.Step.EVERY), description);
        }
        default -> {
          JsonNode c = member(o, "choices", pointer);
          if (!(c instanceof JsonNode.JsonArray list) || list.elements().isEmpty()) {
            throw bad(c, pointer + "/choices", "expected an array of at least one word");
          }
          List<String> choices = new ArrayList<>();
          for (int i = 0; i < list.elements().size(); i++) {
            choices.add(
                string(
                    list.elements().get(i),
                    pointer + "/choices/" + i,
                    WORD,
                    "a word (letters, digits, _ . + -)"));
          }
          String d = string(def, pointer + "/default", WORD, "one of the choices");
          if (!choices.contains(d)) {
            throw bad(
                def, pointer + "/default", "the default '" + d + "' is not one of " + choices);
          }
          return KnobSpec.choice(name, d, choices, description);
        }
      }
    }

    String constraint(JsonNode n, String pointer, Map<String, KnobSpec> knobs)
        throws InputException {
      String text = string(n, pointer, Pattern.compile("(?s).+"), "a condition");
      Condition c;
      try {
        c = Condition.parse(text);
      } catch (ExprSyntaxException e) {
        throw bad(n, pointer, "not a condition: " + e.getMessage());
      }
      for (String v : c.vars()) {
        KnobSpec k = knobs.get(v);
        if (k == null) {
          throw bad(n, pointer, "'" + v + "' is not a knob (knobs: " + knobs.keySet() + ")");
        }
        if (numeric(k, k.defaultValue()).isEmpty()) {
          throw bad(
              n,
              pointer,
              "'"
                  + v
                  + "' is a choice of words that are not all integers: constraints cannot read it");
        }
      }
      return text;
    }
  }
}

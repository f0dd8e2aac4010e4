package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Parses string options (as the CLI's {@code --opt name=value} gives them) against a transform's
 * {@link KnobSpec}s, so that the transforms share one parser: {@code bool} is {@code true} or
 * {@code false}, {@code int} is a decimal integer, {@code choice} is one of the spec's choices. An
 * absent knob takes the spec's default.
 */
public final class Knobs {
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,9}");

  private Knobs() {}

  /** Parses {@code options}; problems are collected in the result, never thrown here. */
  public static Values parse(String transform, List<KnobSpec> specs, Map<String, String> options) {
    Map<String, KnobSpec> byName = new LinkedHashMap<>();
    for (KnobSpec s : specs) {
      if (byName.put(s.name(), s) != null) {
        throw new IllegalArgumentException("duplicate knob '" + s.name() + "' in " + transform);
      }
    }
    List<String> problems = new ArrayList<>();
    for (String key : new TreeSet<>(options.keySet())) {
      if (!byName.containsKey(key)) {
        problems.add(
            "unknown knob '" + key + "'; valid knobs: " + String.join(", ", byName.keySet()));
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    Set<String> explicit = new TreeSet<>();
    for (KnobSpec s : byName.values()) {
      Object def = parseValue(s, s.defaultValue());
      if (def == null) {
        throw new IllegalStateException("default of knob '" + s.name() + "' does not parse");
      }
      String given = options.get(s.name());
      Object value = def;
      if (given != null) {
        explicit.add(s.name());
        Object parsed = parseValue(s, given.trim());
        if (parsed == null) {
          problems.add(badValue(s, given));
        } else {
          value = parsed;
        }
      }
      values.put(s.name(), value);
    }
    return new Values(transform, byName, values, explicit, problems);
  }

  private static Object parseValue(KnobSpec s, String text) {
    return switch (s.type()) {
      case BOOL -> text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null;
      case INT -> DECIMAL.matcher(text).matches() ? Integer.valueOf(text) : null;
      case CHOICE -> s.choices().contains(text) ? text : null;
    };
  }

  private static String badValue(KnobSpec s, String given) {
    String expected =
        switch (s.type()) {
          case BOOL -> "a bool (true or false)";
          case INT -> "an int (decimal)";
          case CHOICE -> "one of " + String.join(", ", s.choices());
        };
    return "knob '" + s.name() + "': '" + given + "' is not " + expected;
  }

  /**
   * A readable, deterministic schedule name: the transform name, followed by the knobs whose values
   * differ from their defaults, in spec order, e.g. {@code cdna4-interleave[stages=8]}.
   */
  public static String scheduleName(
      String transform, List<KnobSpec> specs, Map<String, String> options) {
    List<String> changed = new ArrayList<>();
    for (KnobSpec s : specs) {
      String v = options.get(s.name());
      if (v != null && !v.equals(s.defaultValue())) {
        changed.add(s.name() + "=" + v);
      }
    }
    return changed.isEmpty() ? transform : transform + "[" + String.join(",", changed) + "]";
  }

  /** The knob values of one {@link #parse} call, and the problems it found. */
  public static final class Values {
    private final String transform;
    private final Map<String, KnobSpec> specs;
    private final Map<String, Object> values;
    private final Set<String> explicit;
    private final List<String> problems;

    private Values(
        String transform,
        Map<String, KnobSpec> specs,
        Map<String, Object> values,
        Set<String> explicit,
        List<String> problems) {
      this.transform = transform;
      this.specs = specs;
      this.values = values;
      this.explicit = explicit;
      this.problems = problems;
    }

    public boolean bool(String name) {
      return (Boolean) get(name, KnobSpec.Type.BOOL);
    }

    public int integer(String name) {
      return (Integer) get(name, KnobSpec.Type.INT);
    }

    public String choice(String name) {
      return (String) get(name, KnobSpec.Type.CHOICE);
    }

    /** Whether the options named this knob (rather than leaving it at its default). */
    public boolean isSet(String name) {
      if (!specs.containsKey(name)) {
        throw new IllegalStateException(transform + " has no knob '" + name + "'");
      }
      return explicit.contains(name);
    }

    public List<String> problems() {
      return List.copyOf(problems);
    }

    /**
     * Builds the configuration unless parsing found problems; a configuration whose invariants do
     * not hold ({@link InvalidConfigException} from its compact constructor) is reported the same
     * way. Invariants are only checked once every knob parsed, so that a typo does not cascade into
     * misleading invariant errors.
     */
    public <C> C build(Supplier<C> constructor) throws KnobException {
      if (!problems.isEmpty()) {
        throw new KnobException(transform, problems);
      }
      try {
        return constructor.get();
      } catch (InvalidConfigException e) {
        throw new KnobException(transform, e.problems());
      }
    }

    private Object get(String name, KnobSpec.Type type) {
      KnobSpec s = specs.get(name);
      if (s == null || s.type() != type) {
        throw new IllegalStateException(
            transform + " has no " + type.id() + " knob '" + name + "'");
      }
      return values.get(name);
    }
  }

  /**
   * Collects option strings, sorted by knob name; used by the configurations' {@code options()}.
   */
  static final class OptionsBuilder {
    private final Map<String, String> out = new TreeMap<>();

    OptionsBuilder put(String name, boolean v) {
      out.put(name, Boolean.toString(v));
      return this;
    }

    OptionsBuilder put(String name, int v) {
      out.put(name, Integer.toString(v));
      return this;
    }

    OptionsBuilder put(String name, String v) {
      out.put(name, v);
      return this;
    }

    Map<String, String> build() {
      return Collections.unmodifiableMap(new TreeMap<>(out));
    }
  }
}

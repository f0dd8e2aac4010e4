package io.pipeverify.model.transform;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One knob of a transform: its name, type, default (as the CLI writes it), the allowed values of a
 * choice knob, the range a fuzz campaign draws an int knob from, and a one-line description.
 */
public record KnobSpec(
    String name,
    Type type,
    String defaultValue,
    List<String> choices,
    Optional<IntRange> range,
    String description) {

  /** Knob types as {@code pipeverify list} reports them. */
  public enum Type {
    BOOL("bool"),
    INT("int"),
    CHOICE("choice");

    private final String id;

    Type(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  public KnobSpec {
    Objects.requireNonNull(name);
    Objects.requireNonNull(type);
    Objects.requireNonNull(defaultValue);
    choices = List.copyOf(choices);
    Objects.requireNonNull(range);
    Objects.requireNonNull(description);
    if (range.isPresent() != (type == Type.INT)) {
      throw new IllegalArgumentException("knob '" + name + "': a range is for int knobs only");
    }
  }

  /**
   * The values a fuzz campaign draws from, as the CLI writes them: both booleans, every choice, the
   * int range's values.
   */
  public List<String> domain() {
    return switch (type) {
      case BOOL -> List.of("false", "true");
      case CHOICE -> choices;
      case INT -> range.orElseThrow().values().stream().map(String::valueOf).toList();
    };
  }

  public static KnobSpec bool(String name, boolean def, String description) {
    return new KnobSpec(
        name, Type.BOOL, Boolean.toString(def), List.of(), Optional.empty(), description);
  }

  public static KnobSpec integer(String name, int def, IntRange range, String description) {
    return new KnobSpec(
        name, Type.INT, Integer.toString(def), List.of(), Optional.of(range), description);
  }

  public static KnobSpec choice(String name, String def, List<String> choices, String description) {
    return new KnobSpec(name, Type.CHOICE, def, choices, Optional.empty(), description);
  }
}

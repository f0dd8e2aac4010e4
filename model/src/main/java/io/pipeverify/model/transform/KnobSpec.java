package io.pipeverify.model.transform;

import java.util.List;
import java.util.Objects;

/**
 * One knob of a transform: its name, type, default (as the CLI writes it), the allowed values of a
 * choice knob, and a one-line description.
 */
public record KnobSpec(
    String name, Type type, String defaultValue, List<String> choices, String description) {

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
    Objects.requireNonNull(description);
  }

  public static KnobSpec bool(String name, boolean def, String description) {
    return new KnobSpec(name, Type.BOOL, Boolean.toString(def), List.of(), description);
  }

  public static KnobSpec integer(String name, int def, String description) {
    return new KnobSpec(name, Type.INT, Integer.toString(def), List.of(), description);
  }

  public static KnobSpec choice(String name, String def, List<String> choices, String description) {
    return new KnobSpec(name, Type.CHOICE, def, choices, description);
  }
}

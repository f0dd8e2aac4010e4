package io.pipeverify.model.format;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An immutable JSON value that remembers where it starts in its file. Objects keep their members in
 * file order (duplicate keys are rejected by {@link JsonTreeParser}).
 */
public sealed interface JsonNode {

  /** Where the value starts: its first character ({@code {}, {@code [}, the quote, the digit). */
  SourcePosition position();

  /** The kind of value as an error message says it: "an object", "a string", ... */
  String describe();

  /** A JSON object; {@link Member}s in file order. */
  record JsonObject(List<Member> members, SourcePosition position) implements JsonNode {
    public JsonObject {
      members = List.copyOf(members);
      Objects.requireNonNull(position);
    }

    public Optional<Member> member(String key) {
      return members.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    public Optional<JsonNode> get(String key) {
      return member(key).map(Member::value);
    }

    @Override
    public String describe() {
      return "an object";
    }
  }

  /** One {@code "key": value} pair of an object, with the position of the key. */
  record Member(String key, SourcePosition keyPosition, JsonNode value) {
    public Member {
      Objects.requireNonNull(key);
      Objects.requireNonNull(keyPosition);
      Objects.requireNonNull(value);
    }
  }

  /** A JSON array. */
  record JsonArray(List<JsonNode> elements, SourcePosition position) implements JsonNode {
    public JsonArray {
      elements = List.copyOf(elements);
      Objects.requireNonNull(position);
    }

    @Override
    public String describe() {
      return "an array";
    }
  }

  /**
   * A JSON string. {@code verbatim} says the file spells the value without escapes, so that
   * character {@code i} of the value is at column {@code position.column() + 1 + i}.
   */
  record JsonString(String value, SourcePosition position, boolean verbatim) implements JsonNode {
    public JsonString {
      Objects.requireNonNull(value);
      Objects.requireNonNull(position);
    }

    /** The file position of character {@code index} of the value, or of the string if escaped. */
    public SourcePosition positionOf(int index) {
      return verbatim && index >= 0 && index <= value.length()
          ? new SourcePosition(position.line(), position.column() + 1 + index)
          : position;
    }

    @Override
    public String describe() {
      return "a string";
    }
  }

  /** A JSON number, exact. */
  record JsonNumber(BigDecimal value, boolean integral, SourcePosition position)
      implements JsonNode {
    public JsonNumber {
      Objects.requireNonNull(value);
      Objects.requireNonNull(position);
    }

    /** The value as a long when it is an integer literal that fits. */
    public OptionalLong asLong() {
      if (!integral) {
        return OptionalLong.empty();
      }
      try {
        return OptionalLong.of(value.longValueExact());
      } catch (ArithmeticException e) {
        return OptionalLong.empty();
      }
    }

    @Override
    public String describe() {
      return integral ? "an integer" : "a number with a fraction or exponent";
    }
  }

  /** {@code true} or {@code false}. */
  record JsonBoolean(boolean value, SourcePosition position) implements JsonNode {
    public JsonBoolean {
      Objects.requireNonNull(position);
    }

    @Override
    public String describe() {
      return "a boolean";
    }
  }

  /** {@code null}. */
  record JsonNull(SourcePosition position) implements JsonNode {
    public JsonNull {
      Objects.requireNonNull(position);
    }

    @Override
    public String describe() {
      return "null";
    }
  }
}

package io.pipeverify.model.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.pipeverify.model.JsonPointers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads JSON text into a {@link JsonNode} tree with Jackson's streaming parser, keeping the
 * line:column of every value. Strict JSON (no comments, no trailing commas); a duplicate key is an
 * error because a schedule whose second {@code "slot"} silently wins is a schedule nobody reviewed.
 */
public final class JsonTreeParser {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private final String file;
  private final String content;
  private final List<Diagnostic> diagnostics = new ArrayList<>();

  private JsonTreeParser(String file, String content) {
    this.file = file;
    this.content = content;
  }

  /**
   * Parses {@code content}; a syntax error gives one diagnostic at the position Jackson reports,
   * duplicate keys give one diagnostic each (at the repeated key).
   */
  public static JsonNode parse(String file, String content) throws ScheduleFormatException {
    JsonTreeParser tree = new JsonTreeParser(file, content);
    JsonNode root;
    try (JsonParser parser = FACTORY.createParser(content)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new ScheduleFormatException(
            List.of(new Diagnostic(file, "", 1, 1, "empty file: expected a JSON object")));
      }
      try {
        root = tree.value(parser, "");
      } catch (StreamConstraintsException e) {
        // Jackson's depth limit (1000) keeps value() from overflowing the stack; its exception
        // carries no location, the parser's does.
        throw new ScheduleFormatException(
            List.of(
                Diagnostic.at(
                    file,
                    "",
                    position(parser.currentLocation()),
                    "invalid JSON: arrays and objects nested more than "
                        + FACTORY.streamReadConstraints().getMaxNestingDepth()
                        + " deep")));
      }
      if (parser.nextToken() != null) {
        SourcePosition p = position(parser.currentTokenLocation());
        throw new ScheduleFormatException(
            List.of(Diagnostic.at(file, "", p, "unexpected content after the top-level value")));
      }
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      SourcePosition p = loc == null ? new SourcePosition(1, 1) : position(loc);
      throw new ScheduleFormatException(
          List.of(Diagnostic.at(file, "", p, "invalid JSON: " + clean(e.getOriginalMessage()))));
    } catch (IOException e) {
      throw new UncheckedIOException("reading from a string cannot fail", e);
    }
    if (!tree.diagnostics.isEmpty()) {
      throw new ScheduleFormatException(tree.diagnostics);
    }
    return root;
  }

  private JsonNode value(JsonParser parser, String pointer) throws IOException {
    JsonLocation loc = parser.currentTokenLocation();
    SourcePosition pos = position(loc);
    JsonToken token = parser.currentToken();
    switch (token) {
      case START_OBJECT -> {
        List<JsonNode.Member> members = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String key = parser.currentName();
          SourcePosition keyPos = position(parser.currentTokenLocation());
          String childPointer = JsonPointers.child(pointer, key);
          parser.nextToken();
          JsonNode child = value(parser, childPointer);
          if (keys.add(key)) {
            members.add(new JsonNode.Member(key, keyPos, child));
          } else {
            diagnostics.add(
                Diagnostic.at(file, childPointer, keyPos, "duplicate key '" + key + "'"));
          }
        }
        return new JsonNode.JsonObject(members, pos);
      }
      case START_ARRAY -> {
        List<JsonNode> elements = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          elements.add(value(parser, JsonPointers.child(pointer, elements.size())));
        }
        return new JsonNode.JsonArray(elements, pos);
      }
      case VALUE_STRING -> {
        String text = parser.getText();
        return new JsonNode.JsonString(text, pos, verbatim(loc, text));
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return new JsonNode.JsonNumber(
            parser.getDecimalValue(), token == JsonToken.VALUE_NUMBER_INT, pos);
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return new JsonNode.JsonBoolean(token == JsonToken.VALUE_TRUE, pos);
      }
      case VALUE_NULL -> {
        return new JsonNode.JsonNull(pos);
      }
      default -> throw new IllegalStateException("unexpected token " + token + " at " + pos);
    }
  }

  /**
   * Whether the file spells the string exactly as its value (no escapes), right after the quote.
   */
  private boolean verbatim(JsonLocation loc, String text) {
    long offset = loc.getCharOffset();
    if (offset < 0 || offset + text.length() + 1 >= content.length()) {
      return false;
    }
    int start = (int) offset + 1;
    return content.regionMatches(start, text, 0, text.length())
        && content.charAt(start + text.length()) == '"';
  }

  private static SourcePosition position(JsonLocation loc) {
    return new SourcePosition(Math.max(1, loc.getLineNr()), Math.max(1, loc.getColumnNr()));
  }

  /** Jackson's messages embed a redacted source description; keep only the useful part. */
  private static String clean(String message) {
    return message
        .replaceAll("\\[Source: [^;]*; line: (\\d+), column: (\\d+)\\]", "$1:$2")
        .replaceAll("\\s*\\n\\s*", " ")
        .trim();
  }
}

package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.pipeverify.model.TerminalText;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Pretty-printed, deterministic JSON output with LF line ends, shared by the JSON renderers and the
 * CLI's JSON outputs.
 */
public final class JsonOutput {
  private static final JsonFactory FACTORY =
      new JsonFactory().setCharacterEscapes(new TerminalSafeEscapes());

  /**
   * JSON escapes C0 controls itself; these are also DEL, the C1 controls and the bidi controls
   * ({@link TerminalText}), so that a name in a report cannot reorder what a viewer shows.
   */
  private static final class TerminalSafeEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = standardAsciiEscapesForJSON();

    TerminalSafeEscapes() {
      ascii[0x7F] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      String c = String.valueOf((char) ch);
      String escaped = TerminalText.escape(c);
      return escaped.equals(c) ? null : new SerializedString(escaped);
    }
  }

  private JsonOutput() {}

  /** Writes one JSON value to the generator. */
  public interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  /** The value pretty-printed (arrays one element a line), ending in a line feed. */
  public static String pretty(Body body) {
    StringWriter sw = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(sw)) {
      DefaultPrettyPrinter pp = new DefaultPrettyPrinter();
      pp.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
      g.setPrettyPrinter(pp);
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sw.toString().replace("\r\n", "\n") + "\n";
  }

  /** One line of JSON (for {@code --jsonl}). */
  static String compact(Body body) {
    StringWriter sw = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(sw)) {
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sw.toString();
  }
}

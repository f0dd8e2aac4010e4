package io.pipeverify.verifier.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Pretty-printed, deterministic JSON output with LF line ends, shared by the JSON renderers and the
 * CLI's JSON outputs.
 */
public final class JsonOutput {
  private static final JsonFactory FACTORY = new JsonFactory();

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

package io.pipeverify.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The files of docs/examples that the jar carries for bench (codegen/pom.xml). */
final class Examples {
  private Examples() {}

  static String text(String name) {
    String resource = "/examples/" + name;
    try (InputStream in = Examples.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource + " (a packaging error)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.pipeverify.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs the CLI in-process through {@link Main#run} and captures exit code, stdout and stderr. */
final class Cli {
  /** The worked example of docs/format.md (tests run in the codegen module directory). */
  static final Path DOUBLE_BUFFER = Path.of("..", "docs", "examples", "double-buffer.json");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Cli() {}

  record Result(int code, String out, String err) {
    /** For assertion messages: everything the run printed. */
    String dump() {
      return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }

    JsonNode json() {
      try {
        return JSON.readTree(out);
      } catch (IOException e) {
        throw new UncheckedIOException("stdout is not JSON:\n" + dump(), e);
      }
    }
  }

  static Result run(String... args) {
    return runWithStdin("", args);
  }

  static Result runWithStdin(String stdin, String... args) {
    return runWith(stdin, false, args);
  }

  static Result runWith(String stdin, boolean debug, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            debug);
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}

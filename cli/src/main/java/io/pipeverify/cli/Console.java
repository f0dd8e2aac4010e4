package io.pipeverify.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The streams a run uses: stdin (for the input {@code -}), stdout for results, stderr for
 * diagnostics and progress. Tests pass their own; {@link Main#main} passes the process's.
 */
record Console(InputStream in, PrintWriter out, PrintWriter err, boolean debug) {
  Console {
    Objects.requireNonNull(in);
    Objects.requireNonNull(out);
    Objects.requireNonNull(err);
  }
}

/**
 * The {@code pipeverify} command line (docs/cli.md): {@code list}, {@code show}, {@code verify} and
 * the no-argument demo. {@link io.pipeverify.cli.Main#main} is the only place that exits the JVM;
 * every command returns its exit code, and {@link io.pipeverify.cli.Failures} maps exceptions to
 * codes: 2 bad input or usage, 4 internal error.
 */
package io.pipeverify.cli;

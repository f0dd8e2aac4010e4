package io.pipeverify.cli;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.verifier.report.KnownFindings;
import java.util.List;

/**
 * One input read, before a kernel of it is lifted: a schedule file, or an assembly listing parsed,
 * with the kernels {@code --kernel} selects (every kernel without it). {@code verify} checks each
 * selected kernel as an input of its own; the commands that work on one kernel need the selection
 * to leave one ({@link ScheduleSource#read}).
 */
sealed interface Opened {
  /** The input as given on the command line ({@code -} for stdin). */
  String input();

  /** A schedule file, read. */
  record ScheduleFile(String input, ScheduleSource.Read read) implements Opened {}

  /**
   * An assembly listing (a compiler's, a code object's disassembly, an assembled source's): what it
   * is ({@code listing}, {@code code object}, {@code source}), what the lift memo knows it by (its
   * {@link LiftMemo#key}), the text whose lines its ops' origins show (the listing, a code object's
   * listing, the assembler source: what {@code explain --apply} edits), the kernels selected, in
   * file order, and the suppressions written in its source.
   */
  record Assembly(
      String input,
      String what,
      AsmListing listing,
      String key,
      String shown,
      List<Kernel> selected,
      List<KnownFindings.Suppression> suppressions)
      implements Opened {
    public Assembly {
      selected = List.copyOf(selected);
      suppressions = List.copyOf(suppressions);
    }
  }
}

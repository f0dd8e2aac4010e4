package io.pipeverify.verifier.report;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.model.format.SourcePosition;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.repair.RepairPlan;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One verified schedule as the CI renderers see it: the report, where the schedule came from (the
 * file as given on the command line, with the located parse, or a built-in), the repair plan when
 * fixes were asked for, and what is known of its findings (a baseline, suppressions).
 */
public record ScheduleResult(
    String input,
    VerificationReport report,
    Optional<LocatedSchedule> source,
    Optional<RepairPlan> repairs,
    KnownFindings known) {

  public ScheduleResult {
    Objects.requireNonNull(input);
    Objects.requireNonNull(report);
    Objects.requireNonNull(source);
    Objects.requireNonNull(repairs);
    Objects.requireNonNull(known);
  }

  /** A result of which nothing is known beforehand. */
  public ScheduleResult(
      String input,
      VerificationReport report,
      Optional<LocatedSchedule> source,
      Optional<RepairPlan> repairs) {
    this(input, report, source, repairs, KnownFindings.NONE);
  }

  public static ScheduleResult of(String input, VerificationReport report) {
    return new ScheduleResult(input, report, Optional.empty(), Optional.empty());
  }

  public ScheduleResult withRepairs(RepairPlan plan) {
    return new ScheduleResult(input, report, source, Optional.of(plan), known);
  }

  public ScheduleResult withKnown(KnownFindings k) {
    return new ScheduleResult(input, report, source, repairs, k);
  }

  /** The exit code of this result in a gate: only new findings fail it ({@link KnownFindings}). */
  public int exitCode() {
    return known.exitCode(report);
  }

  /** The file the schedule was read from, as given (with forward slashes), if it was a file. */
  public Optional<String> file() {
    return source.map(s -> s.file().replace('\\', '/'));
  }

  /**
   * The JSON pointer of the op in the input file: its own origin when it has one from the file,
   * else its place {@code /programs/P/SECTION/I} when the file has a value there.
   */
  public Optional<String> pointer(OpRef ref) {
    Optional<Op> op = op(ref);
    if (op.isPresent() && op.get().origin() instanceof Origin.InFile f) {
      return Optional.of(f.pointer());
    }
    if (source.isEmpty() || op.isEmpty()) {
      return Optional.empty();
    }
    Schedule s = report.schedule();
    int program = s.programIndexOf(ref.wave());
    String ptr = "/programs/" + program + "/" + ref.section() + "/" + ref.position();
    return source.get().position(ptr).isPresent() ? Optional.of(ptr) : Optional.empty();
  }

  /**
   * Line and column of the op in the input file: its assembly line for a schedule lifted from the
   * input's assembly, else the position of its JSON value.
   */
  public Optional<SourcePosition> position(OpRef ref) {
    Optional<Op> op = op(ref);
    if (source.isPresent()
        && op.isPresent()
        && op.get().origin() instanceof Origin.InAssembly a
        && a.shownFile().equals(source.get().file())) {
      return Optional.of(new SourcePosition(a.shownLine(), 1));
    }
    return source.flatMap(s -> pointer(ref).flatMap(s::position));
  }

  /** The op a reference names in the verified schedule. */
  public Optional<Op> op(OpRef ref) {
    Schedule s = report.schedule();
    try {
      List<Op> ops =
          s.programOf(ref.wave()).section(Section.valueOf(ref.section().toUpperCase(Locale.ROOT)));
      return ref.position() >= 0 && ref.position() < ops.size()
          ? Optional.of(ops.get(ref.position()))
          : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}

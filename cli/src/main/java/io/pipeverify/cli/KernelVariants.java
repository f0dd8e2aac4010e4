package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.fuzz.ClassKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Variants of one kernel's assembly text ({@code fuzz --mutate} and {@code relax} on assembly),
 * each written to a file of its own and checked as {@code verify} checks that file: assembled when
 * it is a source, lifted, every launch class verified. Nothing of one variant's lift is kept for
 * the next. The files go to a temporary directory, removed on {@link #close}.
 */
final class KernelVariants implements AutoCloseable {

  /**
   * A variant's outcome: its merged report (empty when it could not be read, with the reason), the
   * classes of its findings ({@link ClassKey}), and the lines of the file (from 1) of the waits and
   * barriers its lift met, in any launch class.
   */
  record Outcome(
      Optional<VerificationReport> report,
      String reason,
      Set<String> classes,
      SortedSet<Integer> sync) {

    boolean verified() {
      return report.isPresent() && report.get().verdict() instanceof Verdict.Verified;
    }

    /** {@code verified}, {@code violated}, {@code inconclusive}, or {@code not read}. */
    String verdict() {
      return report.map(r -> r.verdict().id()).orElse("not read");
    }

    /**
     * Whether this variant is worse than {@code base}: not read, a class of findings {@code base}
     * lacks, or not verified where {@code base} is.
     */
    boolean breaks(Outcome base) {
      return report.isEmpty() || !fresh(base).isEmpty() || (base.verified() && !verified());
    }

    /** The classes of findings {@code base} does not have. */
    List<String> fresh(Outcome base) {
      return classes.stream().filter(c -> !base.classes().contains(c)).toList();
    }
  }

  private final ScheduleSource source;
  private final Console console;
  private final VerifyOptions options;
  private final Path dir;
  private final Path file;

  /** Variants of the text of {@code input} (a code object's: its listing, written as .s). */
  KernelVariants(
      ScheduleSource source, Console console, VerifyOptions options, Opened.Assembly input)
      throws InputException {
    this.source = source;
    this.console = console;
    this.options = options;
    String name = Path.of(input.input()).getFileName().toString();
    if (input.what().equals("code object")) {
      name = name.replaceFirst("\\.(co|hsaco)$", "") + ".s";
    }
    try {
      this.dir = Files.createTempDirectory("pipeverify-variants");
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot make a temporary directory: " + e.getMessage());
    }
    this.file = dir.resolve(name);
  }

  /**
   * {@code rendered} (a report of a variant) with the variant's temporary path replaced by {@code
   * input}, the name the user gave: its lines are the input's (a code object's, its listing's).
   */
  String asInput(String rendered, String input) {
    return rendered.replace(file.toString(), input);
  }

  /** Writes {@code text} and checks it. */
  Outcome check(String text) throws ExternalToolException {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the variant " + file, e);
    }
    String name = file.toString();
    try {
      ScheduleSource.Read read = source.readOnce(source.open(console.in(), name));
      VerificationReport report =
          LiftedVerification.verify(
                  read, name, null, null, options, new LaunchClassVerifier.Halves())
              .report();
      Set<String> classes = new TreeSet<>();
      for (Finding f : report.verdict().findings()) {
        classes.add(ClassKey.of(f).describe());
      }
      SortedSet<Integer> sync = new TreeSet<>();
      for (LocatedSchedule s : read.schedules()) {
        for (WaveProgram p : s.schedule().programs()) {
          for (Section section : Section.values()) {
            for (Op op : p.section(section)) {
              if ((op instanceof Op.Wait || op instanceof Op.Barrier)
                  && op.origin() instanceof Origin.InAssembly a
                  && a.shownFile().equals(name)) {
                sync.add(a.shownLine());
              }
            }
          }
        }
      }
      return new Outcome(Optional.of(report), "", classes, sync);
    } catch (InputException e) {
      String reason = e.lines().isEmpty() ? "" : e.lines().get(0);
      return new Outcome(
          Optional.empty(), reason.replace(name, "the variant"), Set.of(), new TreeSet<>());
    }
  }

  @Override
  public void close() {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // A temporary directory left behind is the system's to clean: nothing of the run depends on
      // it.
    }
  }
}

package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.LaunchClassVerifier;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.fuzz.ClassKey;
import io.pipeverify.verifier.fuzz.FuzzClass;
import io.pipeverify.verifier.fuzz.Generator;
import io.pipeverify.verifier.fuzz.Outcome;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A user's own generator as a campaign's ({@code fuzz --knobs SPEC --generate CMD};
 * docs/fuzzing.md, "Your own generator"): each configuration runs the command with its values, in a
 * directory of its own, and the file it writes to {@code {out}} (a schedule, a listing, an
 * assembler source or a code object, told apart by content) is read and verified as {@code verify}
 * would, every launch class of a kernel. A command that fails, runs past its time, writes nothing
 * or writes what cannot be read is the class "does not build", with the reason (its stderr's last
 * line). Configurations are answered once (the shrinker asks for many twice).
 */
final class ExternalGenerator implements Generator, AutoCloseable {
  /** Where {@link #reproduce} writes the output: {@code {out}} in the printed command. */
  static final String REPRODUCED = "generated.out";

  private final GeneratorSpec spec;
  private final CommandTemplate command;
  private final Duration timeout;
  private final ScheduleSource source;
  private final Console console;
  private final Path dir;
  private final AtomicInteger tries = new AtomicInteger();

  ExternalGenerator(
      GeneratorSpec spec,
      CommandTemplate command,
      Duration timeout,
      ScheduleSource source,
      Console console)
      throws InputException {
    this.spec = spec;
    this.command = command;
    this.timeout = timeout;
    this.source = source;
    this.console = console;
    try {
      this.dir = Files.createTempDirectory("pipeverify-generate");
    } catch (IOException e) {
      throw new InputException("pipeverify: cannot make a temporary directory: " + e.getMessage());
    }
  }

  @Override
  public String name() {
    return spec.name();
  }

  @Override
  public List<KnobSpec> knobs() {
    return spec.knobs();
  }

  /**
   * The command with the class's minimal knobs (the others at their defaults), then {@code
   * pipeverify verify} of what it writes, with the campaign's assembly options.
   */
  @Override
  public String reproduce(FuzzClass c) {
    Map<String, String> values = new LinkedHashMap<>();
    for (KnobSpec k : spec.knobs()) {
      values.put(k.name(), c.minimal().getOrDefault(k.name(), k.defaultValue()));
    }
    String verify = String.join(" ", source.assemblyOptions());
    return command.line(values, REPRODUCED)
        + " && pipeverify verify "
        + REPRODUCED
        + (verify.isEmpty() ? "" : " " + verify);
  }

  @Override
  public Checker checker(VerifyOptions options) {
    // As the built-ins' checker: no trip count after the cap, no interleavings.
    VerifyOptions quick = options.withStopAtCap(true).withTraces(false);
    return new Checker() {
      private final Map<Map<String, String>, CompletableFuture<Outcome>> seen =
          new ConcurrentHashMap<>();
      private final AtomicInteger runs = new AtomicInteger();

      @Override
      public Outcome check(Map<String, String> knobs) {
        Optional<String> broken = spec.broken(knobs);
        if (broken.isPresent()) {
          return new Outcome.Invalid(List.of("the constraint " + broken.get() + " does not hold"));
        }
        CompletableFuture<Outcome> mine = new CompletableFuture<>();
        CompletableFuture<Outcome> known = seen.putIfAbsent(new TreeMap<>(knobs), mine);
        if (known != null) {
          return known.join();
        }
        runs.incrementAndGet();
        try {
          Outcome o = run(knobs, quick);
          mine.complete(o);
          return o;
        } catch (RuntimeException | Error e) {
          mine.completeExceptionally(e);
          throw e;
        }
      }

      @Override
      public int verifications() {
        return runs.get();
      }
    };
  }

  /** One configuration: the command run in a directory of its own, its output verified. */
  private Outcome run(Map<String, String> knobs, VerifyOptions options) {
    Path at = dir.resolve("try-" + tries.incrementAndGet());
    try {
      Files.createDirectories(at);
      Path out = at.resolve("out");
      Path stderr = at.resolve("stderr.txt");
      Process p =
          new ProcessBuilder(command.argv(knobs, out.toString()))
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(stderr.toFile())
              .start();
      if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        return failed("time limit of " + timeout.toSeconds() + " s (--generator-timeout)");
      }
      if (p.exitValue() != 0) {
        return failed("exit " + p.exitValue() + lastLine(stderr, at));
      }
      if (!Files.isRegularFile(out)) {
        return failed("exit 0 but no file at {out}");
      }
      return verified(out.toString(), options, at);
    } catch (IOException e) {
      return failed("could not run " + command.words().get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the generator", e);
    } finally {
      delete(at);
    }
  }

  private Outcome verified(String file, VerifyOptions options, Path at) {
    try {
      ScheduleSource.Read read = source.readOnce(source.open(console.in(), file));
      VerificationReport report =
          read.covers().isEmpty()
              ? Verifier.verify(read.schedules().get(0).schedule(), options)
              : LiftedVerification.verify(
                      read, file, null, null, options, new LaunchClassVerifier.Halves())
                  .report();
      Map<ClassKey, Optional<Finding>> classes = new LinkedHashMap<>();
      for (Finding f : report.verdict().findings()) {
        classes.putIfAbsent(ClassKey.of(f), Optional.of(f));
      }
      return new Outcome.Checked(report.verdict().id(), classes);
    } catch (InputException e) {
      String first = e.lines().isEmpty() ? "" : e.lines().get(0);
      return failed("its output is not readable: " + first.replace(at.toString(), "{dir}"));
    } catch (ExternalToolException e) {
      return failed("its output is not readable: " + e.getMessage());
    }
  }

  private static Outcome failed(String reason) {
    return new Outcome.Checked(
        "does not build", Map.of(ClassKey.doesNotBuild(reason), Optional.empty()));
  }

  /**
   * ", stderr: LINE" of the command's stderr: its first line that says "error" (a compiler's last
   * line only counts them), else its last; its directory left out; or nothing.
   */
  private static String lastLine(Path stderr, Path at) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String l : Files.readAllLines(stderr, StandardCharsets.UTF_8)) {
      if (!l.isBlank()) {
        lines.add(l.strip());
      }
    }
    if (lines.isEmpty()) {
      return "";
    }
    String last =
        lines.stream()
            .filter(l -> l.contains("error"))
            .findFirst()
            .orElse(lines.get(lines.size() - 1))
            .replace(at.toString(), "{dir}");
    return ", stderr: " + (last.length() > 200 ? last.substring(0, 200) + "..." : last);
  }

  private static void delete(Path p) {
    try (Stream<Path> files = Files.walk(p)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the generator's directory " + p, e);
    }
  }

  @Override
  public void close() {
    if (Files.exists(dir)) {
      delete(dir);
    }
  }
}

package io.pipeverify.cli;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.Location;
import io.pipeverify.isa.lift.LiftedKernel;
import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.isa.tools.SourceAssembler;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Target;
import io.pipeverify.model.format.Diagnostic;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.model.format.ScheduleFormatException;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.report.KnownFindings;
import io.pipeverify.verifier.smt.CrossCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Where a command's schedule comes from: {@code FILE}, {@code -} (stdin, named {@code <stdin>} in
 * diagnostics) or {@code --builtin NAME} with {@code --opt key=value} knobs. {@link One} for show,
 * emit and replay, {@link Many} for verify and explain; they differ only in the FILE parameter.
 */
abstract class ScheduleSource {
  /** The name stdin has in diagnostics and origins. */
  static final String STDIN = "<stdin>";

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  /** The one file or {@code -} given, or null; set by {@link #checkUsage}. */
  String file;

  @Option(
      names = "--builtin",
      paramLabel = "NAME",
      description = "Generate the schedule with a built-in transform (see `pipeverify list`).")
  String builtin;

  @Option(
      names = "--opt",
      paramLabel = "KEY=VALUE",
      description = "A knob of the --builtin transform; repeatable.")
  List<String> opts = new ArrayList<>();

  @Option(
      names = "--kernel",
      paramLabel = "NAME",
      description =
          "Assembly input: the kernels to lift, by name or a glob (* any characters, ? one);"
              + " default: every kernel. verify checks each; the other commands need it to leave"
              + " one.")
  String kernel;

  @Option(
      names = "--waves",
      paramLabel = "N",
      description = "Assembly input: waves per workgroup (default: from the kernel's metadata).")
  Integer waves;

  /**
   * The command's {@code --target}, for assembly input: the target of a listing without an {@code
   * .amdgcn_target} directive (it must agree with one the listing states). Set by the commands that
   * have the option; null otherwise.
   */
  Target assemblyTarget;

  @Option(
      names = "--arg",
      paramLabel = "NAME=VALUE",
      description =
          "Assembly input: a scalar kernel argument that addresses or branches depend on, by its"
              + " metadata name or as argN (counted from 0), or workgroup_id_x/y/z; or a range of"
              + " it (NAME>=V, NAME>V, NAME<=V, NAME<V, NAME=LO..HI) or a set of values"
              + " (NAME=V1,V2,...); repeatable.")
  List<String> args = new ArrayList<>();

  @Option(
      names = "--max-launches",
      paramLabel = "N",
      description =
          "Assembly input: launch classes the lift follows before it lists the rest as not"
              + " covered (default: 64; hipBLASLt's split-K kernels have hundreds).")
  Integer maxLaunches;

  /** The FILE arguments as given. */
  /**
   * The assembly options as given ({@code --kernel}, {@code --waves}, {@code --arg}, {@code
   * --max-launches}), for a command another command prints (a generator's reproducer).
   */
  List<String> assemblyOptions() {
    List<String> out = new ArrayList<>();
    if (kernel != null) {
      out.add("--kernel '" + kernel + "'");
    }
    if (waves != null) {
      out.add("--waves " + waves);
    }
    args.forEach(a -> out.add("--arg '" + a + "'"));
    if (maxLaunches != null) {
      out.add("--max-launches " + maxLaunches);
    }
    return out;
  }

  /** The kernels lifted so far by this command, by text ({@link LiftMemo}). */
  private final LiftMemo lifts = new LiftMemo();

  abstract List<String> files();

  /** Whether several files and directories are allowed. */
  abstract boolean many();

  /** Checks the combination of arguments; a usage error (exit 2) if it is not one source. */
  void checkUsage() {
    checkUsage(false);
  }

  /**
   * Checks the combination of inputs; {@code builtinWithFiles}: a command of several schedules
   * ({@code bench}) may take the built-in as one more.
   */
  void checkUsage(boolean builtinWithFiles) {
    List<String> files = files();
    if (!many() && files.size() > 1) {
      throw new ParameterException(
          spec.commandLine(),
          "give one FILE, not " + files.size() + ": " + String.join(" ", files));
    }
    if (files.stream().filter("-"::equals).count() > 1) {
      throw new ParameterException(spec.commandLine(), "stdin (-) can be given only once");
    }
    file = files.isEmpty() ? null : files.get(0);
    if (file != null && builtin != null && !builtinWithFiles) {
      throw new ParameterException(spec.commandLine(), "give either FILE or --builtin, not both");
    }
    if (file == null && builtin == null) {
      throw new ParameterException(
          spec.commandLine(), "missing input: give FILE, - (stdin) or --builtin NAME");
    }
    if (builtin == null && !opts.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "--opt needs --builtin");
    }
  }

  boolean isBuiltin() {
    return builtin != null;
  }

  /** The knobs given with {@code --opt}, in order; bad input if one is not key=value or repeats. */
  Map<String, String> knobs() throws InputException {
    Map<String, String> knobs = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String opt : opts) {
      int eq = opt.indexOf('=');
      if (eq <= 0) {
        problems.add("pipeverify: --opt '" + opt + "' is not KEY=VALUE (e.g. --opt slots=3)");
        continue;
      }
      String key = opt.substring(0, eq).trim();
      if (knobs.put(key, opt.substring(eq + 1)) != null) {
        problems.add("pipeverify: --opt " + key + " is given more than once");
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return knobs;
  }

  /** Reads the file or stdin, or generates the built-in with {@code knobs}. */
  Schedule load(InputStream stdin, Map<String, String> knobs)
      throws InputException, ExternalToolException {
    return builtin != null ? generate(builtin, knobs) : read(stdin);
  }

  /**
   * {@link #load} for a command that needs what a GEMM schedule says beyond its timing: replay
   * computes the GEMM, emit writes its kernel, relax and mutate re-verify hundreds of variants. A
   * schedule lifted from assembly ({@code intent: none}) is bad input there, with the reason.
   */
  Schedule loadWithIntent(InputStream stdin, Map<String, String> knobs, String command)
      throws InputException, ExternalToolException {
    if (builtin != null) {
      return withIntent(generate(builtin, knobs), command);
    }
    Opened opened = open(stdin, file);
    if (opened instanceof Opened.Assembly) {
      // Assembly states no tensors, tiles or fragments: no kernel of it lifts to more.
      throw noIntent(command);
    }
    return withIntent(readLocated(opened).schedule(), command);
  }

  private Schedule withIntent(Schedule s, String command) throws InputException {
    if (s.intent() == Intent.NONE) {
      throw noIntent(command);
    }
    return s;
  }

  private InputException noIntent(String command) {
    return new InputException(
        "pipeverify: "
            + command
            + " needs a schedule with GEMM intent; "
            + nameOf(file)
            + " is lifted from assembly (intent none: no tensors, tiles or fragments), so only"
            + " verify, explain, show, bench, relax and fuzz --mutate apply to it (docs/isa.md)");
  }

  /**
   * The --builtin knobs with the model overrides of the command line ({@code --target}, {@code
   * --implicit-waits}; null: not given) added as the transform's own knobs, so the layout it
   * generates follows the target (a g2s moves 1 KiB on gfx950 but 256 B on gfx942). An override
   * that contradicts the same knob given with --opt is bad input.
   */
  Map<String, String> knobs(Target target, ImplicitWaits implicitWaits) throws InputException {
    Map<String, String> knobs = knobs();
    List<String> conflicts = new ArrayList<>();
    if (target != null) {
      putKnob(knobs, "target", "--target", target.id(), conflicts);
    }
    if (implicitWaits != null) {
      putKnob(knobs, "implicitWaits", "--implicit-waits", implicitWaits.id(), conflicts);
    }
    if (!conflicts.isEmpty()) {
      throw new InputException(conflicts);
    }
    return knobs;
  }

  private static void putKnob(
      Map<String, String> knobs, String knob, String option, String value, List<String> conflicts) {
    String given = knobs.putIfAbsent(knob, value);
    if (given != null && !given.trim().equals(value)) {
      conflicts.add(
          "pipeverify: "
              + option
              + " "
              + value
              + " contradicts --opt "
              + knob
              + "="
              + given
              + "; give one of them");
    }
  }

  /**
   * A file's schedule with the model overrides (null: keep the file's), validated again: a schedule
   * that fits gfx950's 160 KiB of LDS may not fit gfx942's 64 KiB.
   */
  static Schedule overridden(Schedule s, String input, Target target, ImplicitWaits implicitWaits)
      throws InputException {
    if ((target == null || target == s.target())
        && (implicitWaits == null || implicitWaits == s.implicitWaits())) {
      return s;
    }
    Schedule changed =
        s.withModel(
            target == null ? s.target() : target,
            implicitWaits == null ? s.implicitWaits() : implicitWaits);
    requireValid(
        changed,
        nameOf(input)
            + " with "
            + changed.target().id()
            + ", implicit waits "
            + changed.implicitWaits().id());
    return changed;
  }

  /** Bad input, one line per problem, when the validator rejects {@code s}; {@code what} leads. */
  private static void requireValid(Schedule s, String what) throws InputException {
    requireValid(s, what, new ScheduleValidator.Memo());
  }

  /** {@link #requireValid(Schedule, String)}, skipping the accesses {@code memo} knows valid. */
  private static void requireValid(Schedule s, String what, ScheduleValidator.Memo memo)
      throws InputException {
    List<ScheduleValidator.Problem> problems = ScheduleValidator.validate(s, memo);
    if (!problems.isEmpty()) {
      List<String> lines = new ArrayList<>();
      for (ScheduleValidator.Problem p : problems) {
        lines.add("pipeverify: " + what + ": error at " + p.pointer() + ": " + p.message());
      }
      throw new InputException(lines);
    }
  }

  static PipelineTransform<?> transform(String name) throws InputException {
    Optional<PipelineTransform<?>> t = Transforms.byName(name);
    if (t.isEmpty()) {
      throw new InputException(
          "pipeverify: unknown transform '"
              + name
              + "'; valid: "
              + String.join(", ", Transforms.all().stream().map(PipelineTransform::name).toList()));
    }
    return t.get();
  }

  static Schedule generate(String name, Map<String, String> knobs) throws InputException {
    PipelineTransform<?> t = transform(name);
    Schedule schedule;
    try {
      schedule = t.generate(knobs);
    } catch (KnobException e) {
      List<String> lines = new ArrayList<>();
      for (String problem : e.problems()) {
        lines.add("pipeverify: " + e.transform() + ": " + problem);
      }
      throw new InputException(lines);
    }
    // The transforms check their knobs, not every rule of the format: e.g. the canonical tile
    // needs 128 KiB of LDS, which fits gfx950 but not gfx942. Such a schedule is bad input, the
    // same as a file that breaks the rule.
    requireValid(schedule, schedule.name() + ": these knobs give an invalid schedule");
    return schedule;
  }

  private Schedule read(InputStream stdin) throws InputException, ExternalToolException {
    return readLocated(stdin, file).schedule();
  }

  /**
   * The inputs: files and {@code -} as given, directories replaced by the schedules ({@code
   * *.json}), assembly ({@code *.s}, {@code *.amdgcn}) and code objects ({@code *.co}, {@code
   * *.hsaco}) under them (recursively, sorted). A directory that cannot be listed is bad input.
   */
  List<String> inputs() throws InputException {
    List<String> out = new ArrayList<>();
    for (String f : files()) {
      Path p;
      try {
        p = Path.of(f);
      } catch (InvalidPathException e) {
        out.add(f);
        continue;
      }
      if (f.equals("-") || !Files.isDirectory(p)) {
        out.add(f);
        continue;
      }
      try (java.util.stream.Stream<Path> walk = Files.walk(p)) {
        walk.filter(Files::isRegularFile)
            .filter(x -> isInputName(x.getFileName().toString()))
            .map(Path::toString)
            .sorted()
            .forEach(out::add);
      } catch (IOException | java.io.UncheckedIOException e) {
        throw new InputException("pipeverify: cannot read directory " + f + ": " + e.getMessage());
      }
    }
    return out;
  }

  /** The file names a directory contributes: schedules, assembly listings and code objects. */
  private static final List<String> INPUT_SUFFIXES =
      List.of(".json", ".s", ".amdgcn", ".co", ".hsaco");

  private static boolean isInputName(String name) {
    return INPUT_SUFFIXES.stream().anyMatch(name::endsWith);
  }

  /**
   * What an input holds: one schedule, or a lifted kernel's launch classes (each a schedule, with
   * its description) and what they cover together.
   */
  record Read(
      List<LocatedSchedule> schedules,
      List<String> classes,
      Optional<String> covers,
      List<String> uncovered,
      List<KnownFindings.Suppression> suppressions) {
    Read {
      schedules = List.copyOf(schedules);
      classes = List.copyOf(classes);
      uncovered = List.copyOf(uncovered);
      suppressions = List.copyOf(suppressions);
    }

    static Read one(LocatedSchedule s) {
      return new Read(List.of(s), List.of(""), Optional.empty(), List.of(), List.of());
    }
  }

  /**
   * Reads {@code input} (a file or {@code -}) with the file positions of its values; several
   * kernels, or a kernel with several launch classes, are bad input here (commands other than
   * {@code verify} need one kernel and one launch).
   */
  LocatedSchedule readLocated(InputStream stdin, String input)
      throws InputException, ExternalToolException {
    return readLocated(open(stdin, input));
  }

  /** {@link #readLocated(InputStream, String)} of an input read. */
  private LocatedSchedule readLocated(Opened opened) throws InputException {
    String input = opened.input();
    Read r = read(opened, Optional.empty());
    if (!r.uncovered().isEmpty()) {
      throw new InputException(
          "pipeverify: "
              + nameOf(input)
              + ": the lift cannot follow every launch of kernel "
              + r.schedules().get(0).schedule().name()
              + ": "
              + r.uncovered().get(0)
              + (r.uncovered().size() > 1 ? " (and " + (r.uncovered().size() - 1) + " more)" : "")
              + "; give --arg values that fix the branches (verify checks the others)");
    }
    if (r.schedules().size() > 1) {
      throw new InputException(
          "pipeverify: "
              + nameOf(input)
              + ": kernel "
              + r.schedules().get(0).schedule().name()
              + " has "
              + r.schedules().size()
              + " launch classes ("
              + r.covers().orElse("")
              + "); this command needs one launch: give --arg values that fix the branches and"
              + " the trip count (verify checks every class)");
    }
    return r.schedules().get(0);
  }

  /**
   * The schedule of {@code opened}, or every launch class of its kernel {@code kernel}, or without
   * one of the one kernel {@code --kernel} selects (bad input, naming them, when it selects
   * several: this command works on one).
   */
  Read read(Opened opened, Optional<Kernel> kernel) throws InputException {
    // The LDS accesses validated once per input (its launch classes share most ops, as objects;
    // another input's lift has objects of its own, so a memo kept across inputs only grew).
    return read(opened, kernel, lifts, new ScheduleValidator.Memo());
  }

  /**
   * {@link #read} of one of many variants of a kernel ({@code fuzz --mutate}, {@code relax}):
   * nothing of its lift is kept for the command's later inputs, so that hundreds of them do not
   * accumulate.
   */
  Read readOnce(Opened opened) throws InputException {
    return read(opened, Optional.empty(), new LiftMemo(), new ScheduleValidator.Memo());
  }

  private Read read(
      Opened opened, Optional<Kernel> kernel, LiftMemo memo, ScheduleValidator.Memo valid)
      throws InputException {
    if (opened instanceof Opened.ScheduleFile f) {
      return f.read();
    }
    Lifted<Collected> lifted =
        readEach((Opened.Assembly) opened, kernel, memo, valid, Collected::new);
    return new Read(
        lifted.batches().schedules,
        lifted.batches().classes,
        Optional.of(lifted.covers()),
        lifted.uncovered(),
        lifted.suppressions());
  }

  /**
   * Receives a lifted kernel's launch classes a batch at a time ({@link #readEach}), each class
   * validated, as a located schedule with its description.
   */
  interface Batches {
    void accept(List<LocatedSchedule> schedules, List<String> classes) throws InputException;
  }

  /** The batches that keep every class: {@link #read}'s. */
  private static final class Collected implements Batches {
    private final List<LocatedSchedule> schedules = new ArrayList<>();
    private final List<String> classes = new ArrayList<>();

    @Override
    public void accept(List<LocatedSchedule> batch, List<String> descriptions) {
      schedules.addAll(batch);
      classes.addAll(descriptions);
    }
  }

  /**
   * A lifted kernel whose classes went to {@code batches}: how many, what they cover together, the
   * launches not followed ({@code condition: reason}) and the input's suppressions.
   */
  record Lifted<B extends Batches>(
      B batches,
      int classes,
      String covers,
      List<String> uncovered,
      List<KnownFindings.Suppression> suppressions) {}

  /**
   * The kernel of assembly {@code opened} ({@code kernel}, else the one {@code --kernel} selects)
   * lifted, its launch classes handed to batches from {@code batches} as the lift makes them
   * ({@link AssemblyInput#liftEach}): {@code verify} checks a kernel of hundreds of classes without
   * holding them all.
   */
  <B extends Batches> Lifted<B> readEach(
      Opened.Assembly opened, Optional<Kernel> kernel, Supplier<B> batches) throws InputException {
    return readEach(opened, kernel, lifts, new ScheduleValidator.Memo(), batches);
  }

  private <B extends Batches> Lifted<B> readEach(
      Opened.Assembly a,
      Optional<Kernel> kernel,
      LiftMemo memo,
      ScheduleValidator.Memo valid,
      Supplier<B> batches)
      throws InputException {
    String name = nameOf(a.input());
    AssemblyInput assembly = assembly();
    Kernel k = kernel.isPresent() ? kernel.get() : assembly.only(a.selected(), name, spec.name());
    ScheduleLift.Streamed<Validating<B>> lifted =
        assembly.liftEach(
            a.listing(),
            a.key(),
            k,
            name,
            memo,
            () -> new Validating<>(batches.get(), name, valid));
    return new Lifted<>(
        lifted.sink().batches,
        lifted.classes(),
        lifted.covers(),
        lifted.uncovered().stream().map(LiftedKernel.Uncovered::text).toList(),
        a.suppressions());
  }

  /** The lift's sink: validates each class and hands the batch on as located schedules. */
  private static final class Validating<B extends Batches>
      implements ScheduleLift.ClassSink<InputException> {
    private final B batches;
    private final String name;
    private final ScheduleValidator.Memo valid;

    Validating(B batches, String name, ScheduleValidator.Memo valid) {
      this.batches = batches;
      this.name = name;
      this.valid = valid;
    }

    @Override
    public void accept(List<LiftedKernel.LaunchClass> batch) throws InputException {
      List<LocatedSchedule> schedules = new ArrayList<>();
      List<String> classes = new ArrayList<>();
      for (LiftedKernel.LaunchClass c : batch) {
        requireValid(c.schedule(), name + " as lifted", valid);
        schedules.add(new LocatedSchedule(c.schedule(), name, Map.of()));
        classes.add(c.description());
      }
      batches.accept(schedules, classes);
    }
  }

  /**
   * Reads {@code input} (a file or {@code -}): a schedule file, or assembly parsed with the kernels
   * {@code --kernel} selects; none is lifted yet.
   */
  Opened open(InputStream stdin, String input) throws InputException, ExternalToolException {
    String name = nameOf(input);
    String file = input;
    String content;
    AssemblyInput assembly = assembly();
    try {
      byte[] bytes = file.equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(file));
      if (AssemblyInput.isCodeObject(name, bytes)) {
        String listing = AssemblyInput.disassemble(name, file, bytes);
        return assembly(
            assembly,
            input,
            "code object",
            listing,
            listing,
            n -> new Location(name, n),
            List.of());
      }
      if (name.endsWith(".co") || name.endsWith(".hsaco")) {
        // Decided by content, not by name: say both when they disagree.
        throw new InputException(
            "pipeverify: "
                + name
                + " is named as a code object but is no ELF file (it starts with "
                + firstBytes(bytes)
                + "); expected an AMDGPU code object, an assembly listing or a schedule (JSON)");
      }
      content =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new InputException("pipeverify: cannot read " + name + ": not UTF-8 text");
    } catch (IOException | InvalidPathException e) {
      throw new InputException("pipeverify: cannot read " + name + ": " + reason(e));
    }
    if (AssemblyInput.recognises(content)) {
      Optional<String> source = SourceAssembler.sourceFeature(content);
      if (source.isPresent()) {
        SourceAssembler.Assembled a = assembly.assemble(name, file, content, source.get());
        return assembly(
            assembly, input, "source", a.listing(), content, a::at, Suppressions.in(name, content));
      }
      return assembly(
          assembly,
          input,
          "listing",
          content,
          content,
          n -> new Location(name, n),
          Suppressions.in(name, content));
    }
    assembly.checkUnused(name);
    try {
      return new Opened.ScheduleFile(input, Read.one(ScheduleReader.readLocated(name, content)));
    } catch (ScheduleFormatException e) {
      throw new InputException(e.diagnostics().stream().map(Diagnostic::render).toList());
    }
  }

  /** The run's {@code --cross-check}, which the lift's queries answer to as well. */
  private Optional<CrossCheck> crossCheck = Optional.empty();

  /** States the run's {@code --cross-check} before any input is opened. */
  void crossCheck(Optional<CrossCheck> check) {
    this.crossCheck = check;
  }

  /** The command line's assembly options. */
  private AssemblyInput assembly() {
    return new AssemblyInput(
        kernel,
        waves,
        assemblyTarget == null ? null : assemblyTarget.id(),
        args,
        maxLaunches,
        crossCheck);
  }

  /**
   * The assembly {@code listing} (a {@code what}) of {@code input}, whose line {@code n} stands for
   * {@code at.apply(n)}, a line of {@code shown}, parsed, with the kernels {@code --kernel} selects
   * and the {@code suppressions} written in its source.
   */
  private static Opened assembly(
      AssemblyInput assembly,
      String input,
      String what,
      String listing,
      String shown,
      IntFunction<Location> at,
      List<KnownFindings.Suppression> suppressions)
      throws InputException {
    String name = nameOf(input);
    AsmListing parsed = assembly.parse(name, listing, at);
    return new Opened.Assembly(
        input,
        what,
        parsed,
        LiftMemo.key(listing),
        shown,
        assembly.kernels(parsed, name, what),
        suppressions);
  }

  /** An input's name in messages and origins: the file as given, {@code <stdin>} for -. */
  static String nameOf(String input) {
    return input.equals("-") ? STDIN : input;
  }

  /** The first bytes of a file, in hex, for messages about its kind. */
  private static String firstBytes(byte[] bytes) {
    if (bytes.length == 0) {
      return "nothing: it is empty";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(8, bytes.length); i++) {
      b.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
    }
    return b.toString();
  }

  /** A short reason; the JDK's messages for these exceptions are just the path. */
  private static String reason(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  /**
   * One schedule. The parameter still collects every FILE so that two give the usage error "give
   * one FILE, not 2" rather than picocli's "unmatched argument"; the label says what is accepted.
   */
  static final class One extends ScheduleSource {
    @Parameters(
        arity = "0..*",
        paramLabel = "[FILE]",
        hideParamSyntax = true,
        description =
            "A pipeverify-schedule/1 JSON file (docs/format.md) or an AMDGPU assembly listing"
                + " (docs/isa.md), or - for stdin.")
    List<String> files = new ArrayList<>();

    @Override
    List<String> files() {
      return files;
    }

    @Override
    boolean many() {
      return false;
    }
  }

  /** Several schedules: files, directories and {@code -}. */
  static final class Many extends ScheduleSource {
    @Parameters(
        arity = "0..*",
        paramLabel = "FILE",
        description =
            "pipeverify-schedule/1 JSON files (docs/format.md), AMDGPU assembly listings"
                + " (docs/isa.md) and directories (searched recursively for *.json), or - for"
                + " stdin.")
    List<String> files = new ArrayList<>();

    @Override
    List<String> files() {
      return files;
    }

    @Override
    boolean many() {
      return true;
    }
  }
}

package io.pipeverify.cli;

import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.KernelArg;
import io.pipeverify.isa.decode.Location;
import io.pipeverify.isa.decode.OperandParser;
import io.pipeverify.isa.lift.LiftedKernel;
import io.pipeverify.isa.lift.NoLaunchCovered;
import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.isa.tools.CodeObjectDisassembler;
import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.isa.tools.SourceAssembler;
import io.pipeverify.model.Target;
import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.Z3Feasibility;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An AMDGPU assembly listing given where a schedule is expected ({@code clang++ -S}, hipcc {@code
 * --save-temps}, Triton's {@code .amdgcn}): recognised by its content, not its name, and lifted to
 * a schedule (docs/isa.md) with the kernel, wave count and scalar arguments of the command line.
 */
final class AssemblyInput {
  /** The most waves a workgroup of 1024 threads has. */
  private static final int MAX_WAVES = 16;

  private final String kernel;
  private final Integer waves;
  private final String target;
  private final List<String> args;
  private final Integer maxLaunches;
  private final Optional<CrossCheck> crossCheck;

  /**
   * The command line's assembly options; null where not given ({@code target}: {@code --target},
   * for a listing without {@code .amdgcn_target}).
   */
  AssemblyInput(String kernel, Integer waves, String target, List<String> args) {
    this(kernel, waves, target, args, null);
  }

  /** The same with {@code --max-launches} (null: the lift's default). */
  AssemblyInput(
      String kernel, Integer waves, String target, List<String> args, Integer maxLaunches) {
    this(kernel, waves, target, args, maxLaunches, Optional.empty());
  }

  /** The same with the run's {@code --cross-check}, which re-decides the lift's queries too. */
  AssemblyInput(
      String kernel,
      Integer waves,
      String target,
      List<String> args,
      Integer maxLaunches,
      Optional<CrossCheck> crossCheck) {
    this.kernel = kernel;
    this.waves = waves;
    this.target = target;
    this.args = List.copyOf(args);
    this.maxLaunches = maxLaunches;
    this.crossCheck = crossCheck;
  }

  /**
   * The most launch classes {@code --max-launches} allows: a bound of time (verify holds a batch of
   * classes at a time; explain, relax and fuzz --mutate hold them all).
   */
  private static final int MOST_LAUNCHES = 65536;

  /**
   * Whether {@code content} is assembly rather than JSON: it does not start with a JSON value and
   * has a directive or instruction only AMDGPU assembly has.
   */
  static boolean recognises(String content) {
    String start = content.stripLeading();
    if (start.startsWith("{") || start.startsWith("[")) {
      return false;
    }
    return content.contains(".amdgcn_target")
        || content.contains(".amdhsa_kernel")
        || content.contains("s_endpgm");
  }

  /** ELF's e_machine for AMDGPU code objects. */
  private static final int EM_AMDGPU = 0xE0;

  private static final byte[] BUNDLE =
      "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);

  /**
   * Whether {@code bytes} is an AMDGPU code object (ELF); bad input for another ELF file and for a
   * clang offload bundle (hipcc's default output), with what to do instead.
   */
  static boolean isCodeObject(String name, byte[] bytes) throws InputException {
    if (startsWith(bytes, BUNDLE)) {
      throw new InputException(
          "pipeverify: "
              + name
              + " is a clang offload bundle; give the device code object (clang++-22"
              + " --cuda-device-only --no-gpu-bundle-output, or clang-offload-bundler-22"
              + " --unbundle) or its assembly (-S)");
    }
    if (!startsWith(bytes, new byte[] {0x7f, 'E', 'L', 'F'})) {
      return false;
    }
    int machine = bytes.length > 19 ? (bytes[18] & 0xff) | (bytes[19] & 0xff) << 8 : -1;
    if (machine != EM_AMDGPU) {
      throw new InputException(
          "pipeverify: " + name + " is an ELF file but not an AMDGPU code object");
    }
    ElfCheck.check(name, bytes);
    return true;
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    if (bytes.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The assembly listing of a code object, disassembled with llvm-objdump-22 and llvm-readelf-22
   * ({@link CodeObjectDisassembler}); stdin goes through a temporary file.
   */
  static String disassemble(String name, String file, byte[] bytes)
      throws ExternalToolException, IOException, InputException {
    CodeObjectDisassembler tools = tools(name);
    try {
      return listing(tools, file, bytes);
    } catch (ExternalToolException e) {
      if (tools.readWellFormed()) {
        // The tools work (they read a well-formed code object): it is the input.
        throw new InputException(
            "pipeverify: "
                + name
                + ": a damaged code object: "
                + e.getMessage()
                + " (the same tools read a well-formed code object: the input is at fault)");
      }
      throw e;
    }
  }

  /**
   * The listing of assembler source {@code content} ({@code file}, or - for stdin), which is one
   * because of {@code why} ({@code line 2: /*}): assembled by clang-22 for the processor it states
   * or {@code --target} gives ({@link SourceAssembler}).
   */
  SourceAssembler.Assembled assemble(String name, String file, String content, String why)
      throws InputException, ExternalToolException {
    Optional<String> stated = SourceAssembler.statedProcessor(content);
    if (stated.isPresent() && target != null && !stated.get().equals(target)) {
      throw new InputException(
          "pipeverify: "
              + name
              + " states target "
              + stated.get()
              + " (.amdgcn_target), but --target is "
              + target);
    }
    String processor = target != null ? target : stated.orElse(null);
    if (processor == null) {
      throw new InputException(
          "pipeverify: "
              + name
              + " is an assembler source ("
              + why
              + ") that states no processor (.amdgcn_target); give --target gfx950 or gfx942");
    }
    SourceAssembler assembler =
        SourceAssembler.locate()
            .orElseThrow(
                () ->
                    new ExternalToolException(
                        name
                            + " is an assembler source ("
                            + why
                            + "): reading it needs "
                            + SourceAssembler.CLANG
                            + ", "
                            + SourceAssembler.LINKER
                            + ", "
                            + CodeObjectDisassembler.OBJDUMP
                            + " and "
                            + CodeObjectDisassembler.READELF
                            + " (apt-get install clang-22 lld-22 llvm-22)"));
    try {
      return assembler.assemble(
          name,
          file.equals("-") ? Optional.empty() : Optional.of(Path.of(file)),
          content,
          processor);
    } catch (AsmSyntaxException e) {
      throw new InputException("pipeverify: " + e.getMessage());
    }
  }

  private static CodeObjectDisassembler tools(String name) throws ExternalToolException {
    return CodeObjectDisassembler.locate()
        .orElseThrow(
            () ->
                new ExternalToolException(
                    CodeObjectDisassembler.OBJDUMP
                        + " and "
                        + CodeObjectDisassembler.READELF
                        + " are needed to read the code object "
                        + name
                        + " (apt-get install llvm-22), or give its assembly"));
  }

  private static String listing(CodeObjectDisassembler tools, String file, byte[] bytes)
      throws ExternalToolException, IOException {
    if (!file.equals("-")) {
      return tools.listing(Path.of(file));
    }
    Path tmp = Files.createTempFile("pipeverify", ".co");
    try {
      Files.write(tmp, bytes);
      return tools.listing(tmp);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The options that only assembly takes: bad input when one is given for a JSON schedule. */
  void checkUnused(String name) throws InputException {
    List<String> given = new ArrayList<>();
    if (kernel != null) {
      given.add("--kernel");
    }
    if (waves != null) {
      given.add("--waves");
    }
    if (!args.isEmpty()) {
      given.add("--arg");
    }
    if (maxLaunches != null) {
      given.add("--max-launches");
    }
    if (!given.isEmpty()) {
      throw new InputException(
          "pipeverify: "
              + String.join(", ", given)
              + " applies to assembly input only, and "
              + name
              + " is a schedule");
    }
  }

  /** How long Z3 may take to prove that a combination of branch decisions is no launch. */
  private static final java.time.Duration FEASIBILITY_TIMEOUT = java.time.Duration.ofSeconds(10);

  /**
   * Every launch class of the one kernel of listing {@code name} (docs/isa.md); bad input when it
   * has several.
   */
  LiftedKernel liftAll(String name, String content) throws InputException {
    return liftAll(name, content, new LiftMemo());
  }

  /** {@link #liftAll(String, String)}, once per kernel text of {@code memo}'s command. */
  LiftedKernel liftAll(String name, String content, LiftMemo memo) throws InputException {
    AsmListing listing = parse(name, content, n -> new Location(name, n));
    Kernel k = only(kernels(listing, name, "listing"), name, "this command");
    return liftAll(listing, LiftMemo.key(content), k, name, memo);
  }

  /**
   * Listing {@code content} of input {@code name}, whose line {@code n} stands for {@code
   * at.apply(n)} (an assembled source's lines), parsed and with the {@code --target} processor.
   */
  AsmListing parse(String name, String content, IntFunction<Location> at) throws InputException {
    // A malformed --arg is the command line's fault, whatever the listing holds: said first.
    arguments();
    AsmListing listing;
    try {
      listing = AsmParser.parse(content, name, at);
    } catch (AsmSyntaxException e) {
      throw new InputException("pipeverify: " + e.getMessage());
    }
    return target != null ? withTarget(listing, name) : listing;
  }

  /**
   * Every launch class of kernel {@code k} of {@code listing} (input {@code name}, its text known
   * to {@code memo} as {@code text}: {@link LiftMemo#key}).
   */
  LiftedKernel liftAll(AsmListing listing, String text, Kernel k, String name, LiftMemo memo)
      throws InputException {
    ScheduleLift.Streamed<ScheduleLift.Collected> s =
        liftEach(listing, text, k, name, memo, ScheduleLift.Collected::new);
    return new LiftedKernel(k.name(), s.sink().classes(), s.covers(), s.uncovered(), s.reach());
  }

  /**
   * {@link #liftAll}, each batch of classes handed to a sink from {@code sinks} as it is made
   * ({@link ScheduleLift#liftEach}). A lift of one batch is kept in {@code memo}, and handed on
   * whole when its text comes again.
   */
  <E extends Exception, S extends ScheduleLift.ClassSink<E>> ScheduleLift.Streamed<S> liftEach(
      AsmListing listing, String text, Kernel k, String name, LiftMemo memo, Supplier<S> sinks)
      throws InputException, E {
    Arguments given = arguments();
    try {
      Optional<LiftedKernel> seen = memo.find(text, k.name(), name, ScheduleLift.target(listing));
      if (seen.isPresent()) {
        LiftedKernel known = seen.get();
        S sink = sinks.get();
        sink.accept(known.classes());
        return new ScheduleLift.Streamed<>(
            sink, known.covers(), known.uncovered(), known.reach(), known.classes().size(), 1);
      }
      ScheduleLift.Streamed<Remembering<E, S>> lifted;
      try (Z3Feasibility feasibility =
          new Z3Feasibility(FEASIBILITY_TIMEOUT, given.ranges(), crossCheck)) {
        lifted =
            ScheduleLift.liftEach(
                listing,
                k,
                waves(k),
                given.values(),
                given.ranges(),
                feasibility,
                maxLaunches(),
                ScheduleLift.BATCH_STEPS,
                () -> new Remembering<E, S>(sinks.get()));
      }
      if (lifted.batches() == 1) {
        memo.put(
            text,
            k.name(),
            name,
            new LiftedKernel(
                k.name(),
                lifted.sink().first,
                lifted.covers(),
                lifted.uncovered(),
                lifted.reach()));
      }
      return lifted.withSink(lifted.sink().sink);
    } catch (AsmSyntaxException e) {
      String hint = e.getMessage().contains("--arg") ? scalarArguments(k) : "";
      throw new InputException("pipeverify: " + e.getMessage() + hint);
    } catch (NoLaunchCovered e) {
      throw InputException.inconclusive(
          "pipeverify: inconclusive: " + e.getMessage() + scalarArguments(k));
    }
  }

  /**
   * A sink that passes every batch on and remembers the first while it is the only one (a lift of
   * one batch goes to the memo; a longer one is not kept).
   */
  private static final class Remembering<E extends Exception, S extends ScheduleLift.ClassSink<E>>
      implements ScheduleLift.ClassSink<E> {
    private final S sink;
    private List<LiftedKernel.LaunchClass> first;
    private int batches;

    Remembering(S sink) {
      this.sink = sink;
    }

    @Override
    public void accept(List<LiftedKernel.LaunchClass> batch) throws E {
      first = ++batches == 1 ? batch : null;
      sink.accept(batch);
    }
  }

  /**
   * The listing with the {@code --target} processor (the command's converter accepts only the
   * targets pipeverify checks); bad input when the listing states another.
   */
  private AsmListing withTarget(AsmListing listing, String name) throws InputException {
    Optional<String> stated = listing.target();
    if (stated.isPresent()
        && !stated.get().endsWith(target)
        && !stated.get().contains(target + ":")) {
      throw new InputException(
          "pipeverify: "
              + name
              + " states target "
              + stated.get()
              + " (.amdgcn_target), but --target is "
              + target);
    }
    return new AsmListing(
        listing.file(),
        Optional.of("amdgcn-amd-amdhsa--" + target),
        listing.statements(),
        listing.kernels());
  }

  /**
   * What {@code --arg} can name: the kernel's by-value arguments, by name where the metadata
   * records one only once, else as {@code argN}.
   */
  private static String scalarArguments(Kernel k) {
    Map<String, Integer> uses = new LinkedHashMap<>();
    for (KernelArg a : k.args()) {
      uses.merge(a.name(), 1, Integer::sum);
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < k.args().size(); i++) {
      KernelArg a = k.args().get(i);
      if (a.valueKind().equals("by_value")) {
        boolean named = !a.name().isEmpty() && uses.get(a.name()) == 1;
        names.add((named ? a.name() : "arg" + i) + " (" + a.size() + " bytes)");
      }
    }
    return names.isEmpty()
        ? ""
        : "; kernel " + k.name() + "'s scalar arguments: " + String.join(", ", names);
  }

  /**
   * The kernels of {@code listing} (input {@code name}, a {@code what}: listing, code object or
   * source) that {@code --kernel} selects, in file order: every kernel without it, else those its
   * name or glob matches. Bad input when there is none.
   */
  List<Kernel> kernels(AsmListing listing, String name, String what) throws InputException {
    List<String> names = listing.kernels().stream().map(Kernel::name).toList();
    if (names.isEmpty()) {
      throw new InputException(
          "pipeverify: " + name + ": no kernel (no .amdhsa_kernel block) in this assembly");
    }
    if (kernel == null) {
      return listing.kernels();
    }
    Pattern selected = KernelGlob.pattern(kernel);
    List<Kernel> matching =
        listing.kernels().stream().filter(k -> selected.matcher(k.name()).matches()).toList();
    if (matching.isEmpty()) {
      throw new InputException(
          "pipeverify: "
              + name
              + ": "
              + (KernelGlob.isGlob(kernel) ? "no kernel matches '" : "no kernel named '")
              + kernel
              + "'; the "
              + what
              + " has "
              + String.join(", ", names));
    }
    return matching;
  }

  /**
   * The one kernel of {@code selected} ({@link #kernels}) for {@code command}, which needs one; bad
   * input naming them when there are several.
   */
  Kernel only(List<Kernel> selected, String name, String command) throws InputException {
    if (selected.size() == 1) {
      return selected.get(0);
    }
    String names = String.join(", ", selected.stream().map(Kernel::name).toList());
    throw new InputException(
        "pipeverify: "
            + name
            + (kernel == null
                ? " has " + selected.size() + " kernels (" + names + ")"
                : ": --kernel '"
                    + kernel
                    + "' matches "
                    + selected.size()
                    + " kernels ("
                    + names
                    + ")")
            + "; "
            + command
            + " works on one: pick it with --kernel NAME (verify checks every kernel)");
  }

  private int maxLaunches() throws InputException {
    if (maxLaunches == null) {
      return ScheduleLift.MAX_LAUNCHES;
    }
    if (maxLaunches < 1 || maxLaunches > MOST_LAUNCHES) {
      throw new InputException(
          "pipeverify: --max-launches "
              + maxLaunches
              + " is not a number of launch classes (1.."
              + MOST_LAUNCHES
              + ")");
    }
    return maxLaunches;
  }

  private int waves(Kernel k) throws InputException {
    if (waves != null) {
      if (waves < 1 || waves > MAX_WAVES) {
        throw new InputException(
            "pipeverify: --waves " + waves + " is not a wave count (1.." + MAX_WAVES + ")");
      }
      return waves;
    }
    OptionalInt threads = k.workgroupSize();
    if (threads.isEmpty()) {
      throw new InputException(
          "pipeverify: "
              + k.location().describe()
              + ": kernel "
              + k.name()
              + " states no workgroup size (.reqd_workgroup_size or .max_flat_workgroup_size in"
              + " its metadata); give --waves N");
    }
    int n = (threads.getAsInt() + Target.LANES - 1) / Target.LANES;
    if (n > MAX_WAVES) {
      throw new InputException(
          "pipeverify: "
              + k.location().describe()
              + ": kernel "
              + k.name()
              + " allows "
              + threads.getAsInt()
              + " threads ("
              + n
              + " waves), more than pipeverify checks; give --waves N for the size it runs with");
    }
    return n;
  }

  /**
   * The {@code --arg} values ({@code NAME=VALUE}, decimal or 0x hex) and ranges ({@code NAME>=V},
   * {@code NAME>V}, {@code NAME<=V}, {@code NAME<V}, {@code NAME=LO..HI}, inclusive, and sets of
   * values {@code NAME=V1,V2...}), each name once; bad input otherwise.
   */
  private Arguments arguments() throws InputException {
    Map<String, Long> values = new LinkedHashMap<>();
    Map<String, long[]> ranges = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String a : args) {
      Matcher set = VALUE_SET.matcher(a.trim());
      if (set.matches()) {
        String name = set.group(1);
        Optional<long[]> oneOf = valueSet(set.group(2));
        if (oneOf.isEmpty()) {
          problems.add(
              "pipeverify: --arg '"
                  + a
                  + "' is not NAME=INTEGER,INTEGER,... (a set of values, e.g. --arg biasType=0,4)");
        } else if (values.containsKey(name) || ranges.containsKey(name)) {
          problems.add("pipeverify: --arg " + name + " is given more than once");
        } else {
          ranges.put(name, oneOf.get());
        }
        continue;
      }
      Matcher m = ARGUMENT.matcher(a.trim());
      Optional<Long> v = m.matches() ? OperandParser.integer(m.group(3)) : Optional.empty();
      Optional<Long> hi =
          m.matches() && m.group(4) != null ? OperandParser.integer(m.group(4)) : Optional.of(0L);
      if (v.isEmpty() || hi.isEmpty() || (m.group(4) != null && !m.group(2).equals("="))) {
        problems.add(
            "pipeverify: --arg '"
                + a
                + "' is not NAME=INTEGER or a range (e.g. --arg arg5=17, --arg K=0x400, --arg"
                + " Kdim>=192, --arg arg3=64..8192)");
        continue;
      }
      String name = m.group(1);
      if (values.containsKey(name) || ranges.containsKey(name)) {
        problems.add("pipeverify: --arg " + name + " is given more than once");
        continue;
      }
      long x = v.get();
      switch (m.group(2)) {
        case "=" -> {
          if (m.group(4) == null) {
            values.put(name, x);
          } else if (x <= hi.get()) {
            ranges.put(name, new long[] {x, hi.get()});
          } else {
            problems.add(
                "pipeverify: --arg " + a + ": the range is empty (" + x + " > " + hi.get() + ")");
          }
        }
        case ">=" -> ranges.put(name, new long[] {x, Long.MAX_VALUE});
        case ">" -> ranges.put(name, new long[] {x + 1, Long.MAX_VALUE});
        case "<=" -> ranges.put(name, new long[] {Long.MIN_VALUE, x});
        default -> ranges.put(name, new long[] {Long.MIN_VALUE, x - 1});
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return new Arguments(values, ranges);
  }

  /** {@code NAME=V1,V2...}: the argument is one of the values. */
  private static final Pattern VALUE_SET =
      Pattern.compile("([A-Za-z_][\\w#.]*)\\s*=\\s*([^,\\s]+(?:\\s*,\\s*[^,\\s]+)+)");

  /**
   * The values of a set as the intervals of one value each, in order ({0, 0, 4, 4}); empty when one
   * is not an integer.
   */
  private static Optional<long[]> valueSet(String list) {
    java.util.SortedSet<Long> values = new java.util.TreeSet<>();
    for (String v : list.split(",")) {
      Optional<Long> x = OperandParser.integer(v.trim());
      if (x.isEmpty()) {
        return Optional.empty();
      }
      values.add(x.get());
    }
    long[] intervals = new long[2 * values.size()];
    int k = 0;
    for (long x : values) {
      intervals[k++] = x;
      intervals[k++] = x;
    }
    return Optional.of(intervals);
  }

  /** {@code NAME}, a relation, a value and, for {@code =}, an optional {@code ..HI}. */
  private static final Pattern ARGUMENT =
      Pattern.compile("([A-Za-z_][\\w#.]*)\\s*(>=|<=|=|>|<)\\s*([^.\\s]+)(?:\\.\\.(\\S+))?");

  /** The {@code --arg} values and ranges of a command. */
  private record Arguments(Map<String, Long> values, Map<String, long[]> ranges) {}
}

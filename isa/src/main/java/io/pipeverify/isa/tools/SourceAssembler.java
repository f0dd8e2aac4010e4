package io.pipeverify.isa.tools;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads an assembler source in the LLVM AMDGPU dialect (hipBLASLt's Tensile kernels: C and {@code
 * //} comments, {@code .set} symbols, {@code .macro}s, {@code .if}, machine code as {@code .long}
 * words) without being an assembler: clang-22 assembles it with a line table ({@code -g}),
 * ld.lld-22 links the code object, {@link CodeObjectDisassembler} lists it, and {@link SourceLines}
 * places every listing line at the source line it came from. Only temporary files are written; an
 * assembler or linker error is the source's fault, at clang's line.
 */
public final class SourceAssembler {
  public static final String CLANG = "clang-22";
  public static final String LINKER = "ld.lld-22";
  private static final Duration TIMEOUT = Duration.ofSeconds(300);

  /** What only assembler sources have, never a compiler's or a disassembler's listing. */
  private static final Pattern SOURCE_ONLY =
      Pattern.compile(
          "^\\s*(/\\*|\\.macro\\b|\\.if(n?def)?\\b|\\.rept\\b|\\.irpc?\\b|\\.include\\b|\\.equ\\b)");

  private static final Pattern TARGET =
      Pattern.compile("^\\s*\\.amdgcn_target\\s+\"[^\"]*--(gfx[0-9a-f]+)[^\"]*\"");

  /** clang's diagnostic: {@code /path/K.s:123:5: error: invalid operand for instruction}. */
  private static final Pattern DIAGNOSTIC =
      Pattern.compile("^(.*):(\\d+):\\d+: error: (.*)$", Pattern.MULTILINE);

  private final ExternalTool clang;
  private final ExternalTool linker;
  private final CodeObjectDisassembler disassembler;

  private SourceAssembler(Path clang, Path linker, CodeObjectDisassembler disassembler) {
    this.clang = new ExternalTool(CLANG, clang, TIMEOUT);
    this.linker = new ExternalTool(LINKER, linker, TIMEOUT);
    this.disassembler = disassembler;
  }

  /** The tools on PATH (clang-22, ld.lld-22, llvm-objdump-22, llvm-readelf-22), or empty. */
  public static Optional<SourceAssembler> locate() {
    Optional<Path> clang = ExternalTool.onPath(CLANG);
    Optional<Path> linker = ExternalTool.onPath(LINKER);
    Optional<CodeObjectDisassembler> disassembler = CodeObjectDisassembler.locate();
    return clang.isPresent() && linker.isPresent() && disassembler.isPresent()
        ? Optional.of(new SourceAssembler(clang.get(), linker.get(), disassembler.get()))
        : Optional.empty();
  }

  /**
   * Why {@code text} is an assembler source rather than a listing pipeverify reads directly ({@code
   * "line 2: /*"}), or empty: a C comment, {@code .macro}, {@code .if}, {@code .rept}, {@code
   * .irp}, {@code .include} or {@code .equ}, which no compiler or disassembler listing has.
   */
  public static Optional<String> sourceFeature(String text) {
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = SOURCE_ONLY.matcher(lines[i]);
      if (m.find()) {
        return Optional.of("line " + (i + 1) + ": " + m.group(1));
      }
    }
    return Optional.empty();
  }

  /** The processor a source states ({@code .amdgcn_target "amdgcn-amd-amdhsa--gfx942"}), if any. */
  public static Optional<String> statedProcessor(String text) {
    for (String line : text.split("\r?\n", -1)) {
      Matcher m = TARGET.matcher(line);
      if (m.find()) {
        return Optional.of(m.group(1));
      }
    }
    return Optional.empty();
  }

  /** A source's listing and where each of its lines came from. */
  public record Assembled(String listing, List<Location> lines) {
    public Assembled {
      lines = List.copyOf(lines);
    }

    /** Line {@code n} (1-based) of the listing, as the source names it. */
    public Location at(int n) {
      return lines.get(n - 1);
    }
  }

  /**
   * Assembles source {@code text} (read from {@code file}, or from stdin when {@code file} is
   * empty), named {@code name} in messages, for {@code processor} ({@code gfx942}), and lists it.
   * An assembler or linker error is an {@link AsmSyntaxException} at the source line clang names.
   */
  public Assembled assemble(String name, Optional<Path> file, String text, String processor)
      throws AsmSyntaxException, ExternalToolException {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("pipeverify-asm");
      Path source;
      if (file.isPresent()) {
        source = file.get().toAbsolutePath().normalize();
      } else {
        source = dir.resolve("stdin.s");
        Files.writeString(source, text, StandardCharsets.UTF_8);
      }
      Path object = dir.resolve("kernel.o");
      Path codeObject = dir.resolve("kernel.co");
      run(
          clang,
          List.of(
              "-x",
              "assembler",
              "-target",
              "amdgcn-amd-amdhsa",
              "-mcpu=" + processor,
              "-g",
              "-c",
              source.toString(),
              "-o",
              object.toString()),
          name,
          source);
      run(linker, List.of("-shared", object.toString(), "-o", codeObject.toString()), name, source);
      String listing = disassembler.listing(codeObject, true);
      String listingName = name + " (assembled)";
      return new Assembled(
          listing, SourceLines.of(listing, listingName, name, source.toString(), text));
    } catch (IOException e) {
      throw new ExternalToolException("cannot write a temporary file: " + e.getMessage(), e);
    } finally {
      deleteTree(dir);
    }
  }

  /** Runs an assembling tool; its error about the source is the source's fault, at its line. */
  private static void run(ExternalTool tool, List<String> arguments, String name, Path source)
      throws AsmSyntaxException, ExternalToolException {
    ExternalTool.Finished f = tool.finish(arguments);
    if (f.exit() == 0 && !f.timedOut()) {
      return;
    }
    Matcher d = DIAGNOSTIC.matcher(f.output());
    if (!f.timedOut() && d.find()) {
      boolean ours = Path.of(d.group(1)).toAbsolutePath().normalize().equals(source);
      int line = Integer.parseInt(d.group(2));
      throw new AsmSyntaxException(
          new Location(ours ? name : d.group(1), Math.max(1, line)),
          tool.name() + " cannot assemble it: " + d.group(3));
    }
    if (!f.timedOut() && f.output().contains("error:")) {
      // A linker error (an undefined symbol, a relocation out of range) names no line.
      throw new AsmSyntaxException(
          new Location(name, 1), tool.name() + " cannot link it: " + firstError(f.output()));
    }
    throw new ExternalToolException(
        tool.name()
            + (f.timedOut()
                ? " did not finish in " + TIMEOUT.toSeconds() + " s on " + name
                : " failed on "
                    + name
                    + " (exit "
                    + f.exit()
                    + "):\n"
                    + f.output().stripTrailing()));
  }

  /** The first {@code error:} line of a tool's output. */
  private static String firstError(String output) {
    return output
        .lines()
        .filter(l -> l.contains("error:"))
        .findFirst()
        .map(l -> l.substring(l.indexOf("error:") + "error:".length()).strip())
        .orElse(output.strip());
  }

  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(ExternalTool::deleteQuietly);
    } catch (IOException e) {
      // A leftover temporary directory loses nothing.
    }
  }
}

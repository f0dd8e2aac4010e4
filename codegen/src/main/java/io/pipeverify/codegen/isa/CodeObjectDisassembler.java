package io.pipeverify.codegen.isa;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an AMDGPU code object (ELF) into an assembly listing the decoder reads (docs/isa.md, "Code
 * objects"): the instructions from {@code llvm-objdump-22 -d --symbolize-operands}, the kernel
 * descriptors as {@code .amdhsa_kernel} blocks from the disassembly of {@code .rodata}, and the
 * metadata from {@code llvm-readelf-22 --notes}. The listing's first lines are the disassembly's,
 * one for one (labels and comments rewritten in place), so {@code kernel.co:LINE} in a report is
 * line LINE of {@code llvm-objdump-22 -d --symbolize-operands kernel.co}.
 */
public final class CodeObjectDisassembler {
  public static final String OBJDUMP = "llvm-objdump-22";
  public static final String READELF = "llvm-readelf-22";
  private static final long TIMEOUT_SECONDS = 120;

  private static final Pattern SYMBOL = Pattern.compile("^(?:[0-9a-fA-F]+ )?<([^>]+)>:$");
  private static final Pattern LOCAL = Pattern.compile("L\\d+");
  private static final Pattern BRANCH = Pattern.compile("^(\\s*s_c?branch\\w*\\s+)(L\\d+)(\\b.*)$");

  private final ExternalTool objdump;
  private final ExternalTool readelf;

  private CodeObjectDisassembler(Path objdump, Path readelf) {
    this.objdump = new ExternalTool(OBJDUMP, objdump, TIMEOUT_SECONDS);
    this.readelf = new ExternalTool(READELF, readelf, TIMEOUT_SECONDS);
  }

  /** Both tools on PATH ({@code apt-get install llvm-22}), or empty. */
  public static Optional<CodeObjectDisassembler> locate() {
    Optional<Path> objdump = ExternalTool.onPath(OBJDUMP);
    Optional<Path> readelf = ExternalTool.onPath(READELF);
    return objdump.isPresent() && readelf.isPresent()
        ? Optional.of(new CodeObjectDisassembler(objdump.get(), readelf.get()))
        : Optional.empty();
  }

  /** The listing of the code object at {@code file}. */
  public String listing(Path file) throws ExternalToolException {
    String name = file.toString();
    return listing(
        objdump.run(List.of("-d", "--symbolize-operands", name), name),
        objdump.run(List.of("-d", "-j", ".rodata", name), name),
        readelf.run(List.of("--notes", name), name));
  }

  /**
   * The listing from the tools' outputs: {@code text} (the disassembly), {@code rodata} (the kernel
   * descriptors) and {@code notes} (the metadata).
   */
  static String listing(String text, String rodata, String notes) {
    List<String> out = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    String function = null;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Matcher symbol = SYMBOL.matcher(line.strip());
      boolean nextIsFunction =
          i + 1 < lines.length
              && SYMBOL.matcher(lines[i + 1].strip()).matches()
              && !LOCAL.matcher(symbolName(lines[i + 1])).matches();
      if (symbol.matches() && LOCAL.matcher(symbol.group(1)).matches() && function != null) {
        out.add(local(function, symbol.group(1)) + ":");
      } else if (symbol.matches()) {
        function = symbol.group(1);
        out.add(function + ":");
      } else if (line.isBlank() && nextIsFunction && function != null) {
        // The blank line before the next function ends this one, one line for one.
        out.add(".Lfunc_end_" + function + ":");
      } else if (line.startsWith("\t") && function != null) {
        out.add(instruction(line, function));
      } else {
        out.add(line.isBlank() ? "" : "; " + line.strip());
      }
    }
    if (function != null) {
      out.add(".Lfunc_end_" + function + ":");
    }
    target(notes).ifPresent(t -> out.add("\t.amdgcn_target \"" + t + "\""));
    out.addAll(descriptors(rodata));
    out.addAll(metadata(notes));
    return String.join("\n", out) + "\n";
  }

  private static String symbolName(String line) {
    Matcher m = SYMBOL.matcher(line.strip());
    return m.matches() ? m.group(1) : "";
  }

  /** The label of objdump's local label {@code L3} in {@code function}, unique in the listing. */
  private static String local(String function, String label) {
    return ".Lpv_" + function + "_" + label;
  }

  /** An instruction with its {@code // address: bytes} comment as a comment, branches to labels. */
  private static String instruction(String line, String function) {
    int comment = line.indexOf("//");
    String code = comment < 0 ? line : line.substring(0, comment);
    String tail = comment < 0 ? "" : ";" + line.substring(comment + 2);
    Matcher branch = BRANCH.matcher(code);
    if (branch.matches()) {
      code = branch.group(1) + local(function, branch.group(2)) + branch.group(3);
    }
    return code + tail;
  }

  /** The {@code .amdhsa_kernel ... .end_amdhsa_kernel} blocks of the descriptors' disassembly. */
  private static List<String> descriptors(String rodata) {
    List<String> out = new ArrayList<>();
    boolean in = false;
    for (String line : rodata.split("\r?\n")) {
      String l = line.strip();
      in |= l.startsWith(".amdhsa_kernel ");
      if (in) {
        out.add("\t" + l);
      }
      in &= !l.equals(".end_amdhsa_kernel");
    }
    return out;
  }

  /**
   * The metadata YAML of the AMDGPU note, from {@code ---} to {@code ...}, as a directive block.
   */
  private static List<String> metadata(String notes) {
    List<String> out = new ArrayList<>();
    boolean in = false;
    for (String line : notes.split("\r?\n")) {
      if (!in && line.strip().equals("---")) {
        in = true;
        out.add("\t.amdgpu_metadata");
        out.add("---");
      } else if (in && line.strip().equals("...")) {
        out.add("...");
        out.add("\t.end_amdgpu_metadata");
        break;
      } else if (in) {
        out.add(line);
      }
    }
    return out;
  }

  private static Optional<String> target(String notes) {
    for (String line : notes.split("\r?\n")) {
      String l = line.strip();
      if (l.startsWith("amdhsa.target:")) {
        return Optional.of(l.substring("amdhsa.target:".length()).strip().replace("'", ""));
      }
    }
    return Optional.empty();
  }
}

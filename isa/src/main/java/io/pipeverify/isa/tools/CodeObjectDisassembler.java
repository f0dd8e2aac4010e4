package io.pipeverify.isa.tools;

import io.pipeverify.isa.decode.CodeAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an AMDGPU code object (ELF) into an assembly listing the decoder reads (docs/isa.md, "Code
 * objects"): the instructions from {@code llvm-objdump-22 -d --symbolize-operands}, the kernel
 * descriptors as {@code .amdhsa_kernel} blocks from the disassembly of {@code .rodata}, and the
 * target and metadata from {@code llvm-readelf-22 -h --notes}. The listing's first lines are the
 * disassembly's, one for one (labels and comments rewritten in place), so {@code kernel.co:LINE} in
 * a report is line LINE of {@code llvm-objdump-22 -d --symbolize-operands kernel.co}.
 *
 * <p>Code objects as shipped: hand-assembled ones (AMD's aiter kernels) state their target only in
 * the ELF header's flags, name their labels with local symbols ({@code label_0060}, which objdump
 * prints like a function), or have no label symbols at all. So the kernels are the symbols that
 * have a kernel descriptor, every other symbol after a kernel is a label of that kernel, and a
 * branch's target is computed from its encoding (SOPP: the address after it plus four times the
 * signed 16-bit offset), not read from how objdump printed it.
 */
public final class CodeObjectDisassembler {
  public static final String OBJDUMP = "llvm-objdump-22";
  public static final String READELF = "llvm-readelf-22";
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private static final Pattern SYMBOL = Pattern.compile("^([0-9a-fA-F]+ )?<([^>]+)>:$");
  private static final Pattern LOCAL = Pattern.compile("L\\d+");
  private static final Pattern ENCODED =
      Pattern.compile("//\\s*([0-9a-fA-F]+):\\s*([0-9a-fA-F]{8})\\b");
  private static final Pattern BRANCH = Pattern.compile("^(\\s*)(s_c?branch\\w*)(\\s+)(.*)$");

  /** An instruction after which the next one can only be reached by a jump. */
  private static final Pattern RETURNS = Pattern.compile("^\\s*(s_endpgm|s_setpc_b64|s_branch)\\b");

  private static final Pattern SWIZZLE = Pattern.compile("offset:swizzle\\([^)]*\\)");

  private static final Pattern GETPC =
      Pattern.compile("^(\\s*)s_getpc_b64(\\s+)(s\\[\\d+:\\d+\\])\\s*$");
  private static final Pattern FLAGS = Pattern.compile("^\\s*Flags:.*\\b(gfx[0-9a-f]+)\\b.*$");

  private final ExternalTool objdump;
  private final ExternalTool readelf;

  private CodeObjectDisassembler(Path objdump, Path readelf) {
    this.objdump = new ExternalTool(OBJDUMP, objdump, TIMEOUT);
    this.readelf = new ExternalTool(READELF, readelf, TIMEOUT);
  }

  /** Both tools on PATH ({@code apt-get install llvm-22}), or empty. */
  public static Optional<CodeObjectDisassembler> locate() {
    Optional<Path> objdump = ExternalTool.onPath(OBJDUMP);
    Optional<Path> readelf = ExternalTool.onPath(READELF);
    return objdump.isPresent() && readelf.isPresent()
        ? Optional.of(new CodeObjectDisassembler(objdump.get(), readelf.get()))
        : Optional.empty();
  }

  /**
   * Whether both tools read a well-formed code object (a bare gfx950 ELF header): when they fail on
   * an input, this tells a damaged input (they work) from a broken installation (they do not).
   */
  public boolean readWellFormed() {
    // The installation does not change during a run: probed once per pair of tools.
    return PROBED.computeIfAbsent(
        objdump.executable() + "|" + readelf.executable(), k -> probeWellFormed());
  }

  /** {@link #readWellFormed} by tool paths. */
  private static final java.util.concurrent.ConcurrentHashMap<String, Boolean> PROBED =
      new java.util.concurrent.ConcurrentHashMap<>();

  private boolean probeWellFormed() {
    Path probe = null;
    try {
      probe = Files.createTempFile("pipeverify-probe", ".co");
      Files.write(probe, wellFormedHeader());
      String name = probe.toString();
      return ok(objdump.finish(List.of("-d", "--symbolize-operands", name)))
          && ok(objdump.finish(List.of("-d", "-j", ".rodata", name)))
          && ok(readelf.finish(List.of("-h", "--notes", "--symbols", name)));
    } catch (IOException | ExternalToolException e) {
      return false;
    } finally {
      if (probe != null) {
        try {
          Files.deleteIfExists(probe);
        } catch (IOException e) {
          // A leftover temporary file changes nothing.
        }
      }
    }
  }

  private static boolean ok(ExternalTool.Finished f) {
    return !f.timedOut() && f.exit() == 0;
  }

  /** An ELF64 header of an AMDGPU HSA relocatable object for gfx950, with nothing after it. */
  private static byte[] wellFormedHeader() {
    java.nio.ByteBuffer b =
        java.nio.ByteBuffer.allocate(64).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 64, 4});
    b.putShort(16, (short) 1); // ET_REL
    b.putShort(18, (short) 0xE0); // EM_AMDGPU
    b.putInt(20, 1); // EV_CURRENT
    b.putInt(0x30, 0x4F); // e_flags: gfx950
    b.putShort(0x34, (short) 64); // e_ehsize
    return b.array();
  }

  /** The listing of the code object at {@code file}. */
  public String listing(Path file) throws ExternalToolException {
    return listing(file, false);
  }

  /**
   * The listing of the code object at {@code file}; with {@code lineNumbers}, each instruction the
   * DWARF line table places is preceded by objdump's {@code ; PATH:LINE} comment ({@code
   * --line-numbers}), which {@link SourceLines} reads.
   */
  public String listing(Path file, boolean lineNumbers) throws ExternalToolException {
    String name = file.toString();
    List<String> disassemble =
        lineNumbers
            ? List.of("-d", "--symbolize-operands", "--line-numbers", name)
            : List.of("-d", "--symbolize-operands", name);
    return listing(
        objdump.run(disassemble, name),
        objdump.run(List.of("-d", "-j", ".rodata", name), name),
        readelf.run(List.of("-h", "--notes", "--symbols", name), name));
  }

  /**
   * The listing from the tools' outputs: {@code text} (the disassembly), {@code rodata} (the kernel
   * descriptors) and {@code elf} (the ELF header, the notes with the metadata and the symbol
   * table).
   */
  static String listing(String text, String rodata, String elf) {
    String[] lines = text.split("\r?\n", -1);
    Kernels kernels = new Kernels(kernelNames(rodata), kernelAddresses(elf, kernelNames(rodata)));
    String[] function = functions(lines, kernels);
    Map<Integer, Long> longBranches = LongBranch.targets(lines, function);
    Map<String, String> labels = labelsAtAddresses(lines, function, longBranches);
    List<String> out = new ArrayList<>();
    Set<String> placed = new HashSet<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Matcher symbol = SYMBOL.matcher(line.strip());
      String starts = symbol.matches() ? kernels.started(symbol, function, i) : null;
      if (starts != null) {
        out.add(starts + ":");
      } else if (symbol.matches() && function[i] != null) {
        String label = label(function[i], nextAddress(lines, i));
        placed.add(label);
        out.add(label + ":");
      } else if (line.isBlank()
          && endsFunction(lines, i, kernels, function)
          && function[i] != null) {
        // The blank line before the next function ends this one, one line for one.
        out.add(".Lfunc_end_" + function[i] + ":");
      } else if (line.startsWith("\t") && function[i] != null) {
        out.add(instruction(line, function[i], labels, placed, longBranches.get(i)));
      } else {
        out.add(line.isBlank() ? "" : "; " + line.strip());
      }
    }
    if (lines.length > 0 && function[lines.length - 1] != null) {
      out.add(".Lfunc_end_" + function[lines.length - 1] + ":");
    }
    target(elf).ifPresent(t -> out.add("\t.amdgcn_target \"" + t + "\""));
    out.addAll(descriptors(rodata));
    out.addAll(metadata(elf));
    return String.join("\n", out) + "\n";
  }

  /**
   * The kernels of a code object: the names of its kernel descriptors and the address of each
   * kernel's symbol. Tensile's kernels put a local label at the kernel's own address ({@code
   * label_ASM_Start}), which objdump may print there instead of the kernel's name; the kernel is
   * the symbol with the descriptor whatever objdump prints.
   */
  private record Kernels(Set<String> names, Map<Long, String> byAddress) {
    /**
     * The kernel that symbol line {@code i} starts, or null: a kernel's name, or any symbol at a
     * kernel's address that does not continue that kernel; when the code object has no descriptors
     * at all, any symbol but objdump's own local labels ({@code L0}).
     */
    String started(Matcher symbol, String[] function, int i) {
      String name = symbol.group(2);
      if (names.isEmpty()) {
        return LOCAL.matcher(name).matches() ? null : name;
      }
      if (names.contains(name)) {
        return name;
      }
      String at =
          symbol.group(1) == null
              ? null
              : byAddress.get(Long.parseLong(symbol.group(1).strip(), 16));
      boolean continues = i > 0 && at != null && at.equals(function[i - 1]);
      return continues ? null : at;
    }
  }

  /** Each line's function (kernel), or null before the first. */
  private static String[] functions(String[] lines, Kernels kernels) {
    String[] function = new String[lines.length];
    String current = null;
    for (int i = 0; i < lines.length; i++) {
      Matcher symbol = SYMBOL.matcher(lines[i].strip());
      String starts = symbol.matches() ? kernels.started(symbol, function, i) : null;
      if (starts != null) {
        current = starts;
      }
      function[i] = current;
    }
    return function;
  }

  /** Whether blank line {@code i} is the one before the next function's symbol. */
  private static boolean endsFunction(String[] lines, int i, Kernels kernels, String[] function) {
    if (i + 1 >= lines.length) {
      return false;
    }
    Matcher next = SYMBOL.matcher(lines[i + 1].strip());
    if (!next.matches()) {
      return false;
    }
    String starts = kernels.started(next, function, i + 1);
    return starts != null && !starts.equals(function[i]);
  }

  /**
   * The label of every branch target, by function and address ({@code function@address}): every
   * address a branch of the function jumps to, and every instruction that does not follow on from
   * the one before it (after a return, a branch or the end of the program).
   */
  private static Map<String, String> labelsAtAddresses(
      String[] lines, String[] function, Map<Integer, Long> longBranches) {
    Map<String, String> labels = new HashMap<>();
    String returned = null;
    for (int i = 0; i < lines.length; i++) {
      if (function[i] == null || !lines[i].startsWith("\t")) {
        continue;
      }
      OptionalLong here = address(lines[i]);
      if (function[i].equals(returned) && here.isPresent()) {
        // Where a function the kernel calls may start (Tensile's activation functions follow
        // s_endpgm or a branch, each ending in its return): a call's target finds its block here.
        labels.put(function[i] + "@" + here.getAsLong(), label(function[i], here.getAsLong()));
      }
      returned = RETURNS.matcher(lines[i]).find() ? function[i] : null;
      OptionalLong target =
          longBranches.containsKey(i)
              ? OptionalLong.of(longBranches.get(i))
              : branchTarget(lines[i]);
      if (target.isPresent()) {
        String at = function[i] + "@" + target.getAsLong();
        labels.put(at, label(function[i], target.getAsLong()));
      }
    }
    return labels;
  }

  /**
   * The target address of a branch line from its encoding: SOPP's signed 16-bit offset in dwords,
   * from the address after the branch; empty for other lines.
   */
  private static OptionalLong branchTarget(String line) {
    int comment = line.indexOf("//");
    if (comment < 0 || !BRANCH.matcher(line.substring(0, comment)).matches()) {
      return OptionalLong.empty();
    }
    Matcher e = ENCODED.matcher(line.substring(comment));
    if (!e.find()) {
      return OptionalLong.empty();
    }
    long address = Long.parseLong(e.group(1), 16);
    long word = Long.parseLong(e.group(2), 16);
    return OptionalLong.of(address + 4 + 4L * (short) (word & 0xFFFF));
  }

  /** The address of an instruction line from its {@code // address: bytes} comment, or empty. */
  static OptionalLong address(String line) {
    int comment = line.indexOf("//");
    Matcher e = comment < 0 ? null : ENCODED.matcher(line.substring(comment));
    return e != null && e.find()
        ? OptionalLong.of(Long.parseLong(e.group(1), 16))
        : OptionalLong.empty();
  }

  /** The address of the first instruction after line {@code i}, or -1. */
  private static long nextAddress(String[] lines, int i) {
    for (int j = i + 1; j < lines.length; j++) {
      Matcher e = ENCODED.matcher(lines[j]);
      if (lines[j].startsWith("\t") && e.find()) {
        return Long.parseLong(e.group(1), 16);
      }
    }
    return -1;
  }

  /** The label at {@code address} in {@code function}, unique in the listing. */
  private static String label(String function, long address) {
    return CodeAddress.label(function, address);
  }

  /**
   * An instruction with its {@code // address: bytes} comment as a comment, a branch's operand
   * replaced by the label of its target, and the label of a branch target that has no symbol line
   * put in front of the instruction at that address.
   */
  private static String instruction(
      String line,
      String function,
      Map<String, String> labels,
      Set<String> placed,
      Long longBranch) {
    int comment = line.indexOf("//");
    String code = comment < 0 ? line : line.substring(0, comment);
    String tail = comment < 0 ? "" : ";" + line.substring(comment + 2);
    if (longBranch != null) {
      // The long branch's jump is an unconditional branch to its constant target (LongBranch);
      // what objdump printed stays in the comment.
      String indent = code.substring(0, code.length() - code.stripLeading().length());
      tail = "; long branch: " + code.strip() + " " + tail;
      code = indent + "s_branch " + label(function, longBranch) + " ";
    }
    Matcher getpc = GETPC.matcher(code);
    OptionalLong at = address(line);
    if (getpc.matches() && at.isPresent()) {
      // The program counter as linked (the address after the instruction): what long branches and
      // calls add their offsets to. The loader moves the whole image, so differences between such
      // values hold at run time (docs/isa.md, "Calls").
      tail = "; " + code.strip() + " " + tail;
      code =
          getpc.group(1)
              + "s_mov_b64"
              + getpc.group(2)
              + getpc.group(3)
              + ", 0x"
              + Long.toHexString(at.getAsLong() + 4)
              + " ";
    }
    Matcher swizzle = SWIZZLE.matcher(code);
    Matcher word = comment < 0 ? null : ENCODED.matcher(line.substring(comment));
    if (swizzle.find() && word != null && word.find()) {
      // objdump prints ds_swizzle's offset by mode (swizzle(QUAD_PERM,3,2,1,0)); the number is
      // the low half of the first word, what the semantics read.
      long offset = Long.parseLong(word.group(2), 16) & 0xFFFF;
      code = swizzle.replaceFirst("offset:0x" + Long.toHexString(offset));
    }
    OptionalLong target = longBranch != null ? OptionalLong.of(longBranch) : branchTarget(line);
    Matcher branch = BRANCH.matcher(code);
    if (target.isPresent() && branch.matches() && longBranch == null) {
      String to = label(function, target.getAsLong());
      String padded = String.format("%-" + branch.group(4).length() + "s", to);
      code = branch.group(1) + branch.group(2) + branch.group(3) + padded;
    }
    Matcher e = comment < 0 ? null : ENCODED.matcher(line.substring(comment));
    if (e != null && e.find()) {
      String here = labels.get(function + "@" + Long.parseLong(e.group(1), 16));
      if (here != null && !placed.contains(here)) {
        placed.add(here);
        code = here + ": " + code.stripLeading();
      }
    }
    return code + tail;
  }

  /** The kernels of the code object: the names of its kernel descriptors. */
  private static Set<String> kernelNames(String rodata) {
    Set<String> names = new LinkedHashSet<>();
    for (String line : rodata.split("\r?\n")) {
      String l = line.strip();
      if (l.startsWith(".amdhsa_kernel ")) {
        names.add(l.substring(".amdhsa_kernel ".length()).strip());
      }
    }
    return names;
  }

  /**
   * A symbol of {@code llvm-readelf-22 --symbols}: {@code 2: 0000000000001e00 0 FUNC GLOBAL ...}.
   */
  private static final Pattern ELF_SYMBOL =
      Pattern.compile("^\\s*\\d+:\\s+([0-9a-fA-F]+)\\s+\\d+\\s+FUNC\\s+.*\\s(\\S+)$");

  /** The address of each kernel's symbol (readelf's symbol table), by address. */
  private static Map<Long, String> kernelAddresses(String elf, Set<String> kernels) {
    Map<Long, String> at = new HashMap<>();
    for (String line : elf.split("\r?\n")) {
      Matcher m = ELF_SYMBOL.matcher(line);
      if (m.matches() && kernels.contains(m.group(2))) {
        at.putIfAbsent(Long.parseLong(m.group(1), 16), m.group(2));
      }
    }
    return at;
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
   * The metadata YAML of each AMDGPU note, from {@code ---} to {@code ...}, as a directive block
   * each: ld.lld-22 keeps one note per linked object, so a code object linked from several objects
   * states its kernels in several notes.
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
        in = false;
      } else if (in) {
        out.add(line);
      }
    }
    return out;
  }

  /**
   * The target: the metadata's {@code amdhsa.target} when it has one, else the processor named by
   * the ELF header's flags ({@code Flags: 0x54f, gfx950, xnack, sramecc}), which every code object
   * has.
   */
  private static Optional<String> target(String elf) {
    Optional<String> header = Optional.empty();
    for (String line : elf.split("\r?\n")) {
      String l = line.strip();
      if (l.startsWith("amdhsa.target:")) {
        return Optional.of(l.substring("amdhsa.target:".length()).strip().replace("'", ""));
      }
      Matcher flags = FLAGS.matcher(line);
      if (header.isEmpty() && flags.matches()) {
        header = Optional.of("amdgcn-amd-amdhsa--" + flags.group(1));
      }
    }
    return header;
  }
}

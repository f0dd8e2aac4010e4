package io.pipeverify.isa.decode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes an AMDGPU assembly listing (clang {@code -S}, hipcc {@code --save-temps}, Triton's {@code
 * .amdgcn}) into statements and kernels. Syntax only: whether an instruction is known is {@link
 * InstructionTable}'s business. Every error names the file and line.
 */
public final class AsmParser {
  private AsmParser() {}

  private static final Pattern LABEL = Pattern.compile("([.\\w$]+):(.*)");
  private static final Pattern LABELLED = Pattern.compile("([.\\w$]+):\\s+([a-z]\\S*(\\s.*)?)");
  private static final Pattern MNEMONIC = Pattern.compile("([a-z][a-z0-9_]*)(\\s+(.*))?");
  private static final Pattern MODIFIER = Pattern.compile("([a-z_][a-z0-9_]*):(.+)");
  private static final Pattern WAIT_FIELD =
      Pattern.compile("(vmcnt|expcnt|lgkmcnt)(_sat)?\\((\\d+)\\)");

  /** Modifiers printed as a bare word after the operands. */
  private static final Set<String> FLAGS =
      Set.of(
          "offen",
          "idxen",
          "lds",
          "glc",
          "slc",
          "dlc",
          "sc0",
          "sc1",
          "nt",
          "gds",
          "tfe",
          "lwe",
          "addr64",
          "clamp",
          "done",
          "vm",
          "compr",
          "row_mirror",
          "row_half_mirror",
          "unorm",
          "da",
          "r128",
          "a16",
          "d16");

  public static AsmListing parse(String text, String file) throws AsmSyntaxException {
    return parse(text, file, line -> new Location(file, line));
  }

  /**
   * Decodes {@code text}, each of whose lines {@code n} (1-based) stands for {@code at.apply(n)}:
   * the listing of an assembled source names the source's lines.
   */
  public static AsmListing parse(String text, String file, IntFunction<Location> at)
      throws AsmSyntaxException {
    String[] raw = text.split("\r?\n", -1);
    List<Statement> statements = new ArrayList<>();
    // A code object linked from several objects has a metadata note, so a block, per object.
    List<Object> yaml = new ArrayList<>();
    List<String> metadata = null;
    List<Location> metadataLocations = new ArrayList<>();
    for (int i = 0; i < raw.length; i++) {
      Location here = at.apply(i + 1);
      if (metadata != null) {
        if (raw[i].strip().equals(".end_amdgpu_metadata")) {
          yaml.add(MetadataYaml.parse(metadata, metadataLocations));
          metadata = null;
          statements.add(new Statement.Directive(".end_amdgpu_metadata", "", here));
        } else {
          metadata.add(raw[i]);
          metadataLocations.add(here);
        }
        continue;
      }
      Optional<Statement.Directive> directive = line(raw[i], here, statements);
      if (directive.isPresent() && directive.get().name().equals(".amdgpu_metadata")) {
        metadata = new ArrayList<>();
        metadataLocations = new ArrayList<>();
      }
    }
    if (metadata != null) {
      throw new AsmSyntaxException(
          at.apply(raw.length), ".amdgpu_metadata without .end_amdgpu_metadata");
    }
    Optional<String> target =
        statements.stream()
            .filter(s -> s instanceof Statement.Directive d && d.name().equals(".amdgcn_target"))
            .map(s -> ((Statement.Directive) s).arguments().replace("\"", ""))
            .findFirst();
    return new AsmListing(file, target, statements, kernels(statements, yaml, file));
  }

  /** Decodes one line into {@code out}; returns its directive, if the line is one. */
  private static Optional<Statement.Directive> line(String line, Location at, List<Statement> out)
      throws AsmSyntaxException {
    int semicolon = commentStart(line);
    String code = (semicolon < 0 ? line : line.substring(0, semicolon)).strip();
    if (code.isEmpty()) {
      if (semicolon >= 0) {
        out.add(
            new Statement.Comment(
                line.substring(semicolon).replaceFirst("^(;+|//+)", "").strip(), at));
      }
      return Optional.empty();
    }
    Matcher label = LABEL.matcher(code);
    if (label.matches() && !code.contains(" ")) {
      out.add(new Statement.Label(label.group(1), at));
      return Optional.empty();
    }
    Matcher labelled = LABELLED.matcher(code);
    if (labelled.matches()) {
      // "name: instruction" on one line, as assemblers accept (the code-object listing puts the
      // label of a branch target that has no symbol there).
      out.add(new Statement.Label(labelled.group(1), at));
      out.add(instruction(labelled.group(2), at));
      return Optional.empty();
    }
    if (code.startsWith(".")) {
      int space = indexOfWhitespace(code);
      Statement.Directive d =
          space < 0
              ? new Statement.Directive(code, "", at)
              : new Statement.Directive(
                  code.substring(0, space), code.substring(space).strip(), at);
      out.add(d);
      return Optional.of(d);
    }
    out.add(instruction(code, at));
    return Optional.empty();
  }

  static Instruction instruction(String code, Location at) throws AsmSyntaxException {
    Matcher m = MNEMONIC.matcher(code);
    if (!m.matches()) {
      throw new AsmSyntaxException(at, "expected an instruction, label or directive: " + code);
    }
    String mnemonic = m.group(1);
    String rest = m.group(3) == null ? "" : m.group(3).strip();
    if (mnemonic.equals("s_waitcnt")) {
      return new Instruction(mnemonic, List.of(waitcnt(rest, at)), Map.of(), at);
    }
    List<Operand> operands = new ArrayList<>();
    Map<String, String> modifiers = new LinkedHashMap<>();
    List<String> parts = split(rest, ',');
    for (int p = 0; p < parts.size(); p++) {
      String part = parts.get(p).strip();
      if (part.isEmpty()) {
        throw new AsmSyntaxException(at, "empty operand in '" + code + "'");
      }
      List<String> words = split(part, ' ');
      boolean last = p == parts.size() - 1;
      if (!last && words.size() > 1) {
        throw new AsmSyntaxException(at, "unexpected '" + words.get(1) + "' in operand " + part);
      }
      int w = 0;
      if (!isModifier(words.get(0))) {
        operands.add(OperandParser.parse(words.get(0), at));
        w = 1;
      }
      for (; w < words.size(); w++) {
        String word = words.get(w);
        if (!isModifier(word)) {
          throw new AsmSyntaxException(
              at, "expected a modifier (such as offset:16, lds, sc0) after the operands: " + word);
        }
        Matcher mod = MODIFIER.matcher(word);
        if (mod.matches()) {
          modifiers.put(mod.group(1), mod.group(2));
        } else {
          modifiers.put(word, "");
        }
      }
    }
    return new Instruction(mnemonic, operands, modifiers, at);
  }

  private static boolean isModifier(String word) {
    return FLAGS.contains(word) || MODIFIER.matcher(word).matches();
  }

  /** {@code vmcnt(0) lgkmcnt(3)}, with spaces, {@code &} or {@code ,} between, or an immediate. */
  private static Waitcnt waitcnt(String text, Location at) throws AsmSyntaxException {
    Optional<Long> raw = OperandParser.integer(text);
    if (raw.isPresent()) {
      if (raw.get() < 0 || raw.get() > 0xFFFF) {
        throw new AsmSyntaxException(at, "s_waitcnt immediate " + text + " does not fit 16 bits");
      }
      return Waitcnt.ofImmediate(raw.get().intValue());
    }
    OptionalInt vm = OptionalInt.empty();
    OptionalInt exp = OptionalInt.empty();
    OptionalInt lgkm = OptionalInt.empty();
    for (String field : text.split("[\\s&,]+")) {
      if (field.isEmpty()) {
        continue;
      }
      Matcher f = WAIT_FIELD.matcher(field);
      if (!f.matches()) {
        throw new AsmSyntaxException(
            at,
            "s_waitcnt expects vmcnt(N), expcnt(N), lgkmcnt(N) or an immediate, not '"
                + field
                + "'");
      }
      int n = Integer.parseInt(f.group(3));
      switch (f.group(1)) {
        case "vmcnt" -> vm = capped(n, io.pipeverify.model.Target.VMCNT_MAX, f.group(2), field, at);
        case "expcnt" -> exp = capped(n, Waitcnt.EXPCNT_MAX, f.group(2), field, at);
        default -> lgkm = capped(n, io.pipeverify.model.Target.LGKMCNT_MAX, f.group(2), field, at);
      }
    }
    return new Waitcnt(vm, exp, lgkm);
  }

  /** A field value; {@code _sat} clamps a too-large count to the maximum (= no wait). */
  private static OptionalInt capped(int n, int max, String sat, String field, Location at)
      throws AsmSyntaxException {
    if (n > max && sat == null) {
      throw new AsmSyntaxException(at, field + " does not fit the counter (at most " + max + ")");
    }
    return Waitcnt.field(Math.min(n, max), max);
  }

  /** Splits at {@code sep} outside brackets and parentheses. */
  private static List<String> split(String s, char sep) {
    List<String> parts = new ArrayList<>();
    if (s.isBlank()) {
      return parts;
    }
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '[' || c == '(') {
        depth++;
      } else if (c == ']' || c == ')') {
        depth--;
      } else if (depth == 0 && (c == sep || (sep == ' ' && c == '\t'))) {
        parts.add(s.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(s.substring(start));
    if (sep == ' ') {
      parts.removeIf(String::isBlank);
    }
    return parts;
  }

  private static int commentStart(String line) {
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && (c == ';' || (c == '/' && line.startsWith("//", i)))) {
        // ';' and '//' start a comment in the AMDGPU assembler's syntax.
        return i;
      }
    }
    return -1;
  }

  private static int indexOfWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static List<Kernel> kernels(List<Statement> statements, List<Object> yaml, String file)
      throws AsmSyntaxException {
    Map<String, Map<String, Object>> metadata = kernelMetadata(yaml);
    List<Kernel> kernels = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      if (!(statements.get(i) instanceof Statement.Directive d)
          || !d.name().equals(".amdhsa_kernel")) {
        continue;
      }
      String name = d.arguments();
      Map<String, Long> amdhsa = new LinkedHashMap<>();
      int j = i + 1;
      for (; j < statements.size(); j++) {
        if (statements.get(j) instanceof Statement.Directive e) {
          if (e.name().equals(".end_amdhsa_kernel")) {
            break;
          }
          Optional<Long> v = OperandParser.integer(e.arguments());
          if (e.name().startsWith(".amdhsa_") && v.isPresent()) {
            amdhsa.put(e.name().substring(".amdhsa_".length()), v.get());
          }
        }
      }
      Map<String, Object> meta = metadata.getOrDefault(name, Map.of());
      kernels.add(
          new Kernel(
              name,
              d.location(),
              body(statements, name, d.location()),
              amdhsa,
              integers(meta.get(".reqd_workgroup_size"), d.location()),
              meta.containsKey(".max_flat_workgroup_size")
                  ? OptionalInt.of(integer(meta.get(".max_flat_workgroup_size"), d.location()))
                  : OptionalInt.empty(),
              args(meta.get(".args"), d.location())));
    }
    return kernels;
  }

  /** From the kernel's label to its {@code .Lfunc_end} label or {@code .size} directive. */
  private static List<Statement> body(List<Statement> statements, String name, Location at)
      throws AsmSyntaxException {
    int start = -1;
    for (int i = 0; i < statements.size(); i++) {
      if (statements.get(i) instanceof Statement.Label l && l.name().equals(name)) {
        start = i;
        break;
      }
    }
    if (start < 0) {
      throw new AsmSyntaxException(at, "kernel " + name + " has no label '" + name + ":'");
    }
    int end = start + 1;
    while (end < statements.size() && !ends(statements.get(end), name)) {
      end++;
    }
    return statements.subList(start + 1, end);
  }

  private static boolean ends(Statement s, String name) {
    return (s instanceof Statement.Label l && l.name().startsWith(".Lfunc_end"))
        || (s instanceof Statement.Directive d
            && (d.name().equals(".size") && d.arguments().startsWith(name + ",")
                || d.name().equals(".amdhsa_kernel")
                || d.name().equals(".end_amdgcn_kernel")));
  }

  /** Each kernel's metadata by name, over every block. */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> kernelMetadata(List<Object> blocks) {
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    for (Object yaml : blocks) {
      if (yaml instanceof Map<?, ?> top && top.get("amdhsa.kernels") instanceof List<?> list) {
        for (Object k : list) {
          if (k instanceof Map<?, ?> m && m.get(".name") instanceof String n) {
            byName.put(n, (Map<String, Object>) m);
          }
        }
      }
    }
    return byName;
  }

  private static List<KernelArg> args(Object value, Location at) throws AsmSyntaxException {
    List<KernelArg> args = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object a : list) {
        if (!(a instanceof Map<?, ?> m)) {
          throw new AsmSyntaxException(at, "a kernel argument in .amdgpu_metadata is not a map");
        }
        args.add(
            new KernelArg(
                m.get(".name") instanceof String n ? n : "",
                integer(m.get(".offset"), at),
                integer(m.get(".size"), at),
                m.get(".value_kind") instanceof String k ? k : ""));
      }
    }
    return args;
  }

  private static List<Integer> integers(Object value, Location at) throws AsmSyntaxException {
    List<Integer> out = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object o : list) {
        out.add(integer(o, at));
      }
    }
    return out;
  }

  private static int integer(Object value, Location at) throws AsmSyntaxException {
    Optional<Long> n = value instanceof String s ? OperandParser.integer(s) : Optional.empty();
    if (n.isEmpty() || n.get() < 0 || n.get() > Integer.MAX_VALUE) {
      throw new AsmSyntaxException(
          at, "expected a non-negative integer in .amdgpu_metadata, found " + value);
    }
    return n.get().intValue();
  }
}

package io.pipeverify.isa.tools;

import io.pipeverify.isa.decode.Location;
import io.pipeverify.model.Origin;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where each line of the listing of an assembled source came from: the source line its author
 * wrote. An instruction is placed by the DWARF line table (objdump's {@code ; PATH:LINE} comments
 * before it, {@code --line-numbers}): an instruction from a macro at the line that uses the macro.
 * Kernels that are machine code written as {@code .long} words (most of hipBLASLt's custom kernels)
 * have no line table entries: their instructions are placed by counting the words from the kernel's
 * label in the source. A label or directive of the listing stands at the line of the next
 * instruction; the descriptors and metadata after the code at the source's {@code
 * .amdgpu_metadata}.
 */
final class SourceLines {
  private SourceLines() {}

  /** objdump's {@code ; /path/K.s:123} before the instructions of a line. */
  private static final Pattern MARKER = Pattern.compile("^(?:;\\s*)+(.+):(\\d+)$");

  private static final Pattern LABEL = Pattern.compile("^\\s*([.\\w$]+):\\s*$");
  private static final Pattern LABELLED = Pattern.compile("^[.\\w$]+:\\s+\\S.*$");
  private static final Pattern ADDRESS =
      Pattern.compile(";\\s*([0-9a-fA-F]+):\\s*[0-9a-fA-F]{8}\\b");
  private static final Pattern LONG = Pattern.compile("^\\s*\\.long\\s+(.*)$");
  private static final Pattern MACRO = Pattern.compile("^\\s*\\.macro\\s+([.\\w$]+).*$");

  /**
   * The location of each line of {@code listing} (index 0: line 1), named {@code listingName};
   * {@code sourceName} is what the user called the source, {@code assembled} the path clang was
   * given (what the line table names), {@code source} its text.
   */
  static List<Location> of(
      String listing, String listingName, String sourceName, String assembled, String source) {
    String[] lines = listing.split("\r?\n", -1);
    String[] written = source.split("\r?\n", -1);
    Set<String> macros = macros(written);
    List<Optional<Origin.SourceLine>> placed = place(lines, sourceName, assembled, written, macros);
    int metadata = firstLine(written, ".amdgpu_metadata");
    Optional<Origin.SourceLine> next =
        metadata < 0
            ? Optional.empty()
            : Optional.of(new Origin.SourceLine(sourceName, metadata, ".amdgpu_metadata"));
    Location[] out = new Location[lines.length];
    // From the end: a line that is not an instruction stands where the next instruction does.
    for (int i = lines.length - 1; i >= 0; i--) {
      if (placed.get(i) != null) {
        next = placed.get(i);
      }
      out[i] = new Location(listingName, i + 1, next);
    }
    return List.of(out);
  }

  /**
   * The source line of each instruction line of the listing (null for other lines; empty for an
   * instruction the source does not place).
   */
  private static List<Optional<Origin.SourceLine>> place(
      String[] lines, String sourceName, String assembled, String[] written, Set<String> macros) {
    List<Optional<Origin.SourceLine>> placed = new ArrayList<>();
    Optional<Origin.SourceLine> marker = Optional.empty();
    Map<String, Integer> labels = labels(written);
    Map<Long, Integer> dataWords = Map.of();
    long kernelStart = -1;
    boolean atKernel = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Matcher m = MARKER.matcher(line);
      placed.add(null);
      if (m.matches()) {
        String file = m.group(1).equals(assembled) ? sourceName : m.group(1);
        int n = Integer.parseInt(m.group(2));
        String text =
            file.equals(sourceName) && n <= written.length ? shown(written[n - 1], macros) : "";
        marker = n > 0 ? Optional.of(new Origin.SourceLine(file, n, text)) : Optional.empty();
        continue;
      }
      Matcher label = LABEL.matcher(line);
      if (label.matches()) {
        Map<Long, Integer> kernelWords = dataWords(written, labels.get(label.group(1)));
        if (!kernelWords.isEmpty()) {
          dataWords = kernelWords;
          atKernel = true;
        }
        // A label: the line table's rows start again at the next instruction.
        marker = Optional.empty();
        continue;
      }
      boolean instruction =
          (line.startsWith("\t") && !line.strip().startsWith("."))
              || LABELLED.matcher(line).matches();
      if (!instruction) {
        continue;
      }
      OptionalLong address = address(line);
      if (atKernel && address.isPresent()) {
        kernelStart = address.getAsLong();
        atKernel = false;
      }
      Integer data =
          address.isPresent() && kernelStart >= 0
              ? dataWords.get(address.getAsLong() - kernelStart)
              : null;
      if (marker.isPresent()) {
        placed.set(i, marker);
      } else if (data != null) {
        String code = code(line);
        placed.set(
            i,
            Optional.of(
                new Origin.SourceLine(
                    sourceName, data, shown(written[data - 1], macros) + " (" + code + ")")));
      } else {
        placed.set(i, Optional.empty());
      }
    }
    return placed;
  }

  /**
   * The offset of each {@code .long} word after a kernel's label in the source (from 0-based line
   * {@code label} on), to its line: the kernel's machine code as data. Ends at the first
   * instruction or directive other than {@code .long} (whose size only the assembler knows); empty
   * when the label is not in the source.
   */
  private static Map<Long, Integer> dataWords(String[] written, Integer label) {
    Map<Long, Integer> words = new HashMap<>();
    if (label == null) {
      return words;
    }
    int start = label;
    long offset = 0;
    for (int i = start; i < written.length; i++) {
      String code = stripComments(written[i]).strip();
      if (code.isEmpty() || LABEL.matcher(code).matches()) {
        continue;
      }
      Matcher data = LONG.matcher(code);
      if (!data.matches()) {
        break;
      }
      int count = data.group(1).split(",").length;
      for (int w = 0; w < count; w++) {
        words.put(offset + 4L * w, i + 1);
      }
      offset += 4L * count;
    }
    return words;
  }

  /** The 0-based index of the line after each label of the source, by name (the first). */
  private static Map<String, Integer> labels(String[] written) {
    Map<String, Integer> at = new HashMap<>();
    for (int i = 0; i < written.length; i++) {
      Matcher l = LABEL.matcher(written[i]);
      if (l.matches()) {
        at.putIfAbsent(l.group(1), i + 1);
      }
    }
    return at;
  }

  /** The address of a listing's instruction line, from its {@code ; address: bytes} comment. */
  private static OptionalLong address(String line) {
    Matcher m = ADDRESS.matcher(line);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1), 16)) : OptionalLong.empty();
  }

  /** The names of the source's macros ({@code .macro NAME ...}). */
  private static Set<String> macros(String[] written) {
    Set<String> names = new HashSet<>();
    for (String line : written) {
      Matcher m = MACRO.matcher(line);
      if (m.matches()) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** A source line as a reader recognises it: its code, and the macro it uses. */
  private static String shown(String line, Set<String> macros) {
    String code = stripComments(line).strip().replaceAll("\\s+", " ");
    String first = code.split("[\\s,]", 2)[0];
    return macros.contains(first) ? code + " (macro " + first + ")" : code;
  }

  /** An instruction line of the listing without its {@code ; address: bytes} comment. */
  private static String code(String line) {
    int comment = line.indexOf(';');
    return (comment < 0 ? line : line.substring(0, comment)).strip().replaceAll("\\s+", " ");
  }

  /** A source line without its comment ({@code //}, {@code ;}, {@code /*}). */
  private static String stripComments(String line) {
    String s = line.replaceAll("/\\*.*?\\*/", " ");
    int cut = s.length();
    for (String start : new String[] {"//", ";", "/*"}) {
      int at = s.indexOf(start);
      cut = at < 0 ? cut : Math.min(cut, at);
    }
    return s.substring(0, cut);
  }

  /** The 1-based line of the first directive {@code name} in the source, or -1. */
  private static int firstLine(String[] written, String name) {
    for (int i = 0; i < written.length; i++) {
      if (written[i].strip().equals(name) || written[i].strip().startsWith(name + " ")) {
        return i + 1;
      }
    }
    return -1;
  }
}

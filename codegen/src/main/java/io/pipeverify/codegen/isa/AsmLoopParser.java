package io.pipeverify.codegen.isa;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the loop of an AMDGPU assembly listing (as clang prints it with {@code -S}) and classifies
 * its instructions. A loop is a label and a later branch ({@code s_branch} or {@code s_cbranch_*})
 * back to it; when there are several, the one with the most {@code v_mfma} wins (the GEMM main
 * loop). The body must be one straight block for the listing order to be the execution order, which
 * holds for the emitted kernels: their loop body has no branches.
 */
public final class AsmLoopParser {
  private static final Pattern LABEL = Pattern.compile("^([.\\w$]+):");
  private static final Pattern BRANCH =
      Pattern.compile("^\\s*(s_branch|s_cbranch_\\w+)\\s+([.\\w$]+)");
  private static final Pattern SCHED_BARRIER =
      Pattern.compile(";\\s*sched_barrier mask\\((0x[0-9a-fA-F]+|\\d+)\\)");
  private static final Pattern VMCNT = Pattern.compile("\\bvmcnt\\((\\d+)\\)");
  private static final Pattern LGKMCNT = Pattern.compile("\\blgkmcnt\\((\\d+)\\)");

  private AsmLoopParser() {}

  /** The main loop of {@code asm}, or empty when the listing has no loop. */
  public static Optional<AsmLoop> findLoop(String asm) {
    String[] lines = asm.split("\n", -1);
    Map<String, Integer> labels = new HashMap<>();
    AsmLoop best = null;
    for (int i = 0; i < lines.length; i++) {
      Matcher label = LABEL.matcher(lines[i]);
      if (label.find()) {
        labels.put(label.group(1), i);
        continue;
      }
      Matcher branch = BRANCH.matcher(stripComment(lines[i]));
      if (branch.find()) {
        Integer target = labels.get(branch.group(2));
        if (target != null) {
          AsmLoop loop =
              new AsmLoop(branch.group(2), target + 1, i + 1, classify(lines, target + 1, i));
          if (best == null
              || loop.count(AsmInstruction.Kind.MFMA) > best.count(AsmInstruction.Kind.MFMA)) {
            best = loop;
          }
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** The tracked instructions of lines {@code [from, to)} (0-based indices). */
  static List<AsmInstruction> classify(String[] lines, int from, int to) {
    List<AsmInstruction> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      classify(lines[i], i + 1).ifPresent(out::add);
    }
    return out;
  }

  /** One line as a tracked instruction, if it is one. */
  public static Optional<AsmInstruction> classify(String raw, int lineNumber) {
    Matcher sb = SCHED_BARRIER.matcher(raw);
    if (sb.find()) {
      return Optional.of(
          instruction(
              lineNumber, AsmInstruction.Kind.SCHED_BARRIER, raw, Long.decode(sb.group(1))));
    }
    String text = stripComment(raw).trim();
    if (text.isEmpty() || text.startsWith(".")) {
      return Optional.empty();
    }
    String mnemonic = text.split("\\s+", 2)[0];
    List<String> operands = List.of(text.substring(mnemonic.length()).trim().split("\\s*[, ]\\s*"));
    if (mnemonic.startsWith("buffer_load_") && operands.contains("lds")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.G2S, text, 0));
    }
    if (mnemonic.startsWith("buffer_")
        || mnemonic.startsWith("global_")
        || mnemonic.startsWith("flat_")
        || mnemonic.startsWith("scratch_")
        || mnemonic.startsWith("tbuffer_")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.OTHER_VMEM, text, 0));
    }
    if (mnemonic.startsWith("ds_read") || mnemonic.startsWith("ds_load")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.DS_READ, text, 0));
    }
    if (mnemonic.startsWith("ds_")
        || mnemonic.startsWith("s_load_")
        || mnemonic.startsWith("s_buffer_load_")
        || mnemonic.startsWith("s_sendmsg")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.OTHER_LGKM, text, 0));
    }
    if (mnemonic.startsWith("v_mfma")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.MFMA, text, 0));
    }
    if (mnemonic.equals("s_barrier")) {
      return Optional.of(instruction(lineNumber, AsmInstruction.Kind.BARRIER, text, 0));
    }
    if (mnemonic.equals("s_setprio")) {
      return Optional.of(
          instruction(lineNumber, AsmInstruction.Kind.SETPRIO, text, Long.decode(operands.get(0))));
    }
    if (mnemonic.equals("s_waitcnt")) {
      OptionalInt vm = counter(VMCNT, text);
      OptionalInt lgkm = counter(LGKMCNT, text);
      if (vm.isEmpty() && lgkm.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(
          new AsmInstruction(lineNumber, AsmInstruction.Kind.WAIT, text, vm, lgkm, 0));
    }
    return Optional.empty();
  }

  private static AsmInstruction instruction(
      int line, AsmInstruction.Kind kind, String text, long value) {
    return new AsmInstruction(
        line, kind, text.trim(), OptionalInt.empty(), OptionalInt.empty(), value);
  }

  private static OptionalInt counter(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
  }

  private static String stripComment(String line) {
    int semi = line.indexOf(';');
    return semi < 0 ? line : line.substring(0, semi);
  }
}

package io.pipeverify.isa.tools;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The long branch of hand-written and generated kernels (Tensile, clang's branch relaxation): a
 * jump further than the 16-bit offset of {@code s_branch} reaches, written as {@code s_getpc_b64
 * s[a:b]} (the address after it), constant adds or subtracts on {@code sa} and {@code sb} ({@code
 * s_add_i32 s76, 0x13f0, 4; s_add_u32 s74, s74, s76; s_addc_u32 s75, s75, 0}, or {@code
 * s_sub_u32}/{@code s_subb_u32}), then {@code s_setpc_b64 s[a:b]}: a jump to a constant address.
 *
 * <p>The values are followed through one straight run of a disassembly (every value is forgotten at
 * a label, a branch or an instruction this class does not evaluate that writes the register), so a
 * target is found only where it is a constant on every path to the jump. A jump whose address is
 * not such a constant stays as it is, and the lift reports it at its line.
 */
final class LongBranch {
  private LongBranch() {}

  private static final Pattern CODE = Pattern.compile("^\\s*([a-z][a-z0-9_]*)\\s*(.*)$");
  private static final Pattern SGPR = Pattern.compile("s(\\d+)");
  private static final Pattern PAIR = Pattern.compile("s\\[(\\d+):(\\d+)\\]");
  private static final long MASK = 0xFFFF_FFFFL;

  /** The constant target address of every {@code s_setpc_b64} line with one, by line index. */
  static Map<Integer, Long> targets(String[] lines, String[] function) {
    Map<Integer, Long> targets = new HashMap<>();
    Map<Integer, Long> sgprs = new HashMap<>();
    // The carry (or borrow) of the last s_add_u32 (s_sub_u32), for s_addc_u32 (s_subb_u32).
    Long carry = null;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      boolean instruction = line.startsWith("\t") && function[i] != null;
      if (!instruction) {
        if (!line.isBlank() && !line.strip().startsWith(";")) {
          // A symbol or label: a path may join here with other values.
          sgprs.clear();
          carry = null;
        }
        continue;
      }
      int comment = line.indexOf("//");
      Matcher m = CODE.matcher(comment < 0 ? line : line.substring(0, comment));
      if (!m.matches()) {
        sgprs.clear();
        continue;
      }
      String op = m.group(1);
      String[] args = m.group(2).isBlank() ? new String[0] : m.group(2).strip().split("\\s*,\\s*");
      Optional<Integer> dst = args.length > 0 ? sgpr(args[0]) : Optional.empty();
      switch (op) {
        case "s_getpc_b64" -> {
          OptionalLong at = CodeObjectDisassembler.address(line);
          Matcher pair = args.length == 1 ? PAIR.matcher(args[0]) : null;
          if (at.isPresent() && pair != null && pair.matches()) {
            long pc = at.getAsLong() + 4;
            sgprs.put(Integer.parseInt(pair.group(1)), pc & MASK);
            sgprs.put(Integer.parseInt(pair.group(2)), pc >>> 32);
          } else {
            sgprs.clear();
          }
        }
        case "s_mov_b32" -> put(sgprs, dst, value(sgprs, args, 1));
        case "s_add_i32", "s_add_u32", "s_sub_i32", "s_sub_u32" -> {
          OptionalLong a = value(sgprs, args, 1);
          OptionalLong b = value(sgprs, args, 2);
          boolean add = op.startsWith("s_add");
          if (a.isPresent() && b.isPresent()) {
            long x = a.getAsLong() & MASK;
            long y = b.getAsLong() & MASK;
            long r = add ? x + y : x - y;
            carry = add ? (r >>> 32) & 1 : (x < y ? 1L : 0L);
            put(sgprs, dst, OptionalLong.of(r & MASK));
          } else {
            carry = null;
            put(sgprs, dst, OptionalLong.empty());
          }
        }
        case "s_addc_u32", "s_subb_u32" -> {
          OptionalLong a = value(sgprs, args, 1);
          OptionalLong b = value(sgprs, args, 2);
          if (a.isPresent() && b.isPresent() && carry != null) {
            long r =
                op.equals("s_addc_u32")
                    ? a.getAsLong() + b.getAsLong() + carry
                    : a.getAsLong() - b.getAsLong() - carry;
            put(sgprs, dst, OptionalLong.of(r & MASK));
          } else {
            put(sgprs, dst, OptionalLong.empty());
          }
          carry = null;
        }
        case "s_setpc_b64" -> {
          Matcher pair = args.length == 1 ? PAIR.matcher(args[0]) : null;
          if (pair != null && pair.matches()) {
            Long lo = sgprs.get(Integer.parseInt(pair.group(1)));
            Long hi = sgprs.get(Integer.parseInt(pair.group(2)));
            if (lo != null && hi != null) {
              targets.put(i, hi << 32 | lo);
            }
          }
          sgprs.clear();
          carry = null;
        }
        default -> {
          // An instruction this class does not evaluate may write any register it names (a VALU
          // instruction too: v_readfirstlane_b32, a VOP3 compare's SGPR pair) and SCC; a branch
          // ends the straight run.
          if (op.contains("branch")) {
            sgprs.clear();
          } else {
            forget(sgprs, args);
          }
          carry = null;
        }
      }
    }
    return targets;
  }

  private static Optional<Integer> sgpr(String operand) {
    Matcher m = SGPR.matcher(operand);
    return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }

  private static void put(Map<Integer, Long> sgprs, Optional<Integer> dst, OptionalLong v) {
    if (dst.isEmpty()) {
      return;
    }
    if (v.isPresent()) {
      sgprs.put(dst.get(), v.getAsLong() & MASK);
    } else {
      sgprs.remove(dst.get());
    }
  }

  /** Forgets every SGPR an operand names (a single register or a range). */
  private static void forget(Map<Integer, Long> sgprs, String[] args) {
    for (String a : args) {
      Matcher one = SGPR.matcher(a);
      Matcher pair = PAIR.matcher(a);
      if (one.matches()) {
        sgprs.remove(Integer.parseInt(one.group(1)));
      } else if (pair.matches()) {
        for (int r = Integer.parseInt(pair.group(1)); r <= Integer.parseInt(pair.group(2)); r++) {
          sgprs.remove(r);
        }
      }
    }
  }

  /** Operand {@code k}: a known SGPR's value or an integer constant; empty otherwise. */
  private static OptionalLong value(Map<Integer, Long> sgprs, String[] args, int k) {
    if (k >= args.length) {
      return OptionalLong.empty();
    }
    String a = args[k].strip();
    Optional<Integer> r = sgpr(a);
    if (r.isPresent()) {
      Long v = sgprs.get(r.get());
      return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }
    try {
      boolean negative = a.startsWith("-");
      String digits = negative ? a.substring(1) : a;
      long v =
          digits.startsWith("0x") || digits.startsWith("0X")
              ? Long.parseLong(digits.substring(2), 16)
              : Long.parseLong(digits);
      return OptionalLong.of((negative ? -v : v) & MASK);
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }
}

package io.pipeverify.isa.decode;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses one operand as the AMDGPU assembler prints it. */
public final class OperandParser {
  private OperandParser() {}

  private static final Pattern REGISTER = Pattern.compile("([sva])(\\d+)");
  private static final Pattern RANGE = Pattern.compile("([sva])\\[(\\d+):(\\d+)\\]");
  private static final Pattern INTEGER = Pattern.compile("-?(0x[0-9a-fA-F]+|\\d+)");
  private static final Pattern FLOAT = Pattern.compile("-?\\d+\\.\\d*(e[-+]?\\d+)?");
  private static final Pattern SYMBOL = Pattern.compile("[.\\w$][\\w.$@]*([-+][\\w.$@]+)*");
  private static final Pattern TTMP = Pattern.compile("ttmp(\\d+|\\[\\d+:\\d+\\])");
  private static final Set<String> SPECIALS =
      Set.of(
          "m0",
          "exec",
          "exec_lo",
          "exec_hi",
          "vcc",
          "vcc_lo",
          "vcc_hi",
          "scc",
          "vccz",
          "execz",
          "flat_scratch",
          "flat_scratch_lo",
          "flat_scratch_hi",
          "xnack_mask",
          "xnack_mask_lo",
          "xnack_mask_hi",
          "src_shared_base",
          "src_shared_limit",
          "src_private_base",
          "src_private_limit",
          "src_pops_exiting_wave_id",
          "src_lds_direct",
          "lds_direct");

  static Operand parse(String text, Location at) throws AsmSyntaxException {
    String t = text.strip();
    if (t.startsWith("gpr_idx(") && t.endsWith(")")) {
      return gprIdx(t.substring("gpr_idx(".length(), t.length() - 1), t, at);
    }
    if (t.startsWith("hwreg(") && t.endsWith(")")) {
      return hwReg(t.substring("hwreg(".length(), t.length() - 1), t, at);
    }
    if (t.startsWith("sendmsg(") && t.endsWith(")")) {
      // A message by name and fields (s_sendmsg): the lift reads no value from it, so it is kept
      // as written.
      return new Operand.Symbol(t);
    }
    if (t.length() > 2 && t.startsWith("|") && t.endsWith("|")) {
      return modified(parse(t.substring(1, t.length() - 1), at), false, true);
    }
    if (t.startsWith("abs(") && t.endsWith(")")) {
      return modified(parse(t.substring(4, t.length() - 1), at), false, true);
    }
    if (t.startsWith("neg(") && t.endsWith(")")) {
      return modified(parse(t.substring(4, t.length() - 1), at), true, false);
    }
    if (t.startsWith("-") && t.length() > 1 && !Character.isDigit(t.charAt(1))) {
      return modified(parse(t.substring(1), at), true, false);
    }
    Matcher m = REGISTER.matcher(t);
    if (m.matches()) {
      return new Operand.Register(
          Operand.RegisterFile.of(m.group(1).charAt(0)), Integer.parseInt(m.group(2)), 1);
    }
    m = RANGE.matcher(t);
    if (m.matches()) {
      int first = Integer.parseInt(m.group(2));
      int last = Integer.parseInt(m.group(3));
      if (last < first) {
        throw new AsmSyntaxException(at, "register range " + t + " ends before it starts");
      }
      return new Operand.Register(
          Operand.RegisterFile.of(m.group(1).charAt(0)), first, last - first + 1);
    }
    if (SPECIALS.contains(t) || TTMP.matcher(t).matches()) {
      return new Operand.Special(t);
    }
    if (t.equals("off")) {
      return new Operand.Off();
    }
    Optional<Long> n = integer(t);
    if (n.isPresent()) {
      return new Operand.Immediate(n.get());
    }
    if (FLOAT.matcher(t).matches()) {
      return new Operand.FloatImmediate(Double.parseDouble(t));
    }
    if (SYMBOL.matcher(t).matches()) {
      return new Operand.Symbol(t);
    }
    throw new AsmSyntaxException(
        at,
        "unrecognised operand '"
            + t
            + "' (expected a register such as s5, v[4:7], m0, vcc, an integer, a float or a"
            + " label)");
  }

  /** {@code gpr_idx(SRC0,DST)}: the listed operand kinds, each at most once, in any order. */
  private static Operand gprIdx(String list, String t, Location at) throws AsmSyntaxException {
    int mask = 0;
    for (String kind : list.split(",", -1)) {
      int k = Operand.GprIdx.KINDS.indexOf(kind.strip().toUpperCase(java.util.Locale.ROOT));
      if (list.isBlank()) {
        break;
      }
      if (k < 0 || (mask & (1 << k)) != 0) {
        throw new AsmSyntaxException(
            at,
            "bad VGPR index mode '" + t + "' (expected gpr_idx(SRC0,SRC1,SRC2,DST) or a subset)");
      }
      mask |= 1 << k;
    }
    return new Operand.GprIdx(mask);
  }

  /**
   * {@code hwreg(HW_REG_MODE, 0, 4)}, {@code hwreg(HW_REG_HW_ID)} (the whole register) or {@code
   * hwreg(1, 0, 4)} (by number, as objdump prints an id it has no name for).
   */
  private static Operand hwReg(String fields, String t, Location at) throws AsmSyntaxException {
    String[] f = fields.split(",", -1);
    Optional<Long> id = integer(f[0].strip());
    Optional<Long> offset = f.length == 3 ? integer(f[1].strip()) : Optional.of(0L);
    Optional<Long> size = f.length == 3 ? integer(f[2].strip()) : Optional.of(32L);
    boolean named = HW_REG_NAME.matcher(f[0].strip()).matches();
    if ((f.length != 1 && f.length != 3)
        || (!named && (id.isEmpty() || id.get() < 0 || id.get() > 63))
        || offset.isEmpty()
        || size.isEmpty()
        || offset.get() < 0
        || size.get() < 1
        || offset.get() + size.get() > 32) {
      throw new AsmSyntaxException(
          at,
          "bad hardware register field '"
              + t
              + "' (expected hwreg(NAME) or hwreg(NAME or id 0-63, offset, size) within 32 bits)");
    }
    int first = offset.get().intValue();
    int bits = size.get().intValue();
    return named
        ? new Operand.HwReg(f[0].strip(), first, bits)
        : Operand.HwReg.numbered(id.get().intValue(), first, bits);
  }

  private static final Pattern HW_REG_NAME = Pattern.compile("HW_REG_\\w+");

  private static Operand modified(Operand inner, boolean neg, boolean abs) {
    if (inner instanceof Operand.Modified m) {
      return new Operand.Modified(m.inner(), neg || m.neg(), abs || m.abs());
    }
    return new Operand.Modified(inner, neg, abs);
  }

  /**
   * A decimal or hex integer, optionally negative, as assembly writes it; empty when {@code t} is
   * not one. Also what the CLI's {@code --arg NAME=VALUE} takes.
   */
  public static Optional<Long> integer(String t) {
    if (!INTEGER.matcher(t).matches()) {
      return Optional.empty();
    }
    boolean negative = t.startsWith("-");
    String digits = negative ? t.substring(1) : t;
    try {
      long v =
          digits.startsWith("0x")
              ? Long.parseUnsignedLong(digits.substring(2), 16)
              : Long.parseLong(digits);
      return Optional.of(negative ? -v : v);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}

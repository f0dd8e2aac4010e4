package io.pipeverify.isa.semantics;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionInfo;
import io.pipeverify.isa.decode.InstructionInfo.Effect;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import io.pipeverify.isa.decode.Operand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Scalar and vector ALU instructions whose sources hold symbols ({@link Symbols}): what they write
 * is the interned term of the instruction and its source values, so a value computed from the
 * launch's unknowns keeps a name that is the same in every wave that computes it the same way. The
 * per-instruction semantic functions only ever see known values and {@link WaveState#UNKNOWN}: an
 * instruction with a symbol among its sources is executed here instead (a source that is the opaque
 * unknown makes what it writes unknown, as in the semantic functions).
 *
 * <p>Copies ({@code s_mov}, {@code v_mov}, AGPR moves, {@code v_readfirstlane}) pass a symbol on
 * unchanged. A lane mask a vector compare writes from symbols (to VCC or an SGPR pair) is a term of
 * the compare and the active lanes' sources: when every active lane compares the same values (a
 * uniform condition) that is one term per half, the same in every wave with the same EXEC.
 */
final class SymbolicAlu {
  private SymbolicAlu() {}

  /** Scalar instructions whose destination is also their first source. */
  static final Set<String> READS_DESTINATION =
      Set.of("s_addk_i32", "s_mulk_i32", "s_bitset0_b32", "s_bitset1_b32");

  private static final Set<String> COPIES =
      Set.of(
          "s_mov_b32",
          "v_mov_b32",
          "v_accvgpr_write_b32",
          "v_accvgpr_read_b32",
          "v_accvgpr_mov_b32");

  /**
   * Executes {@code i} if a source holds a symbol; false (nothing done) otherwise, for the semantic
   * functions to run.
   */
  static boolean execute(WaveState s, Instruction i, InstructionInfo info) {
    String op = i.opcode();
    boolean scalar = op.startsWith("s_");
    Family family = info.family();
    if ((family != Family.SALU && family != Family.VALU)
        || !(op.startsWith("s_") || op.startsWith("v_"))) {
      return false;
    }
    if (info.has(Effect.WRITES_MODE)) {
      // s_setreg writes no register, and ModeRegister reads a symbol in its source as unknown.
      return false;
    }
    int defs = info.defs();
    if (scalar) {
      return scalar(s, i, info, defs);
    }
    return vector(s, i, info, defs);
  }

  // ---------------------------------------------------------------- scalar

  private static boolean scalar(WaveState s, Instruction i, InstructionInfo info, int defs) {
    boolean readsScc = info.has(Effect.READS_SCC);
    Operand[] words = sourceWords(i, defs);
    if (READS_DESTINATION.contains(i.opcode()) && defs == 1) {
      // SOPK arithmetic and the bit sets read their destination first (s_addk_i32 s40, 1 is
      // s40 = s40 + 1): a symbol there is a source like any other.
      Operand[] withOld = new Operand[words.length + 1];
      withOld[0] = i.operand(0);
      System.arraycopy(words, 0, withOld, 1, words.length);
      words = withOld;
    }
    long[] sources = values(s, words, 0, readsScc ? 1 : 0);
    if (readsScc) {
      sources[words.length] = s.scc();
    }
    if (!hasSymbol(sources)) {
      return false;
    }
    Symbols sym = s.symbols();
    boolean unknown = contains(sources, WaveState.UNKNOWN);
    String op = i.opcode();
    if (defs == 0) {
      // A compare: only SCC.
      s.setSccValue(unknown ? WaveState.UNKNOWN : compare(sym, op, sources));
      return true;
    }
    if (op.equals("s_cmov_b32") && sources.length == 2) {
      // SCC ? src : the old value, as the select it is (the solver reads it so); the old value is
      // no source operand, so it is read here.
      long before = s.read(i.operand(0), 0);
      s.writeValue(
          i.operand(0),
          0,
          unknown || before == WaveState.UNKNOWN
              ? WaveState.UNKNOWN
              : sym.of("s_cselect_b32", sources[0], before, sources[1]));
      return true;
    }
    if (op.equals("s_cselect_b32") && (s.scc() == 0 || s.scc() == 1)) {
      // A known SCC picks one operand, symbol or not.
      s.writeValue(i.operand(0), 0, s.read(i.operand(s.scc() == 1 ? 1 : 2), 0));
      return true;
    }
    if (op.equals("s_mov_b64") && !unknown) {
      s.writePairValue(i.operand(0), 0, sources[0], sources[1]);
      return true;
    }
    for (int d = 0; d < defs; d++) {
      List<Operand> dst = words(i.operand(d));
      for (int w = 0; w < dst.size(); w++) {
        long v;
        if (unknown) {
          v = WaveState.UNKNOWN;
        } else if (COPIES.contains(op) && sources.length == 1) {
          v = sources[0];
        } else {
          v = term(sym, op + part(d, w, dst.size()), sources);
        }
        s.writeValue(dst.get(w), 0, v);
      }
    }
    if (info.has(Effect.WRITES_SCC)) {
      s.setSccValue(unknown ? WaveState.UNKNOWN : sym.of(op + "#scc", sources));
    }
    if (info.has(Effect.WRITES_EXEC)) {
      s.setExec(OptionalLong.empty());
    }
    return true;
  }

  /**
   * The symbol of a scalar compare, in one form for the forms that test the same thing: equality
   * ({@code s_cmp_eq_u32}, {@code _i32}, either operand order) as one term, inequality ({@code lg})
   * as its negation, so that two branches on the same question are one decision.
   */
  private static long compare(Symbols sym, String op, long[] sources) {
    java.util.regex.Matcher m = EQUALITY.matcher(op);
    if (!m.matches() || sources.length != 2) {
      return sym.of(op, sources);
    }
    long a = Math.min(sources[0], sources[1]);
    long b = Math.max(sources[0], sources[1]);
    long eq = sym.of("s_cmp_eq_b" + m.group(2), a, b);
    return m.group(1).equals("eq") ? eq : sym.not(eq);
  }

  private static final java.util.regex.Pattern EQUALITY =
      java.util.regex.Pattern.compile("s_cmp_(eq|lg)_[iu](32|64)");

  // ---------------------------------------------------------------- vector

  private static boolean vector(WaveState s, Instruction i, InstructionInfo info, int defs) {
    OptionalLong exec = s.exec();
    if (exec.isEmpty()) {
      return underSymbolicExec(s, i, info, defs);
    }
    boolean readsVcc = info.has(Effect.READS_VCC) && !explicitMask(i, defs);
    if (!anySymbol(s, i, defs, readsVcc, exec.getAsLong())) {
      return false; // the usual case, found without a list per lane
    }
    long mask = exec.getAsLong();
    Operand[] words = sourceWords(i, defs);
    long[][] lanes = new long[WaveState.LANES][];
    boolean symbol = false;
    for (int lane = 0; lane < WaveState.LANES; lane++) {
      if (((mask >>> lane) & 1) == 0) {
        continue;
      }
      long[] src = values(s, words, lane, readsVcc ? 2 : 0);
      if (readsVcc) {
        src[words.length] = s.read(Operand.Special.VCC_LO, lane);
        src[words.length + 1] = s.read(Operand.Special.VCC_HI, lane);
      }
      symbol |= hasSymbol(src);
      lanes[lane] = src;
    }
    if (!symbol) {
      return false;
    }
    Symbols sym = s.symbols();
    String op = i.opcode();
    for (int d = 0; d < defs; d++) {
      Operand dst = i.operand(d);
      if (isMask(dst)) {
        long[] halves = mask(sym, op, d, lanes, mask);
        s.writePairValue(dst, 0, halves[0], halves[1]);
      } else if (dst instanceof Operand.Register r && r.file() == Operand.RegisterFile.SGPR) {
        s.writeValue(dst, 0, scalarResult(sym, i, d, lanes, mask));
      } else {
        List<Operand> dstWords = words(dst);
        // The term names of the destination's words, made once for every lane.
        String[] names = new String[dstWords.size()];
        for (int w = 0; w < dstWords.size(); w++) {
          names[w] = op + part(d, w, dstWords.size());
        }
        boolean copy = COPIES.contains(op);
        // A lane whose sources are the last lane's gets its words (scalar sources: every lane).
        long[] lastSrc = null;
        long[] lastWords = new long[dstWords.size()];
        for (int lane = 0; lane < WaveState.LANES; lane++) {
          long[] src = lanes[lane];
          if (src == null) {
            continue;
          }
          boolean again = java.util.Arrays.equals(src, lastSrc);
          boolean unknown = !again && contains(src, WaveState.UNKNOWN);
          boolean passedOn = copy && src.length == 1;
          for (int w = 0; w < dstWords.size(); w++) {
            long v;
            if (again) {
              v = lastWords[w];
            } else if (unknown) {
              v = WaveState.UNKNOWN;
            } else if (passedOn) {
              v = src[0];
            } else {
              v = term(sym, names[w], src);
            }
            lastWords[w] = v;
            s.writeValue(dstWords.get(w), lane, v);
          }
          lastSrc = src;
        }
      }
    }
    return true;
  }

  /**
   * A VALU instruction writing one VGPR range while EXEC is a symbol (a {@code v_cmpx} of symbols:
   * the remainder correction of hipBLASLt's split-K division, {@code v_cmpx_eq_u32 exec, v1, s50;
   * v_add_u32 v0, 1, v0}): each lane's word is the term "the lane's EXEC bit ? the value written :
   * the value before", a known bit choosing directly. The value written is computed as if every
   * lane were active. False (nothing done) for any other instruction, or when EXEC is the opaque
   * unknown: the semantic functions then make what it writes unknown.
   */
  private static boolean underSymbolicExec(
      WaveState s, Instruction i, InstructionInfo info, int defs) {
    long lo = s.read(Operand.Special.EXEC_LO, 0);
    long hi = s.read(Operand.Special.EXEC_HI, 0);
    if (lo == WaveState.UNKNOWN
        || hi == WaveState.UNKNOWN
        || defs != 1
        || !(i.operand(0) instanceof Operand.Register r)
        || r.file() != Operand.RegisterFile.VGPR
        || info.has(Effect.WRITES_VCC)
        || info.has(Effect.WRITES_EXEC)) {
      return false;
    }
    WaveState all = s.copy();
    all.setExec(OptionalLong.of(-1L));
    Semantics.execute(all, i, Optional.of(info));
    Symbols sym = s.symbols();
    for (Operand word : words(r)) {
      for (int lane = 0; lane < WaveState.LANES; lane++) {
        long half = lane < 32 ? lo : hi;
        long written = all.read(word, lane);
        long before = s.read(word, lane);
        long v;
        if (!Symbols.isSymbol(half)) {
          v = ((half >>> (lane & 31)) & 1) != 0 ? written : before;
        } else if (written == before) {
          v = before;
        } else if (written == WaveState.UNKNOWN || before == WaveState.UNKNOWN) {
          v = WaveState.UNKNOWN;
        } else {
          v = sym.of("exec_select", half, lane & 31, written, before);
        }
        s.writeValue(word, lane, v);
      }
    }
    return true;
  }

  private static final Set<String> SUBTRACTS = Set.of("s_sub_u32", "s_sub_i32", "v_sub_u32");

  /** The 32-bit sums (the result word: a carry-out goes elsewhere) a subtraction looks through. */
  private static final Set<String> ADDS =
      Set.of("s_add_u32", "s_add_i32", "v_add_u32", "v_add_co_u32", "v_add3_u32");

  /**
   * How many addends a subtraction looks through for its subtrahend: an epilogue's coordinate grows
   * by one per row ({@code v_add_co_u32 v1, vcc, v1, 1}), a chain of a few hundred sums; a sum
   * built of itself ({@code x + x}) doubles per level, which this bounds.
   */
  private static final int MAX_ADDENDS = 1024;

  /**
   * The term {@code name(sources)}, with {@code (a + b) - a} as {@code b} (32-bit arithmetic wraps
   * the same way): hipBLASLt's epilogue takes a lane's row back out of its global index, {@code
   * v_sub_u32 v11, v0, s70} with {@code v0 = 256 * wg + row} and {@code s70 = 256 * wg}, and the
   * row, a number, is its LDS address. The subtrahend is looked for among the addends of nested
   * sums too: the next column's bias is read at {@code ((wg * 128 + row) + 1) - wg * 128}, which is
   * {@code row + 1} (known addends are added up).
   */
  private static long term(Symbols sym, String name, long[] sources) {
    if (SUBTRACTS.contains(name)
        && sources.length == 2
        && Symbols.isSymbol(sources[0])
        && ADDS.contains(sym.op(sources[0]))) {
      List<Long> addends = new ArrayList<>();
      boolean all = addendsOf(sym, sources[0], sources[1], addends);
      int at = addends.indexOf(sources[1]);
      if (all && addends.size() > 1 && at >= 0) {
        addends.remove(at);
        return sum(sym, name.startsWith("s_") ? "s_add_u32" : "v_add_u32", addends);
      }
    }
    return sym.of(name, sources);
  }

  /**
   * The addends of {@code v} into {@code out}: itself, or those of each operand of a sum; {@code
   * whole} (the subtrahend) is one addend even where it is a sum. False when there are more than
   * {@link #MAX_ADDENDS}.
   */
  private static boolean addendsOf(Symbols sym, long v, long whole, List<Long> out) {
    if (v != whole && Symbols.isSymbol(v) && ADDS.contains(sym.op(v))) {
      for (long o : sym.operands(v)) {
        if (!addendsOf(sym, o, whole, out)) {
          return false;
        }
      }
      return true;
    }
    out.add(v);
    return out.size() <= MAX_ADDENDS;
  }

  /**
   * The sum of {@code addends}: the known ones added up (mod 2^32), the symbols as nested {@code
   * add} terms in order; a single addend is itself.
   */
  private static long sum(Symbols sym, String add, List<Long> addends) {
    long known = 0;
    long total = WaveState.UNKNOWN;
    for (long a : addends) {
      if (Symbols.isSymbol(a)) {
        total = total == WaveState.UNKNOWN ? a : sym.of(add, total, a);
      } else {
        known = (known + a) & 0xFFFFFFFFL;
      }
    }
    if (total == WaveState.UNKNOWN) {
      return known;
    }
    return known != 0 ? sym.of(add, total, known) : total;
  }

  /** A VALU result in an SGPR: v_readfirstlane / v_readlane pass the lane's value on. */
  private static long scalarResult(Symbols sym, Instruction i, int d, long[][] lanes, long exec) {
    String op = i.opcode();
    int lane = -1;
    if (op.equals("v_readfirstlane_b32")) {
      lane = exec == 0 ? 0 : Long.numberOfTrailingZeros(exec);
    }
    long[] src = lane >= 0 ? lanes[lane] : null;
    if (src != null && src.length == 1) {
      return src[0];
    }
    long[] all = concat(lanes, 0);
    return contains(all, WaveState.UNKNOWN) ? WaveState.UNKNOWN : sym.of(op + part(d, 0, 1), all);
  }

  /**
   * The two halves of a lane mask written from symbols: a term of the compare and the sources of
   * its active lanes (of one lane's sources when all lanes compare the same values).
   */
  private static long[] mask(Symbols sym, String op, int d, long[][] lanes, long exec) {
    long[] first = null;
    boolean uniform = true;
    for (long[] l : lanes) {
      if (l == null) {
        continue;
      }
      if (contains(l, WaveState.UNKNOWN)) {
        return new long[] {WaveState.UNKNOWN, WaveState.UNKNOWN};
      }
      if (first == null) {
        first = l;
      }
      uniform &= java.util.Arrays.equals(l, first);
    }
    long[] terms;
    if (uniform && first != null) {
      terms = java.util.Arrays.copyOf(first, first.length + 2);
    } else {
      terms = concat(lanes, 2);
    }
    // EXEC as two 32-bit halves: a term's operand that is negative names a symbol, and a full
    // EXEC (-1 as 64 bits) once named the first symbol of the launch.
    terms[terms.length - 2] = exec & 0xFFFFFFFFL;
    terms[terms.length - 1] = exec >>> 32;
    return new long[] {
      sym.of(op + part(d, 0, 2) + "#mask", terms), sym.of(op + part(d, 1, 2) + "#mask", terms)
    };
  }

  /** The active lanes' sources one after the other, and {@code extra} free places at the end. */
  private static long[] concat(long[][] lanes, int extra) {
    int n = extra;
    for (long[] l : lanes) {
      n += l == null ? 0 : l.length;
    }
    long[] out = new long[n];
    int at = 0;
    for (long[] l : lanes) {
      if (l != null) {
        System.arraycopy(l, 0, out, at, l.length);
        at += l.length;
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- operands

  /**
   * The 32-bit words of the source operands (after the {@code defs} destinations), in order; null
   * for an operand with an input modifier or a symbol (an unknown value).
   */
  private static Operand[] sourceWords(Instruction i, int defs) {
    List<Operand> out = new ArrayList<>();
    for (int k = defs; k < i.operands().size(); k++) {
      Operand o = i.operand(k);
      if (o instanceof Operand.Modified || o instanceof Operand.Symbol) {
        out.add(null);
      } else {
        out.addAll(words(o));
      }
    }
    return out.toArray(new Operand[0]);
  }

  /** The values of {@code words} in {@code lane}, and {@code extra} free places at the end. */
  private static long[] values(WaveState s, Operand[] words, int lane, int extra) {
    long[] out = new long[words.length + extra];
    for (int k = 0; k < words.length; k++) {
      out[k] = words[k] == null ? WaveState.UNKNOWN : s.read(words[k], lane);
    }
    return out;
  }

  /** The 32-bit registers of an operand: each register of a range, both halves of VCC/EXEC. */
  static List<Operand> words(Operand o) {
    if (o instanceof Operand.Register r && r.count() > 1) {
      List<Operand> out = new ArrayList<>();
      for (int n = r.first(); n <= r.last(); n++) {
        out.add(new Operand.Register(r.file(), n, 1));
      }
      return out;
    }
    if (o instanceof Operand.Special sp && (sp.name().equals("vcc") || sp.name().equals("exec"))) {
      return sp.name().equals("vcc")
          ? List.of(Operand.Special.VCC_LO, Operand.Special.VCC_HI)
          : List.of(Operand.Special.EXEC_LO, Operand.Special.EXEC_HI);
    }
    return List.of(o);
  }

  /** Whether a VALU destination is a lane mask: VCC, EXEC or an SGPR pair. */
  private static boolean isMask(Operand o) {
    return (o instanceof Operand.Special sp
            && (sp.name().equals("vcc") || sp.name().equals("exec")))
        || (o instanceof Operand.Register r
            && r.file() == Operand.RegisterFile.SGPR
            && r.count() == 2);
  }

  /** Whether the VOP3 form names its mask source (v_cndmask's SGPR pair) instead of VCC. */
  private static boolean explicitMask(Instruction i, int defs) {
    for (int k = defs; k < i.operands().size(); k++) {
      if (isMask(i.operand(k))) {
        return true;
      }
    }
    return false;
  }

  /** Whether an active lane's source (or VCC, when read) holds a symbol. */
  private static boolean anySymbol(
      WaveState s, Instruction i, int defs, boolean readsVcc, long exec) {
    for (int k = defs; k < i.operands().size(); k++) {
      Operand o = i.operand(k);
      if (o instanceof Operand.Modified || o instanceof Operand.Symbol) {
        continue;
      }
      if (o instanceof Operand.Register r) {
        if (s.holdsSymbol(r, exec)) {
          return true;
        }
        continue;
      }
      List<Operand> words = words(o);
      for (int lane = 0; lane < WaveState.LANES; lane++) {
        if (((exec >>> lane) & 1) != 0) {
          for (Operand w : words) {
            if (Symbols.isSymbol(s.read(w, lane))) {
              return true;
            }
          }
        }
      }
    }
    if (readsVcc) {
      for (int lane = 0; lane < WaveState.LANES; lane++) {
        if (((exec >>> lane) & 1) != 0
            && (Symbols.isSymbol(s.read(Operand.Special.VCC_LO, lane))
                || Symbols.isSymbol(s.read(Operand.Special.VCC_HI, lane)))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean hasSymbol(long[] values) {
    for (long v : values) {
      if (Symbols.isSymbol(v)) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(long[] values, long value) {
    for (long v : values) {
      if (v == value) {
        return true;
      }
    }
    return false;
  }

  private static String part(int def, int word, int words) {
    return (def == 0 ? "" : "#" + def) + (words == 1 ? "" : "." + word);
  }
}

package io.pipeverify.isa.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The symbolic values of one evaluation of a kernel (all its waves, every launch explored): a value
 * the lift does not know but can name, as a function of the launch's unknowns. A leaf is an unknown
 * of the launch (a kernel argument not given, a workgroup id, a scalar load's memory word); a term
 * is an instruction applied to operand values, interned, so that two waves (or two places in one
 * wave) that compute the same function of the same unknowns get the same symbol. Two branches on
 * one symbol therefore go the same way, in every wave: that is what lets the lift explore a branch
 * on an unknown both ways once for the whole workgroup (docs/isa.md, "Unknown values").
 *
 * <p>Symbols are stored in registers as {@code long}s below zero ({@link #encode}), apart from
 * {@link WaveState#UNKNOWN}: known 32-bit values are never negative, and the opaque unknown (a
 * value the lift cannot name, such as a vector load's data) is {@code Long.MIN_VALUE}.
 */
public final class Symbols {
  /** A term: an operation and its operand values (known values or encoded symbols). */
  private static final class Term {
    private final String op;
    private final long[] operands;
    private final int hash;

    Term(String op, long[] operands, int hash) {
      this.op = op;
      this.operands = operands;
      this.hash = hash;
    }

    boolean is(String op, long[] operands, int hash) {
      return this.hash == hash
          && this.op.equals(op)
          && java.util.Arrays.equals(this.operands, operands);
    }

    /**
     * A well-mixed hash: operands are small numbers and symbols numbered in order, and {@link
     * java.util.Arrays#hashCode(long[])}'s polynomial makes {@code (x + 1, c - 31)} collide with
     * {@code (x, c)}; lane-wise address terms collided by the thousand into one bin.
     */
    static int hash(String op, long[] operands) {
      long h = op.hashCode();
      for (long o : operands) {
        h = (h ^ o) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
      }
      h *= 0xBF58476D1CE4E5B9L;
      return (int) (h ^ (h >>> 32));
    }

    String op() {
      return op;
    }

    List<Long> operands() {
      List<Long> out = new ArrayList<>(operands.length);
      for (long o : operands) {
        out.add(o);
      }
      return out;
    }
  }

  private final List<Term> terms = new ArrayList<>();

  /**
   * The terms' ids by hash, open addressing with linear probing (-1: free), at most half full: the
   * lift looks a term up for every lane of every symbolic instruction, and a map of boxed ids
   * behind a probe object per lookup was a tenth of its time.
   */
  private int[] slots = freeSlots(1 << 12);

  private static int[] freeSlots(int n) {
    int[] s = new int[n];
    java.util.Arrays.fill(s, -1);
    return s;
  }

  /** The symbol of {@code op} applied to {@code operands}, made once. */
  public long of(String op, long... operands) {
    int hash = Term.hash(op, operands);
    int mask = slots.length - 1;
    int at = hash & mask;
    for (int id = slots[at]; id >= 0; id = slots[at]) {
      if (terms.get(id).is(op, operands, hash)) {
        return encode(id);
      }
      at = (at + 1) & mask;
    }
    // A new term keeps a copy of the operands (callers reuse their arrays).
    int id = terms.size();
    terms.add(new Term(op, operands.clone(), hash));
    slots[at] = id;
    if (2 * terms.size() > slots.length) {
      grow();
    }
    return encode(id);
  }

  private void grow() {
    int[] bigger = freeSlots(2 * slots.length);
    int mask = bigger.length - 1;
    for (int id = 0; id < terms.size(); id++) {
      int at = terms.get(id).hash & mask;
      while (bigger[at] >= 0) {
        at = (at + 1) & mask;
      }
      bigger[at] = id;
    }
    slots = bigger;
  }

  /** The symbol {@code v} negates ({@link #not}), if it is a negation. */
  public java.util.Optional<Long> negated(long v) {
    if (!isSymbol(v)) {
      return java.util.Optional.empty();
    }
    Term t = terms.get(decode(v));
    return t.op().equals(NOT)
        ? java.util.Optional.of(t.operands().get(0))
        : java.util.Optional.empty();
  }

  private static final String NOT = "!";

  /** The negation of a symbolic condition; the negation of a negation is the condition. */
  public long not(long v) {
    return negated(v).orElseGet(() -> of(NOT, v));
  }

  /** The operation of symbol {@code v} (a leaf's name for a leaf). */
  public String op(long v) {
    return terms.get(decode(v)).op();
  }

  /** The operand values of symbol {@code v} (none for a leaf): known values, symbols, UNKNOWN. */
  public long[] operands(long v) {
    return terms.get(decode(v)).operands.clone();
  }

  /**
   * The value a register holds after a branch whose sides the lift summarised ({@code at}: the
   * join's block) when they leave it different: {@code x} (the taken side's) or {@code y}, as the
   * branch on {@code condition} went.
   */
  public long join(int at, long condition, long x, long y) {
    return of(JOIN + at, condition, x, y);
  }

  private static final String JOIN = "join@";

  /**
   * The known values {@code v} can be: itself when known, each known value a join's sides leave
   * (joins nest: a switch); empty when any is not known or there are more than {@code max}.
   */
  public java.util.Optional<java.util.SortedSet<Long>> alternatives(long v, int max) {
    java.util.SortedSet<Long> out = new java.util.TreeSet<>();
    java.util.Deque<Long> work = new java.util.ArrayDeque<>(List.of(v));
    while (!work.isEmpty()) {
      long x = work.pop();
      if (isSymbol(x) && op(x).startsWith(JOIN)) {
        long[] sides = operands(x);
        work.push(sides[1]);
        work.push(sides[2]);
      } else if (isSymbol(x) || x == WaveState.UNKNOWN) {
        return java.util.Optional.empty();
      } else {
        out.add(x);
        if (out.size() > max) {
          return java.util.Optional.empty();
        }
      }
    }
    return java.util.Optional.of(out);
  }

  /** A leaf: an unknown of the launch, by name ({@code Kdim}, {@code workgroup_id_x}). */
  public long leaf(String name) {
    return of(name);
  }

  /** Whether {@code v} is a symbol (not a known value, not the opaque unknown). */
  public static boolean isSymbol(long v) {
    return v < 0 && v != WaveState.UNKNOWN;
  }

  private static long encode(int id) {
    return -1L - id;
  }

  private static int decode(long v) {
    return (int) (-1L - v);
  }

  /**
   * A readable rendering of a value for messages: a number, {@code ?} for the opaque unknown, or
   * the symbol's term ({@code s_cmp_lt_i32(64, s_lshr_b32(Kdim, 6))}), shortened past {@code limit}
   * characters.
   */
  public String describe(long v, int limit) {
    StringBuilder out = new StringBuilder();
    describe(v, out, limit);
    return out.length() > limit ? out.substring(0, limit) + "..." : out.toString();
  }

  private void describe(long v, StringBuilder out, int limit) {
    if (out.length() > limit) {
      return;
    }
    if (v == WaveState.UNKNOWN) {
      out.append('?');
    } else if (!isSymbol(v)) {
      out.append(v);
    } else {
      Term t = terms.get(decode(v));
      out.append(t.op());
      if (!t.operands().isEmpty()) {
        out.append('(');
        for (int i = 0; i < t.operands().size(); i++) {
          out.append(i == 0 ? "" : ", ");
          describe(t.operands().get(i), out, limit);
        }
        out.append(')');
      }
    }
  }

  private static final java.util.regex.Pattern COMPARE =
      java.util.regex.Pattern.compile("s_cmpk?_(eq|lg|lt|le|gt|ge)_(i32|u32|b32)");

  /**
   * The truth of a scalar compare of one leaf with a constant ({@code s_cmp_lt_i32(Kdim, 192)})
   * when the leaf's range decides it, the same for every value in the range; empty otherwise
   * (another term, a leaf without a range, a range across the compare's constant). A range ({@code
   * ranges}: name -> {min, max}, or {min1, max1, min2, max2...} for a set of values or intervals,
   * inclusive, in order) decides it when each of its intervals does, the same way.
   */
  public java.util.Optional<Boolean> decide(long v, Map<String, long[]> ranges) {
    if (!isSymbol(v) || ranges.isEmpty()) {
      return java.util.Optional.empty();
    }
    Term t = terms.get(decode(v));
    java.util.regex.Matcher m = COMPARE.matcher(t.op());
    if (!m.matches() || t.operands.length != 2) {
      return java.util.Optional.empty();
    }
    boolean leafFirst = isSymbol(t.operands[0]) && !isSymbol(t.operands[1]);
    long leaf = leafFirst ? t.operands[0] : t.operands[1];
    long constant = leafFirst ? t.operands[1] : t.operands[0];
    if (!isSymbol(leaf) || isSymbol(constant) || constant == WaveState.UNKNOWN) {
      return java.util.Optional.empty();
    }
    Term l = terms.get(decode(leaf));
    long[] range = l.operands.length == 0 ? ranges.get(l.op()) : null;
    if (range == null) {
      return java.util.Optional.empty();
    }
    boolean signed = m.group(2).equals("i32");
    long c = signed ? (int) constant : constant & 0xffffffffL;
    if (!signed && range[0] < 0) {
      return java.util.Optional.empty();
    }
    // Written as leaf REL c: a constant first swaps the relation (c < x is x > c).
    String rel = leafFirst ? m.group(1) : swapped(m.group(1));
    java.util.Optional<Boolean> all = java.util.Optional.empty();
    for (int k = 0; k + 1 < range.length; k += 2) {
      java.util.Optional<Boolean> one = decide(rel, range[k], range[k + 1], c);
      if (one.isEmpty() || (all.isPresent() && !all.equals(one))) {
        return java.util.Optional.empty();
      }
      all = one;
    }
    return all;
  }

  /** {@code x REL c} for every x in {@code min..max}, when it is the same for all of them. */
  private static java.util.Optional<Boolean> decide(String rel, long min, long max, long c) {
    boolean atMin = holds(rel, min, c);
    boolean atMax = holds(rel, max, c);
    // Every relation but eq / lg is monotone in x, so its ends decide it; eq and lg hold or fail
    // for every value only when the constant is outside the range or the range is one value.
    boolean decided =
        rel.equals("eq") || rel.equals("lg") ? c < min || c > max || min == max : atMin == atMax;
    return decided ? java.util.Optional.of(atMin) : java.util.Optional.empty();
  }

  private static String swapped(String rel) {
    return switch (rel) {
      case "lt" -> "gt";
      case "le" -> "ge";
      case "gt" -> "lt";
      case "ge" -> "le";
      default -> rel;
    };
  }

  private static boolean holds(String rel, long x, long c) {
    return switch (rel) {
      case "eq" -> x == c;
      case "lg" -> x != c;
      case "lt" -> x < c;
      case "le" -> x <= c;
      case "gt" -> x > c;
      default -> x >= c;
    };
  }

  /** The leaves a value depends on (for "every value of Kdim, splitk"), sorted. */
  public List<String> leaves(long v) {
    java.util.TreeSet<String> out = new java.util.TreeSet<>();
    java.util.ArrayDeque<Long> work = new java.util.ArrayDeque<>(List.of(v));
    java.util.Set<Long> seen = new java.util.HashSet<>();
    while (!work.isEmpty()) {
      long x = work.pop();
      if (!isSymbol(x) || !seen.add(x)) {
        continue;
      }
      Term t = terms.get(decode(x));
      if (t.operands().isEmpty()) {
        out.add(t.op());
      }
      work.addAll(t.operands());
    }
    return List.copyOf(out);
  }
}

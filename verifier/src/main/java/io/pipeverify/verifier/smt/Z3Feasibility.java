package io.pipeverify.verifier.smt;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import io.pipeverify.isa.lift.Feasibility;
import io.pipeverify.isa.lift.TripCounts;
import io.pipeverify.isa.semantics.Symbols;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link Feasibility} decided by Z3 over 32-bit bit-vectors: each symbol is the term of its
 * instruction on its operands, with the CDNA3 semantics of the scalar and vector integer operations
 * branch conditions are computed with (add, subtract, multiply, shifts, logic, min/max, compares,
 * {@code s_cselect}, carries); any other term is a free value of its own, which only lets more
 * launches happen. So an "unsatisfiable" answer is a proof that no launch takes the decisions
 * together; "satisfiable", "unknown" or a timeout all mean the class is explored. One context per
 * lift (close it).
 */
public final class Z3Feasibility implements Feasibility, AutoCloseable {
  /**
   * Z3's deterministic work bound per query, above what the corpora's branch conditions need to be
   * proved impossible. It is what makes a hard query cheap: a launch class whose decisions mix an
   * fmha kernel's causal-mask arithmetic took up to the 10 s timeout each at 20,000,000 (a kernel's
   * lift over ten minutes), about 0.8 s at this bound; giving up only explores the class.
   */
  private static final int RLIMIT = 2_000_000;

  private final Context context;
  private final Solver solver;
  private final Map<Long, BitVecExpr> terms = new HashMap<>();

  /** The ranges of the leaves translated so far: asserted in every query. */
  private final java.util.List<BoolExpr> rangeFacts = new java.util.ArrayList<>();

  private Symbols translated;
  private int queries;
  private int proved;
  private int solved;
  private int witnessed;

  /** The run's second solver ({@code verify --cross-check}), which re-decides every query. */
  private final Optional<CrossCheck> crossCheck;

  /**
   * The ranges the command states for arguments not given ({@code --arg kv_seq_len>=1}: name ->
   * {min, max}, inclusive), over the argument's value read as a signed 32-bit integer.
   */
  private final Map<String, long[]> ranges;

  /** A context whose queries give up (answering "may hold") after {@code timeout}. */
  public Z3Feasibility(Duration timeout) {
    this(timeout, Map.of());
  }

  /** The same for launches whose arguments lie in {@code ranges}. */
  public Z3Feasibility(Duration timeout, Map<String, long[]> ranges) {
    this(timeout, ranges, Optional.empty());
  }

  /**
   * The same with {@code crossCheck} ({@code verify --cross-check}): every query Z3 decides is
   * re-decided by the second solver, as the verifier's are; the classes these answers prune are
   * launches no verdict covers.
   */
  public Z3Feasibility(
      Duration timeout, Map<String, long[]> ranges, Optional<CrossCheck> crossCheck) {
    this.crossCheck = Objects.requireNonNull(crossCheck);
    this.ranges = Map.copyOf(ranges);
    this.context = Z3Session.newContext();
    this.solver = context.mkSolver("QF_BV");
    Params p = context.mkParams();
    // The resource limit makes "gave up" the same on every machine (the lift's classes, and so the
    // report, must not depend on its speed); the timeout only bounds a pathological query.
    p.add("rlimit", RLIMIT);
    p.add("timeout", (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
    solver.setParameters(p);
  }

  @Override
  public boolean mayHold(Symbols symbols, Map<Long, Boolean> conditions) {
    return satisfiable(symbols, conditions, () -> new BoolExpr[0], null, null);
  }

  /**
   * The conditions with some trip count n of {@code counts}: n = offset (mod period), n >= offset +
   * period, the loop's exit compare leaving at step n - 1 and staying at step n - 2. The counter at
   * step j is start + step * j in 32 bits, as the hardware computes it. A launch stays at every
   * step before n - 1, and the formula says so for the steps between without naming each: for an
   * ordered compare (lt, le, gt, ge) either the counter does not wrap (its value at step n - 1,
   * computed wide, is in the compare's range) and it stays at step 0, so at every step between, or
   * it wraps, and then at the step before the wrap it stayed with a value within one step of the
   * range's end it travels to. Without this Z3 satisfied the formula with a counter wrapping around
   * 2^32 (proofs/launches.md section 6): classes of no launch, and false alarms from them.
   */
  @Override
  public boolean mayHoldAtSomeCount(
      Symbols symbols, Map<Long, Boolean> conditions, TripCounts counts) {
    Matcher cmp = COMPARE.matcher(counts.compare());
    if (!cmp.matches()) {
      return true;
    }
    return satisfiable(
        symbols,
        conditions,
        () -> {
          Context z = context;
          // Named, not fresh: one of each per query (solve pops it), and a kept model of an earlier
          // query can then witness this one (#aKeptModelSatisfies).
          BitVecExpr n = z.mkBVConst("trips", 32);
          BitVecExpr offset = z.mkBV(counts.offset(), 32);
          BitVecExpr period = z.mkBV(counts.period(), 32);
          BitVecExpr bound = term(symbols, counts.bound());
          BitVecExpr one = z.mkBV(1, 32);
          BoolExpr inClass =
              z.mkAnd(
                  z.mkEq(z.mkBVURem(z.mkBVSub(n, offset), period), zero()),
                  z.mkBVUGE(n, z.mkBVAdd(offset, period)));
          BoolExpr leaves = exit(cmp, counts, counterAt(counts, z.mkBVSub(n, one)), bound);
          BoolExpr twoOrMore = z.mkBVUGE(n, z.mkBV(2, 32));
          BoolExpr staysLast =
              z.mkImplies(
                  twoOrMore,
                  z.mkNot(
                      exit(cmp, counts, counterAt(counts, z.mkBVSub(n, z.mkBV(2, 32))), bound)));
          BoolExpr staysBetween =
              z.mkImplies(twoOrMore, staysBetween(cmp, counts, z.mkBVSub(n, one), bound));
          return new BoolExpr[] {inClass, leaves, staysLast, staysBetween};
        },
        Symbols.isSymbol(counts.bound()) ? symbols.leaves(counts.bound()) : List.of(),
        counts);
  }

  /**
   * What every launch that reaches step {@code last} (>= 1) has of the compare staying at steps 0
   * .. last - 1. An equality compare gives nothing this way (its staying values are no interval).
   */
  private BoolExpr staysBetween(Matcher cmp, TripCounts counts, BitVecExpr last, BitVecExpr bound) {
    Context z = context;
    if (List.of("eq", "lg", "ne").contains(cmp.group(1))) {
      return z.mkTrue();
    }
    boolean signed = cmp.group(2).equals("i");
    long step = (int) counts.step();
    // 72 bits hold start + step * j for any 32-bit start, step and j without overflow.
    BitVecExpr start =
        signed ? z.mkBV((int) counts.start(), 72) : z.mkBV(counts.start() & 0xFFFFFFFFL, 72);
    BitVecExpr wide = z.mkBVAdd(start, z.mkBVMul(z.mkBV(step, 72), z.mkZeroExt(40, last)));
    long lo = signed ? Integer.MIN_VALUE : 0;
    long hi = signed ? Integer.MAX_VALUE : 0xFFFFFFFFL;
    BoolExpr noWrap = z.mkAnd(z.mkBVSLE(z.mkBV(lo, 72), wide), z.mkBVSLE(wide, z.mkBV(hi, 72)));
    BoolExpr staysFirst = z.mkNot(exit(cmp, counts, counterAt(counts, zero()), bound));
    // The value the counter had at the step before it wrapped, within one step of the end.
    BitVecExpr before = z.mkBVConst("beforeWrap", 32);
    long nearEnd = step > 0 ? hi - step + 1 : lo;
    long farEnd = step > 0 ? hi : lo - step - 1;
    BoolExpr inBand =
        signed
            ? z.mkAnd(z.mkBVSLE(z.mkBV(nearEnd, 32), before), z.mkBVSLE(before, z.mkBV(farEnd, 32)))
            : z.mkAnd(
                z.mkBVULE(z.mkBV(nearEnd, 32), before), z.mkBVULE(before, z.mkBV(farEnd, 32)));
    BoolExpr wrapped = z.mkAnd(z.mkNot(noWrap), inBand, z.mkNot(exit(cmp, counts, before, bound)));
    return z.mkOr(z.mkAnd(noWrap, staysFirst), wrapped);
  }

  /**
   * Whether the conditions, the facts {@code more} makes (over the leaves {@code moreLeaves}, known
   * to the cache as {@code moreKey}; both null for no facts) and the ranges of the leaves met can
   * hold together; false only on Z3's "unsatisfiable". The conditions are split into groups that
   * share no leaf (no free value), the facts joining the groups whose leaves they name: the whole
   * holds exactly when every group does (proofs/launches.md section 6, "Independent groups"). A
   * launch class's decisions are mostly such independent groups (the K loop's trip count, the
   * epilogue's output format), and the classes of a kernel share most of them, so each group is
   * decided once per lift ({@link #decided}).
   */
  private boolean satisfiable(
      Symbols symbols,
      Map<Long, Boolean> conditions,
      java.util.function.Supplier<BoolExpr[]> more,
      List<String> moreLeaves,
      Object moreKey) {
    if (symbols != translated) {
      // Another evaluation's symbols: ids mean other terms.
      terms.clear();
      rangeFacts.clear();
      decided.clear();
      leavesOf.clear();
      models.clear();
      translated = symbols;
    }
    queries++;
    for (Group g : groups(symbols, conditions, moreLeaves)) {
      GroupKey key = new GroupKey(g.conditions, g.facts ? moreKey : null);
      Boolean holds = decided.get(key);
      if (holds == null) {
        holds = solve(symbols, g.conditions, g.facts ? more : () -> new BoolExpr[0]);
        solved++;
        decided.put(key, holds);
      }
      if (!holds) {
        proved++;
        return false;
      }
    }
    return true;
  }

  /** A group as decided before: its conditions, and the facts' key when they are in it. */
  private record GroupKey(Map<Long, Boolean> conditions, Object facts) {}

  /** Each group's answer this lift (cleared with the symbols). */
  private final Map<GroupKey, Boolean> decided = new HashMap<>();

  /** Each condition's leaves, walked once per lift (cleared with the symbols). */
  private final Map<Long, List<String>> leavesOf = new HashMap<>();

  /** A group being gathered: its conditions, their leaves, and whether the facts are in it. */
  private static final class Group {
    final Map<Long, Boolean> conditions = new java.util.TreeMap<>();
    final java.util.Set<String> leaves = new java.util.HashSet<>();
    boolean facts;

    void absorb(Group other) {
      conditions.putAll(other.conditions);
      leaves.addAll(other.leaves);
      facts |= other.facts;
    }
  }

  /**
   * The conditions in groups connected by their leaves (the names {@link Symbols#leaves} gives,
   * which name every free value a term has), in the order of their first condition; the facts over
   * {@code moreLeaves} (null: no facts) in the group of any condition sharing one of them, merging
   * those, or in a group of their own (a fact-only group goes last).
   */
  private List<Group> groups(
      Symbols symbols, Map<Long, Boolean> conditions, List<String> moreLeaves) {
    List<Group> groups = new java.util.ArrayList<>();
    for (Map.Entry<Long, Boolean> c : conditions.entrySet()) {
      Group one = new Group();
      one.conditions.put(c.getKey(), c.getValue());
      one.leaves.addAll(leavesOf.computeIfAbsent(c.getKey(), symbols::leaves));
      addMerging(groups, one);
    }
    if (moreLeaves != null) {
      Group facts = new Group();
      facts.leaves.addAll(moreLeaves);
      facts.facts = true;
      addMerging(groups, facts);
    }
    return groups;
  }

  /** Adds {@code adding}, merged with every group it shares a leaf with (into the first). */
  private static void addMerging(List<Group> groups, Group adding) {
    Group into = null;
    for (java.util.Iterator<Group> it = groups.iterator(); it.hasNext(); ) {
      Group g = it.next();
      if (java.util.Collections.disjoint(g.leaves, adding.leaves)) {
        continue;
      }
      if (into == null) {
        into = g;
      } else {
        into.absorb(g);
        it.remove();
      }
    }
    if (into == null) {
      groups.add(adding);
    } else {
      into.absorb(adding);
    }
  }

  /** One query: the conditions, {@code more}'s facts and the ranges met; false only on unsat. */
  private boolean solve(
      Symbols symbols,
      Map<Long, Boolean> conditions,
      java.util.function.Supplier<BoolExpr[]> more) {
    solver.push();
    try {
      List<BoolExpr> asserted = new java.util.ArrayList<>();
      for (Map.Entry<Long, Boolean> c : conditions.entrySet()) {
        BoolExpr holds = context.mkNot(context.mkEq(term(symbols, c.getKey()), zero()));
        asserted.add(c.getValue() ? holds : context.mkNot(holds));
      }
      asserted.addAll(List.of(more.get()));
      asserted.addAll(rangeFacts);
      solver.add(asserted.toArray(new BoolExpr[0]));
      boolean witness = aKeptModelSatisfies(asserted);
      witnessed += witness ? 1 : 0;
      Status status = witness ? Status.SATISFIABLE : solver.check();
      if (!witness && status == Status.SATISFIABLE) {
        keep(solver.getModel());
      }
      boolean unsat = status == Status.UNSATISFIABLE;
      if (crossCheck.isPresent() && status != Status.UNKNOWN) {
        crossCheck
            .get()
            .compare(
                "launch feasibility (the lift's branch decisions and trip counts)",
                "(set-logic QF_BV)\n" + solver + "(check-sat)\n",
                !unsat);
      }
      return !unsat;
    } finally {
      solver.pop();
    }
  }

  /**
   * Models of the lift's latest satisfiable queries, newest first. A launch class's decisions are
   * its parent's and one more, and a model of the parent's satisfies one of the two ways the new
   * decision goes: that query is answered by evaluating it, not by solving (a satisfiable query
   * took 10 to 85 ms of bit-blasting on aiter's kernels, most of the lift's solver time).
   */
  private final java.util.Deque<Model> models = new java.util.ArrayDeque<>();

  private static final int MODELS = 4;

  /**
   * Whether a kept model makes every formula of {@code asserted} true (values it does not name
   * completed): an assignment that satisfies them, so the query is satisfiable, exactly as Z3 would
   * answer it.
   */
  private boolean aKeptModelSatisfies(List<BoolExpr> asserted) {
    for (Model m : models) {
      boolean all = true;
      for (BoolExpr f : asserted) {
        if (!m.eval(f, true).isTrue()) {
          all = false;
          break;
        }
      }
      if (all) {
        return true;
      }
    }
    return false;
  }

  private void keep(Model m) {
    models.addFirst(m);
    if (models.size() > MODELS) {
      models.removeLast();
    }
  }

  /** The loop's counter at K step {@code j}: start + step * j in 32 bits. */
  private BitVecExpr counterAt(TripCounts counts, BitVecExpr j) {
    Context z = context;
    return z.mkBVAdd(z.mkBV(counts.start(), 32), z.mkBVMul(z.mkBV(counts.step(), 32), j));
  }

  /** Whether the wave leaves the loop with {@code counter}: the compare lacks its stay truth. */
  private BoolExpr exit(Matcher cmp, TripCounts counts, BitVecExpr counter, BitVecExpr bound) {
    Context z = context;
    BoolExpr holds =
        counts.counterFirst() ? compare(cmp, counter, bound) : compare(cmp, bound, counter);
    return counts.stayTruth() ? z.mkNot(holds) : holds;
  }

  /** How many groups a kept model answered, without solving ({@link #aKeptModelSatisfies}). */
  public int witnessed() {
    return witnessed;
  }

  /** How many combinations were asked about, and how many were proved impossible. */
  public int queries() {
    return queries;
  }

  public int proved() {
    return proved;
  }

  /** How many queries went to Z3: the groups not decided before ({@link #satisfiable}). */
  public int solved() {
    return solved;
  }

  private BitVecExpr zero() {
    return context.mkBV(0, 32);
  }

  private BitVecExpr bit(BoolExpr b) {
    return (BitVecExpr) context.mkITE(b, context.mkBV(1, 32), zero());
  }

  /** The 32-bit value {@code v}: a constant, a free value, or the term of a symbol. */
  private BitVecExpr term(Symbols symbols, long v) {
    if (!Symbols.isSymbol(v)) {
      return v < 0
          // The opaque unknown: a value of its own at each use.
          ? (BitVecExpr) context.mkFreshConst("unknown", context.mkBitVecSort(32))
          : context.mkBV(v & 0xFFFFFFFFL, 32);
    }
    BitVecExpr known = terms.get(v);
    if (known != null) {
      return known;
    }
    BitVecExpr t = define(symbols, v);
    terms.put(v, t);
    return t;
  }

  private static final Pattern COMPARE =
      Pattern.compile("[sv]_cmpk?_(eq|lg|ne|lt|le|gt|ge)_([iub])32");

  private BitVecExpr define(Symbols symbols, long v) {
    String op = symbols.op(v);
    long[] o = symbols.operands(v);
    BitVecExpr[] a = new BitVecExpr[o.length];
    for (int k = 0; k < o.length; k++) {
      a[k] = term(symbols, o[k]);
    }
    Context z = context;
    Matcher cmp = COMPARE.matcher(op);
    if (cmp.matches() && a.length == 2) {
      return bit(compare(cmp, a[0], a[1]));
    }
    BitVecExpr r =
        switch (a.length) {
          case 0 -> null;
          case 1 -> unary(op, a[0]);
          case 2 -> binary(op, a[0], a[1]);
          case 3 -> ternary(op, a[0], a[1], a[2]);
          default -> null;
        };
    if (r != null) {
      return r;
    }
    // A leaf, or an operation not modelled here: a value of its own (named for the symbol, so the
    // same term is the same value wherever it appears).
    BitVecExpr free = z.mkBVConst("sym" + (-1L - v) + ":" + op, 32);
    long[] range = a.length == 0 ? ranges.get(op) : null;
    if (range != null) {
      // One interval, or a set of values and intervals: the leaf is in one of them.
      List<BoolExpr> in = new java.util.ArrayList<>();
      for (int k = 0; k + 1 < range.length; k += 2) {
        long lo = Math.max(range[k], Integer.MIN_VALUE);
        long hi = Math.min(range[k + 1], Integer.MAX_VALUE);
        in.add(z.mkAnd(z.mkBVSGE(free, z.mkBV(lo, 32)), z.mkBVSLE(free, z.mkBV(hi, 32))));
      }
      rangeFacts.add(in.size() == 1 ? in.get(0) : z.mkOr(in.toArray(new BoolExpr[0])));
    }
    return free;
  }

  /** The compare {@code cmp} matched ({@link #COMPARE}) of {@code a} with {@code b}. */
  private BoolExpr compare(Matcher cmp, BitVecExpr a, BitVecExpr b) {
    Context z = context;
    boolean signed = cmp.group(2).equals("i");
    return switch (cmp.group(1)) {
      case "eq" -> z.mkEq(a, b);
      case "lg", "ne" -> z.mkNot(z.mkEq(a, b));
      case "lt" -> signed ? z.mkBVSLT(a, b) : z.mkBVULT(a, b);
      case "le" -> signed ? z.mkBVSLE(a, b) : z.mkBVULE(a, b);
      case "gt" -> signed ? z.mkBVSGT(a, b) : z.mkBVUGT(a, b);
      default -> signed ? z.mkBVSGE(a, b) : z.mkBVUGE(a, b);
    };
  }

  private BitVecExpr unary(String op, BitVecExpr a) {
    return switch (op) {
      case "!" -> bit(context.mkEq(a, zero()));
      case "s_not_b32", "v_not_b32" -> context.mkBVNot(a);
      case "s_mov_b32", "v_mov_b32", "v_readfirstlane_b32" -> a;
      default -> null;
    };
  }

  private BitVecExpr binary(String op, BitVecExpr a, BitVecExpr b) {
    Context z = context;
    BitVecExpr five = z.mkBV(31, 32);
    return switch (op) {
      case "s_add_u32", "s_add_i32", "s_addk_i32", "v_add_u32", "v_add_co_u32" -> z.mkBVAdd(a, b);
      case "s_sub_u32", "s_sub_i32", "v_sub_u32", "v_sub_co_u32" -> z.mkBVSub(a, b);
      case "v_subrev_u32" -> z.mkBVSub(b, a);
      case "s_mul_i32", "s_mulk_i32", "v_mul_lo_u32" -> z.mkBVMul(a, b);
      case "s_lshl_b32" -> z.mkBVSHL(a, z.mkBVAND(b, five));
      case "s_lshr_b32" -> z.mkBVLSHR(a, z.mkBVAND(b, five));
      case "s_ashr_i32" -> z.mkBVASHR(a, z.mkBVAND(b, five));
      case "v_lshlrev_b32" -> z.mkBVSHL(b, z.mkBVAND(a, five));
      case "v_lshrrev_b32" -> z.mkBVLSHR(b, z.mkBVAND(a, five));
      case "v_ashrrev_i32" -> z.mkBVASHR(b, z.mkBVAND(a, five));
      case "s_and_b32", "v_and_b32" -> z.mkBVAND(a, b);
      case "s_or_b32", "v_or_b32" -> z.mkBVOR(a, b);
      case "s_xor_b32", "v_xor_b32" -> z.mkBVXOR(a, b);
      case "s_andn2_b32" -> z.mkBVAND(a, z.mkBVNot(b));
      case "s_orn2_b32" -> z.mkBVOR(a, z.mkBVNot(b));
      case "s_min_u32", "v_min_u32" -> (BitVecExpr) z.mkITE(z.mkBVULE(a, b), a, b);
      case "s_max_u32", "v_max_u32" -> (BitVecExpr) z.mkITE(z.mkBVUGE(a, b), a, b);
      case "s_min_i32", "v_min_i32" -> (BitVecExpr) z.mkITE(z.mkBVSLE(a, b), a, b);
      case "s_max_i32", "v_max_i32" -> (BitVecExpr) z.mkITE(z.mkBVSGE(a, b), a, b);
      case "s_lshl1_add_u32" -> z.mkBVAdd(z.mkBVSHL(a, z.mkBV(1, 32)), b);
      case "s_lshl2_add_u32" -> z.mkBVAdd(z.mkBVSHL(a, z.mkBV(2, 32)), b);
      case "s_lshl3_add_u32" -> z.mkBVAdd(z.mkBVSHL(a, z.mkBV(3, 32)), b);
      case "s_lshl4_add_u32" -> z.mkBVAdd(z.mkBVSHL(a, z.mkBV(4, 32)), b);
      case "s_mul_hi_u32", "v_mul_hi_u32" ->
          z.mkExtract(63, 32, z.mkBVMul(z.mkZeroExt(32, a), z.mkZeroExt(32, b)));
      // The SCC of an unsigned add is its carry out; of an unsigned subtract, its borrow.
      case "s_add_u32#scc" -> bit(z.mkNot(z.mkBVAddNoOverflow(a, b, false)));
      case "s_sub_u32#scc" -> bit(z.mkBVULT(a, b));
      // The SCC of a logic or shift result: whether it is not zero.
      case "s_and_b32#scc" -> bit(z.mkNot(z.mkEq(z.mkBVAND(a, b), zero())));
      case "s_or_b32#scc" -> bit(z.mkNot(z.mkEq(z.mkBVOR(a, b), zero())));
      default -> null;
    };
  }

  private BitVecExpr ternary(String op, BitVecExpr a, BitVecExpr b, BitVecExpr c) {
    Context z = context;
    return switch (op) {
      // s_cselect_b32 d, a, b reads SCC last: SCC ? a : b.
      case "s_cselect_b32" -> (BitVecExpr) z.mkITE(z.mkEq(c, zero()), b, a);
      case "s_addc_u32" -> z.mkBVAdd(z.mkBVAdd(a, b), z.mkBVAND(c, z.mkBV(1, 32)));
      case "v_add3_u32" -> z.mkBVAdd(z.mkBVAdd(a, b), c);
      case "v_lshl_add_u32" -> z.mkBVAdd(z.mkBVSHL(a, z.mkBVAND(b, z.mkBV(31, 32))), c);
      case "v_add_lshl_u32" -> z.mkBVSHL(z.mkBVAdd(a, b), z.mkBVAND(c, z.mkBV(31, 32)));
      default -> null;
    };
  }

  @Override
  public void close() {
    context.close();
  }
}

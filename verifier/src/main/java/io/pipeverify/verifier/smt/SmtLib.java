package io.pipeverify.verifier.smt;

import io.pipeverify.verifier.smt.TimingProblem.AtMostLate;
import io.pipeverify.verifier.smt.TimingProblem.Order;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * SMT-LIB2 scripts of the queries {@link Z3Session} and {@link SmallestSubsets} put to Z3, written
 * from our own problem records rather than from Z3's terms, for a second solver ({@link
 * CrossCheck}). Z3's own printing is no use here: it writes a cardinality constraint as Z3's {@code
 * (_ at-most k)}, which is not SMT-LIB and which cvc5 rejects; and a script written from the
 * records checks Z3's encoding as well as its answer. Each script states exactly what the Z3 query
 * asserts, so both solvers must give the same answer. Variables are declared in the order of their
 * event ids, so a query's script is the same on every run.
 */
final class SmtLib {
  private SmtLib() {}

  /** SMT-LIB's simple symbols; anything else is written between bars. */
  private static final Pattern SIMPLE =
      Pattern.compile("[A-Za-z~!@$%^&*_+=<>.?/-][\\w~!@$%^&*+=<>.?/-]*");

  /**
   * {@code problem} with {@code goal}: every goal order holds ({@code all}, {@link
   * Z3Session#findWith}) or at least one fails ({@link Z3Session#findViolating}). Strict orders
   * alone are integer difference logic (QF_IDL); a cardinality constraint sums if-then-else terms
   * (QF_LIA).
   */
  static String timing(TimingProblem problem, List<Order> goal, boolean all) {
    Script s = new Script(problem.names());
    for (Order o : problem.before()) {
      s.assertion("(< " + s.var(o.first()) + " " + s.var(o.second()) + ")");
    }
    for (AtMostLate c : problem.atMostLate()) {
      String release = s.var(c.release());
      String[] late = new String[c.events().size()];
      for (int i = 0; i < late.length; i++) {
        late[i] = "(ite (>= " + s.var(c.events().get(i)) + " " + release + ") 1 0)";
      }
      s.assertion("(<= " + apply("+", "0", late) + " " + c.allowed() + ")");
    }
    if (all) {
      for (Order o : goal) {
        s.assertion("(< " + s.var(o.first()) + " " + s.var(o.second()) + ")");
      }
    } else {
      String[] broken = new String[goal.size()];
      for (int i = 0; i < broken.length; i++) {
        Order o = goal.get(i);
        broken[i] = "(<= " + s.var(o.second()) + " " + s.var(o.first()) + ")";
      }
      s.assertion(apply("or", "false", broken));
    }
    return s.text(problem.atMostLate().isEmpty() ? "QF_IDL" : "QF_LIA", "Int");
  }

  /**
   * {@link Z3Session#findUnequalBarrierCount}: a trip count T >= 1 at which two programs' barrier
   * counts {@code fixed[p] + T * perIteration[p]} differ.
   */
  static String unequalBarrierCount(long[] fixed, long[] perIteration) {
    Script s = new Script(List.of("T"));
    String trip = s.var(0);
    s.assertion("(>= " + trip + " 1)");
    StringBuilder differ = new StringBuilder();
    for (int p = 0; p < fixed.length; p++) {
      for (int q = p + 1; q < fixed.length; q++) {
        differ
            .append(differ.length() == 0 ? "" : " ")
            .append("(not (= ")
            .append(count(trip, fixed[p], perIteration[p]))
            .append(" ")
            .append(count(trip, fixed[q], perIteration[q]))
            .append("))");
      }
    }
    s.assertion("(or false " + differ + ")");
    return s.text("QF_LIA", "Int");
  }

  private static String count(String trip, long fixed, long perIteration) {
    return "(+ " + number(fixed) + " (* " + number(perIteration) + " " + trip + "))";
  }

  /**
   * A {@link SmallestSubsets} query: Boolean items {@code e0 .. e(n-1)} under {@code clauses}
   * (written by {@link #subsetVar}), with their total weight compared with {@code bound} by {@code
   * relation} ({@code <=}, {@code <} or {@code =}). Z3 optimises; the second solver re-decides the
   * bound Z3 was given and, for a lightest subset, that none is lighter.
   */
  static String subsets(int[] weights, List<String> clauses, String relation, int bound) {
    String[] names = new String[weights.length];
    String[] terms = new String[weights.length];
    for (int i = 0; i < weights.length; i++) {
      names[i] = subsetVar(i);
      terms[i] = "(ite " + names[i] + " " + number(weights[i]) + " 0)";
    }
    Script s = new Script(List.of(names));
    for (int i = 0; i < weights.length; i++) {
      s.var(i);
    }
    for (String c : clauses) {
      s.assertion(c);
    }
    s.assertion("(" + relation + " " + apply("+", "0", terms) + " " + number(bound) + ")");
    return s.text("QF_LIA", "Bool");
  }

  /** The name of item i of a {@link SmallestSubsets} query: the one Z3 is given. */
  static String subsetVar(int i) {
    return "e" + i;
  }

  /**
   * {@code (op unit a b ...)}: SMT-LIB's {@code or} and {@code +} take at least two arguments, so
   * the unit (false, 0) keeps a query of one goal (or none) a well-formed term.
   */
  private static String apply(String op, String unit, String[] args) {
    StringBuilder s = new StringBuilder("(").append(op).append(" ").append(unit);
    for (String a : args) {
      s.append(" ").append(a);
    }
    return s.append(")").toString();
  }

  private static String number(long n) {
    return n < 0 ? "(- " + -n + ")" : Long.toString(n);
  }

  /** A script under construction: the variables it mentions, and its assertions. */
  private static final class Script {
    private final List<String> names;

    /** Each mentioned variable by id, with its symbol: declared in id order. */
    private final TreeMap<Integer, String> used = new TreeMap<>();

    private final StringBuilder assertions = new StringBuilder();

    Script(List<String> names) {
      this.names = names;
    }

    String var(int id) {
      return used.computeIfAbsent(id, i -> symbol(names.get(i)));
    }

    void assertion(String term) {
      assertions.append("(assert ").append(term).append(")\n");
    }

    String text(String logic, String sort) {
      StringBuilder s = new StringBuilder("(set-logic ").append(logic).append(")\n");
      for (String v : used.values()) {
        s.append("(declare-fun ").append(v).append(" () ").append(sort).append(")\n");
      }
      return s.append(assertions).append("(check-sat)\n(exit)\n").toString();
    }
  }

  /** {@code name} as an SMT-LIB symbol: itself when simple, else quoted between bars. */
  static String symbol(String name) {
    if (SIMPLE.matcher(name).matches()) {
      return name;
    }
    if (name.indexOf('|') >= 0 || name.indexOf('\\') >= 0) {
      throw new IllegalArgumentException("no SMT-LIB symbol for the name " + name);
    }
    return "|" + name + "|";
  }
}

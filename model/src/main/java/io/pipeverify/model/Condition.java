package io.pipeverify.model;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A per-wave condition over {@code w} and wave parameters, as an op's {@code "when"} (format.md):
 * comparisons of {@link Expr}s joined by {@code && || !}. The op exists only in the waves where it
 * holds, so one program can say {@code if (warp_row == 1) s_barrier()}.
 */
public sealed interface Condition {

  /** Evaluates the condition; every variable must be bound. */
  boolean holds(Map<String, Long> env);

  void collectVars(Set<String> out);

  /** Canonical text with minimal parentheses; {@link #parse} reads it back equal. */
  String render();

  /** The variables the condition mentions, sorted. */
  default Set<String> vars() {
    Set<String> out = new TreeSet<>();
    collectVars(out);
    return out;
  }

  static Condition parse(String text) {
    return ExprParser.parseCondition(text);
  }

  /** The comparison operators. */
  enum Comparison {
    EQ("=="),
    NE("!="),
    LE("<="),
    GE(">="),
    LT("<"),
    GT(">");

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    boolean test(long a, long b) {
      return switch (this) {
        case EQ -> a == b;
        case NE -> a != b;
        case LE -> a <= b;
        case GE -> a >= b;
        case LT -> a < b;
        case GT -> a > b;
      };
    }
  }

  /** {@code left OP right}. */
  record Compare(Expr left, Comparison op, Expr right) implements Condition {
    public Compare {
      Objects.requireNonNull(left);
      Objects.requireNonNull(op);
      Objects.requireNonNull(right);
    }

    @Override
    public boolean holds(Map<String, Long> env) {
      return op.test(left.eval(env), right.eval(env));
    }

    @Override
    public void collectVars(Set<String> out) {
      left.collectVars(out);
      right.collectVars(out);
    }

    @Override
    public String render() {
      return left.render() + " " + op.symbol() + " " + right.render();
    }
  }

  /** {@code !operand}. */
  record Not(Condition operand) implements Condition {
    public Not {
      Objects.requireNonNull(operand);
    }

    @Override
    public boolean holds(Map<String, Long> env) {
      return !operand.holds(env);
    }

    @Override
    public void collectVars(Set<String> out) {
      operand.collectVars(out);
    }

    @Override
    public String render() {
      return "!(" + operand.render() + ")";
    }
  }

  /** {@code left && right} ({@code and}) or {@code left || right}; && binds tighter. */
  record Junction(boolean and, Condition left, Condition right) implements Condition {
    public Junction {
      Objects.requireNonNull(left);
      Objects.requireNonNull(right);
    }

    @Override
    public boolean holds(Map<String, Long> env) {
      return and ? left.holds(env) && right.holds(env) : left.holds(env) || right.holds(env);
    }

    @Override
    public void collectVars(Set<String> out) {
      left.collectVars(out);
      right.collectVars(out);
    }

    @Override
    public String render() {
      return operand(left, false) + (and ? " && " : " || ") + operand(right, true);
    }

    /** An || inside an && needs parentheses, as does a right operand of the same junction. */
    private String operand(Condition c, boolean right) {
      boolean wrap = c instanceof Junction j && ((and && !j.and) || (right && j.and == and));
      return wrap ? "(" + c.render() + ")" : c.render();
    }
  }
}

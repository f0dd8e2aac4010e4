package io.pipeverify.model;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * An integer expression over the schedule's variables: the wave index {@code w}, wave parameters
 * such as {@code warp_m}, the loop variable {@code k} and the trip count {@code T}. Division and
 * modulo are floor division and floor modulo (TIR's {@code floordiv}/{@code floormod}), so {@code
 * (k-1)%2} is never negative.
 */
public sealed interface Expr {

  /** Evaluates the expression; every variable must be bound. */
  long eval(Map<String, Long> env);

  /** The variables the expression mentions, sorted. */
  default Set<String> vars() {
    Set<String> out = new TreeSet<>();
    collectVars(out);
    return out;
  }

  void collectVars(Set<String> out);

  /** Canonical text with minimal parentheses; {@link ExprParser#parse} reads it back equal. */
  String render();

  static Expr of(long value) {
    return new Const(value);
  }

  static Expr parse(String text) {
    return ExprParser.parse(text);
  }

  /** An integer literal. */
  record Const(long value) implements Expr {
    @Override
    public long eval(Map<String, Long> env) {
      return value;
    }

    @Override
    public void collectVars(Set<String> out) {}

    @Override
    public String render() {
      return Long.toString(value);
    }
  }

  /** A variable reference. */
  record Var(String name) implements Expr {
    public Var {
      Objects.requireNonNull(name);
    }

    @Override
    public long eval(Map<String, Long> env) {
      Long v = env.get(name);
      if (v == null) {
        throw new IllegalArgumentException("unbound variable '" + name + "'");
      }
      return v;
    }

    @Override
    public void collectVars(Set<String> out) {
      out.add(name);
    }

    @Override
    public String render() {
      return name;
    }
  }

  /** The binary operators, with their precedence (higher binds tighter). */
  enum Operator {
    ADD("+", 1),
    SUB("-", 1),
    MUL("*", 2),
    DIV("/", 2),
    MOD("%", 2);

    private final String symbol;
    private final int precedence;

    Operator(String symbol, int precedence) {
      this.symbol = symbol;
      this.precedence = precedence;
    }

    public String symbol() {
      return symbol;
    }

    public int precedence() {
      return precedence;
    }

    long apply(long a, long b) {
      return switch (this) {
        case ADD -> a + b;
        case SUB -> a - b;
        case MUL -> a * b;
        case DIV -> {
          if (b == 0) {
            throw new ArithmeticException("division by zero");
          }
          yield Math.floorDiv(a, b);
        }
        case MOD -> {
          if (b == 0) {
            throw new ArithmeticException("modulo by zero");
          }
          yield Math.floorMod(a, b);
        }
      };
    }
  }

  /** A binary operation; all operators are left-associative. */
  record Binary(Operator op, Expr left, Expr right) implements Expr {
    public Binary {
      Objects.requireNonNull(op);
      Objects.requireNonNull(left);
      Objects.requireNonNull(right);
    }

    @Override
    public long eval(Map<String, Long> env) {
      return op.apply(left.eval(env), right.eval(env));
    }

    @Override
    public void collectVars(Set<String> out) {
      left.collectVars(out);
      right.collectVars(out);
    }

    @Override
    public String render() {
      String l = left.render();
      if (left instanceof Binary b && b.op.precedence < op.precedence) {
        l = "(" + l + ")";
      }
      String r = right.render();
      if (right instanceof Binary b && b.op.precedence <= op.precedence) {
        r = "(" + r + ")";
      }
      return l + " " + op.symbol + " " + r;
    }
  }

  /**
   * The period of this expression in {@code var}: the smallest p found such that replacing var by
   * var+p never changes the value, or empty when the expression is not periodic in it (it mentions
   * var outside a modulo). The analysis is syntactic and sound: {@code (a*k+b) % m} has period
   * {@code m / gcd(a, m)}; sums, products and quotients of periodic terms have the lcm of their
   * periods.
   */
  default OptionalLong periodIn(String var) {
    return Periodicity.period(this, var);
  }
}

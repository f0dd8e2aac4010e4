package io.pipeverify.model;

import java.util.OptionalLong;

/** Syntactic periodicity analysis behind {@link Expr#periodIn}. */
final class Periodicity {
  private Periodicity() {}

  static OptionalLong period(Expr e, String var) {
    if (e instanceof Expr.Const) {
      return OptionalLong.of(1);
    }
    if (e instanceof Expr.Var v) {
      return v.name().equals(var) ? OptionalLong.empty() : OptionalLong.of(1);
    }
    Expr.Binary b = (Expr.Binary) e;
    if (b.op() == Expr.Operator.MOD && b.right() instanceof Expr.Const m && m.value() != 0) {
      OptionalLong coefficient = affineCoefficient(b.left(), var);
      if (coefficient.isPresent()) {
        long modulus = Math.abs(m.value());
        long a = Math.abs(coefficient.getAsLong());
        return OptionalLong.of(a == 0 ? 1 : modulus / gcd(a % modulus, modulus));
      }
    }
    OptionalLong l = period(b.left(), var);
    OptionalLong r = period(b.right(), var);
    if (l.isEmpty() || r.isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(lcm(l.getAsLong(), r.getAsLong()));
  }

  /**
   * The coefficient of var when e is affine in var with other terms free of var, so that e(var+p) =
   * e(var) + coefficient*p; empty when e is not of that form.
   */
  static OptionalLong affineCoefficient(Expr e, String var) {
    if (e instanceof Expr.Const) {
      return OptionalLong.of(0);
    }
    if (e instanceof Expr.Var v) {
      return OptionalLong.of(v.name().equals(var) ? 1 : 0);
    }
    Expr.Binary b = (Expr.Binary) e;
    boolean leftFree = !b.left().vars().contains(var);
    boolean rightFree = !b.right().vars().contains(var);
    if (leftFree && rightFree) {
      return OptionalLong.of(0);
    }
    OptionalLong l = affineCoefficient(b.left(), var);
    OptionalLong r = affineCoefficient(b.right(), var);
    switch (b.op()) {
      case ADD, SUB -> {
        if (l.isEmpty() || r.isEmpty()) {
          return OptionalLong.empty();
        }
        long sign = b.op() == Expr.Operator.ADD ? 1 : -1;
        return OptionalLong.of(l.getAsLong() + sign * r.getAsLong());
      }
      case MUL -> {
        if (b.left() instanceof Expr.Const c && r.isPresent()) {
          return OptionalLong.of(c.value() * r.getAsLong());
        }
        if (b.right() instanceof Expr.Const c && l.isPresent()) {
          return OptionalLong.of(c.value() * l.getAsLong());
        }
        return OptionalLong.empty();
      }
      default -> {
        return OptionalLong.empty();
      }
    }
  }

  static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  static long lcm(long a, long b) {
    return a / gcd(a, b) * b;
  }
}

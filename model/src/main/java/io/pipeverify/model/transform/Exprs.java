package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Schedule;

/** Small constructors for the expressions the transforms emit, kept in a readable form. */
final class Exprs {
  static final Expr K = new Expr.Var(Schedule.K);
  static final Expr T = new Expr.Var(Schedule.TRIP_COUNT);
  static final Expr W = new Expr.Var(Schedule.WAVE);

  private Exprs() {}

  /** {@code e + c}, or {@code e} when c is 0; constants fold. */
  static Expr plus(Expr e, long c) {
    if (e instanceof Expr.Const k) {
      return Expr.of(k.value() + c);
    }
    if (c == 0) {
      return e;
    }
    return c > 0
        ? new Expr.Binary(Expr.Operator.ADD, e, Expr.of(c))
        : new Expr.Binary(Expr.Operator.SUB, e, Expr.of(-c));
  }

  /** {@code v * coefficient + constant}, always in that shape (e.g. {@code w * 8 + 0}). */
  static Expr affine(Expr v, long coefficient, long constant) {
    return new Expr.Binary(
        Expr.Operator.ADD,
        new Expr.Binary(Expr.Operator.MUL, v, Expr.of(coefficient)),
        Expr.of(constant));
  }

  /**
   * The slot of tile {@code tile} with {@code slots} slots: {@code tile % slots}, with the offset
   * of {@code var + c} reduced modulo slots (tile {@code k + 2} of two slots is in slot {@code k %
   * 2}, as note 001 writes {@code As[k&1]}); constant tiles fold.
   */
  static Expr slotOf(Expr tile, int slots) {
    if (tile instanceof Expr.Const c) {
      return Expr.of(Math.floorMod(c.value(), slots));
    }
    if (slots == 1) {
      return Expr.of(0);
    }
    Expr base = tile;
    long offset = 0;
    if (tile instanceof Expr.Binary b
        && b.right() instanceof Expr.Const c
        && (b.op() == Expr.Operator.ADD || b.op() == Expr.Operator.SUB)) {
      base = b.left();
      offset = b.op() == Expr.Operator.ADD ? c.value() : -c.value();
    }
    return new Expr.Binary(
        Expr.Operator.MOD, plus(base, Math.floorMod(offset, slots)), Expr.of(slots));
  }
}

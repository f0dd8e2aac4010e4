package io.pipeverify.codegen.hip;

import io.pipeverify.model.Expr;
import java.util.Map;

/**
 * Renders a schedule {@link Expr} as C. Division and modulo are floor division and floor modulo in
 * the schedule (TIR's floordiv / floormod) but truncate in C, so they go through the helpers {@code
 * pv_floordiv} / {@code pv_floormod} of the kernel's preamble; variables are renamed with {@code
 * rename} (the schedule's {@code T} is the kernel argument {@code trip_count}).
 */
final class CExpr {
  private CExpr() {}

  static String render(Expr e, Map<String, String> rename) {
    if (e instanceof Expr.Const c) {
      return Long.toString(c.value());
    }
    if (e instanceof Expr.Var v) {
      return rename.getOrDefault(v.name(), v.name());
    }
    Expr.Binary b = (Expr.Binary) e;
    String l = render(b.left(), rename);
    String r = render(b.right(), rename);
    switch (b.op()) {
      case DIV:
        return "pv_floordiv(" + l + ", " + r + ")";
      case MOD:
        return "pv_floormod(" + l + ", " + r + ")";
      default:
        return "(" + l + " " + b.op().symbol() + " " + r + ")";
    }
  }
}

package io.pipeverify.codegen.isa;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.TileTag;
import java.util.Map;

/** Replaces variables in the expressions of ops (k by 2k+1 for the second unrolled iteration). */
final class OpSubstitution {
  private OpSubstitution() {}

  static Expr apply(Expr e, Map<String, Expr> map) {
    if (e instanceof Expr.Var v) {
      return map.getOrDefault(v.name(), v);
    }
    if (e instanceof Expr.Binary b) {
      return new Expr.Binary(b.op(), apply(b.left(), map), apply(b.right(), map));
    }
    return e;
  }

  static Op apply(Op op, Map<String, Expr> map) {
    if (op instanceof Op.G2s g) {
      return new Op.G2s(
          g.buffer(),
          apply(g.slot(), map),
          apply(g.region(), map),
          apply(g.tile(), map),
          g.origin());
    }
    if (op instanceof Op.DsRead r) {
      return new Op.DsRead(
          r.buffer(),
          apply(r.slot(), map),
          apply(r.region(), map),
          r.dst(),
          apply(r.tile(), map),
          r.origin());
    }
    if (op instanceof Op.DsWrite w) {
      return new Op.DsWrite(
          w.buffer(),
          apply(w.slot(), map),
          apply(w.region(), map),
          w.src(),
          apply(w.tile(), map),
          w.origin());
    }
    if (op instanceof Op.GLoad l) {
      return new Op.GLoad(l.dst(), apply(l.tile(), map), l.origin());
    }
    if (op instanceof Op.Mfma m) {
      return new Op.Mfma(m.a(), m.b(), m.i(), m.j(), m.kChunk(), apply(m.kTile(), map), m.origin());
    }
    return op;
  }

  private static Region apply(Region r, Map<String, Expr> map) {
    return new Region(
        r.unit(), apply(r.start(), map), apply(r.count(), map), r.pieces(), r.columns());
  }

  private static TileTag apply(TileTag t, Map<String, Expr> map) {
    return new TileTag(
        t.tensor(),
        apply(t.kTile(), map),
        apply(t.rowStart(), map),
        apply(t.rowCount(), map),
        t.kChunk().map(c -> apply(c, map)));
  }
}

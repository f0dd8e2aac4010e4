package io.pipeverify.model.format;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a {@link Schedule} as {@code pipeverify-schedule/1} JSON: 2-space indentation, keys in the
 * order of docs/format.md, one op per line, a trailing newline. The output depends only on the
 * schedule, so it diffs cleanly and {@link ScheduleReader} reads it back to an equal schedule
 * (origins are always written, so ops keep theirs).
 */
public final class ScheduleWriter {
  private ScheduleWriter() {}

  public static String write(Schedule s) {
    StringBuilder out = new StringBuilder();
    out.append("{\n");
    field(out, 1, "format", str(ScheduleReader.FORMAT), true);
    field(out, 1, "name", str(s.name()), true);
    field(out, 1, "target", str(s.target().id()), true);
    field(out, 1, "waves", Integer.toString(s.waves()), true);
    field(out, 1, "implicitWaits", str(s.implicitWaits().id()), true);
    field(out, 1, "nominalTripCount", Integer.toString(s.nominalTripCount()), true);
    if (s.intent() != Intent.GEMM) {
      // Written only when it is not the default, so files written before it existed read alike.
      field(out, 1, "intent", str(s.intent().id()), true);
    }
    field(out, 1, "gemm", gemm(s.gemm()), true);
    field(
        out,
        1,
        "waveParams",
        object(s.waveParams().stream().map(p -> pair(p.name(), expr(p.value()))).toList()),
        true);
    field(
        out,
        1,
        "buffers",
        block(2, s.buffers().stream().map(ScheduleWriter::buffer).toList(), '[', ']'),
        true);
    field(
        out,
        1,
        "programs",
        block(2, s.programs().stream().map(ScheduleWriter::program).toList(), '[', ']'),
        false);
    out.append("}\n");
    return out.toString();
  }

  private static void field(StringBuilder out, int depth, String key, String value, boolean comma) {
    out.append("  ".repeat(depth)).append(pair(key, value)).append(comma ? ",\n" : "\n");
  }

  private static String pair(String key, String value) {
    return str(key) + ": " + value;
  }

  /** Elements one per line at {@code depth}, closing bracket one level out. */
  private static String block(int depth, List<String> elements, char open, char close) {
    if (elements.isEmpty()) {
      return "" + open + close;
    }
    String indent = "  ".repeat(depth);
    return open
        + "\n"
        + elements.stream().map(e -> indent + e).collect(Collectors.joining(",\n"))
        + "\n"
        + "  ".repeat(depth - 1)
        + close;
  }

  /** A one-line object. */
  private static String object(List<String> pairs) {
    return "{" + String.join(", ", pairs) + "}";
  }

  /**
   * A JSON string. Jackson's quoting escapes the C0 controls; DEL, C1 and bidi controls are escaped
   * as well ({@link TerminalText}), so a schedule printed to a terminal cannot reorder its text.
   */
  private static String str(String s) {
    String quoted = new String(JsonStringEncoder.getInstance().quoteAsString(s));
    return "\"" + TerminalText.escape(quoted) + "\"";
  }

  /** A constant as a JSON number, anything else as its canonical text. */
  private static String expr(Expr e) {
    return e instanceof Expr.Const c ? Long.toString(c.value()) : str(e.render());
  }

  private static String gemm(Gemm g) {
    return object(
        List.of(
            pair("tileM", Integer.toString(g.tileM())),
            pair("tileN", Integer.toString(g.tileN())),
            pair("tileK", Integer.toString(g.tileK())),
            pair("kChunk", Integer.toString(g.kChunk()))));
  }

  private static String buffer(LdsBuffer b) {
    return object(
        List.of(
            pair("name", str(b.name())),
            pair("slots", Integer.toString(b.slots())),
            pair("slotBytes", Integer.toString(b.slotBytes())),
            pair("rowBytes", Integer.toString(b.rowBytes()))));
  }

  private static String program(WaveProgram p) {
    String indent = "  ".repeat(3);
    StringBuilder sb = new StringBuilder("{\n");
    sb.append(indent).append(pair("role", str(p.role()))).append(",\n");
    sb.append(indent)
        .append(
            pair(
                "waves",
                "["
                    + p.waves().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + "]"))
        .append(",\n");
    for (Section s : Section.values()) {
      sb.append(indent)
          .append(
              pair(
                  s.id(),
                  block(4, p.section(s).stream().map(ScheduleWriter::op).toList(), '[', ']')))
          .append(s == Section.EPILOGUE ? "\n" : ",\n");
    }
    return sb.append("  ".repeat(2)).append('}').toString();
  }

  private static String region(Region r) {
    List<String> fields =
        new ArrayList<>(List.of(pair("start", expr(r.start())), pair("count", expr(r.count()))));
    if (r.columns().isPresent()) {
      Region.Columns c = r.columns().get();
      fields.add(
          pair(
              "columns",
              object(
                  List.of(
                      pair("bytes", Integer.toString(c.bytes())),
                      pair("first", Long.toString(c.first())),
                      pair("count", Long.toString(c.count())),
                      pair("xor", Long.toString(c.xorMask()))))));
    } else if (r.isScattered()) {
      List<String> pieces = new ArrayList<>();
      for (Region.Piece p : r.pieces()) {
        pieces.add("[" + p.start() + ", " + p.count() + "]");
      }
      fields.add("\"pieces\": [" + String.join(", ", pieces) + "]");
    }
    return pair(r.unit() == Region.Unit.ROWS ? "rows" : "bytes", object(fields));
  }

  private static String tile(TileTag t) {
    List<String> pairs =
        new ArrayList<>(
            List.of(
                pair("tensor", str(t.tensor())),
                pair("k", expr(t.kTile())),
                pair(
                    "rows",
                    object(
                        List.of(
                            pair("start", expr(t.rowStart())),
                            pair("count", expr(t.rowCount())))))));
    t.kChunk().ifPresent(c -> pairs.add(pair("kChunk", expr(c))));
    return object(pairs);
  }

  private static String origin(Origin o) {
    if (o instanceof Origin.InFile f) {
      return object(List.of(pair("file", str(f.file())), pair("pointer", str(f.pointer()))));
    }
    if (o instanceof Origin.InAssembly a) {
      // The line a reader looks at: an assembler source's, where the listing was made from one.
      return object(
          List.of(pair("file", str(a.shownFile())), pair("line", Integer.toString(a.shownLine()))));
    }
    Origin.FromTransform t = (Origin.FromTransform) o;
    return object(List.of(pair("transform", str(t.transform())), pair("stage", str(t.stage()))));
  }

  private static String op(Op listed) {
    Op op = listed instanceof Op.Conditional c ? c.op() : listed;
    List<String> pairs = new ArrayList<>();
    pairs.add(pair("op", str(op.kind())));
    if (op instanceof Op.G2s g) {
      pairs.add(pair("buffer", str(g.buffer())));
      pairs.add(pair("slot", expr(g.slot())));
      pairs.add(region(g.region()));
      pairs.add(pair("tile", tile(g.tile())));
    } else if (op instanceof Op.GLoad g) {
      pairs.add(pair("dst", str(g.dst())));
      pairs.add(pair("tile", tile(g.tile())));
    } else if (op instanceof Op.SLoad l) {
      pairs.add(pair("dst", str(l.dst())));
    } else if (op instanceof Op.DsPermute l) {
      pairs.add(pair("dst", str(l.dst())));
    } else if (op instanceof Op.Consume c) {
      pairs.add(
          pair(
              "regs",
              "["
                  + String.join(", ", c.registers().stream().map(ScheduleWriter::str).toList())
                  + "]"));
    } else if (op instanceof Op.DsRead r) {
      pairs.add(pair("buffer", str(r.buffer())));
      pairs.add(pair("slot", expr(r.slot())));
      pairs.add(region(r.region()));
      pairs.add(pair("dst", str(r.dst())));
      pairs.add(pair("tile", tile(r.tile())));
      if (r.use() instanceof ReadUse.Stated stated && stated.dead() != ReadUse.Dead.NEVER) {
        pairs.add(
            pair(
                "dead",
                object(
                    List.of(pair("in", str(stated.dead().id())), pair("why", str(stated.why()))))));
      }
    } else if (op instanceof Op.DsWrite w) {
      pairs.add(pair("buffer", str(w.buffer())));
      pairs.add(pair("slot", expr(w.slot())));
      pairs.add(region(w.region()));
      pairs.add(pair("src", str(w.src())));
      pairs.add(pair("tile", tile(w.tile())));
    } else if (op instanceof Op.Wait w) {
      w.vmcnt().ifPresent(n -> pairs.add(pair("vmcnt", Integer.toString(n))));
      w.lgkmcnt().ifPresent(n -> pairs.add(pair("lgkmcnt", Integer.toString(n))));
    } else if (op instanceof Op.Mfma m) {
      pairs.add(pair("a", str(m.a())));
      pairs.add(pair("b", str(m.b())));
      pairs.add(pair("i", Integer.toString(m.i())));
      pairs.add(pair("j", Integer.toString(m.j())));
      pairs.add(pair("kChunk", Integer.toString(m.kChunk())));
      pairs.add(pair("kTile", expr(m.kTile())));
    } else if (op instanceof Op.SchedBarrier sb) {
      pairs.add(pair("mask", Integer.toString(sb.mask())));
    } else if (op instanceof Op.SetPrio sp) {
      pairs.add(pair("priority", Integer.toString(sp.priority())));
    } else if (op instanceof Op.WaitGroup wg) {
      pairs.add(pair("pending", Integer.toString(wg.pending())));
    }
    // barrier and commit_group have no fields besides op and origin
    if (listed instanceof Op.Conditional c) {
      pairs.add(pair("when", str(c.when().render())));
    }
    pairs.add(pair("origin", origin(op.origin())));
    return object(pairs);
  }
}

package io.pipeverify.model;

import java.util.List;
import java.util.Objects;

/**
 * A readable text listing of a schedule in the style of the design notes' stage tables: a header
 * (name, target, waves, implicit waits, buffers, GEMM), then each program's sections with ops one
 * per line under headings for the transform stage that made them. Deterministic; golden tests and
 * docs/transforms.md use it.
 */
public final class ScheduleListing {
  private ScheduleListing() {}

  public static String render(Schedule s) {
    StringBuilder out = new StringBuilder();
    out.append("schedule ").append(s.name()).append('\n');
    out.append("  target ")
        .append(s.target().id())
        .append(", ")
        .append(s.waves())
        .append(" waves, implicit waits ")
        .append(s.implicitWaits().id())
        .append(", nominal trip count ")
        .append(s.nominalTripCount())
        .append('\n');
    Gemm g = s.gemm();
    out.append("  gemm ")
        .append(g.tileM())
        .append('x')
        .append(g.tileN())
        .append('x')
        .append(g.tileK())
        .append(" bf16, k-chunk ")
        .append(g.kChunk())
        .append('\n');
    for (LdsBuffer b : s.buffers()) {
      out.append("  buffer ")
          .append(b.name())
          .append(": ")
          .append(b.slots())
          .append(" slot(s) x ")
          .append(b.slotBytes())
          .append(" B, rows of ")
          .append(b.rowBytes())
          .append(" B\n");
    }
    for (WaveParam p : s.waveParams()) {
      out.append("  param ").append(p.name()).append(" = ").append(p.value().render()).append('\n');
    }
    for (WaveProgram p : s.programs()) {
      out.append('\n')
          .append("program ")
          .append(p.role())
          .append(": waves ")
          .append(waves(p.waves()))
          .append('\n');
      for (Section section : Section.values()) {
        List<Op> ops = p.section(section);
        out.append(section.id());
        if (section == Section.LOOP) {
          out.append(" (k = 0 .. T-1)");
        }
        out.append(": ").append(ops.size()).append(" ops\n");
        String stage = null;
        for (Op op : ops) {
          String opStage = op.origin() instanceof Origin.FromTransform t ? t.stage() : null;
          if (opStage != null && !Objects.equals(opStage, stage)) {
            out.append(" [").append(opStage).append("]\n");
          }
          stage = opStage;
          out.append("  ").append(line(op)).append('\n');
        }
      }
    }
    return out.toString();
  }

  /** Wave lists as ranges: {@code 0-3}, or {@code 0, 2, 5}. */
  static String waves(List<Integer> waves) {
    boolean contiguous = !waves.isEmpty();
    for (int i = 1; i < waves.size(); i++) {
      contiguous &= waves.get(i) == waves.get(i - 1) + 1;
    }
    if (contiguous && waves.size() > 1) {
      return waves.get(0) + "-" + waves.get(waves.size() - 1);
    }
    StringBuilder b = new StringBuilder();
    for (int w : waves) {
      b.append(b.length() == 0 ? "" : ", ").append(w);
    }
    return b.toString();
  }

  /**
   * One op, e.g. {@code g2s A[(k + 1) % 2] rows w * 8 + 0 +8 tile A k=k + 1}; a conditional op ends
   * in {@code when warp_row == 1}.
   */
  public static String line(Op op) {
    if (op instanceof Op.Conditional c) {
      return line(c.op()) + "    when " + c.when().render();
    }
    String body =
        switch (op.kind()) {
          case "g2s" -> {
            Op.G2s g = (Op.G2s) op;
            yield access(g) + "    " + tag(g.tile(), g.region());
          }
          case "ds_read" -> {
            Op.DsRead r = (Op.DsRead) op;
            yield access(r) + " -> " + r.dst() + "    " + tag(r.tile(), r.region());
          }
          case "ds_write" -> {
            Op.DsWrite w = (Op.DsWrite) op;
            yield access(w) + " <- " + w.src() + "    " + tag(w.tile(), w.region());
          }
          case "gload" -> {
            Op.GLoad l = (Op.GLoad) op;
            yield l.dst() + "    " + tag(l.tile(), null);
          }
          case "sload" -> ((Op.SLoad) op).dst();
          case "ds_permute" -> ((Op.DsPermute) op).dst();
          case "consume" -> String.join(", ", ((Op.Consume) op).registers());
          case "wait" -> ((Op.Wait) op).counters();
          case "mfma" -> {
            Op.Mfma m = (Op.Mfma) op;
            yield m.a()
                + " x "
                + m.b()
                + " -> C["
                + m.i()
                + "]["
                + m.j()
                + "] kc="
                + m.kChunk()
                + " tile "
                + m.kTile().render();
          }
          case "sched_barrier" -> Integer.toString(((Op.SchedBarrier) op).mask());
          case "setprio" -> Integer.toString(((Op.SetPrio) op).priority());
          case "wait_group" -> Integer.toString(((Op.WaitGroup) op).pending());
          default -> "";
        };
    String head = String.format("%-8s", op.kind());
    return body.isEmpty() ? op.kind() : head + " " + body;
  }

  private static String access(Op.LdsAccess a) {
    Region r = a.region();
    return a.buffer()
        + "["
        + a.slot().render()
        + "] "
        + (r.unit() == Region.Unit.ROWS ? "rows " : "bytes ")
        + r.start().render()
        + " +"
        + r.count().render();
  }

  /** The tile tag; rows are shown only when they differ from the access's region rows. */
  private static String tag(TileTag t, Region region) {
    StringBuilder b =
        new StringBuilder("tile ").append(t.tensor()).append(" k=").append(t.kTile().render());
    boolean sameRows =
        region != null
            && region.unit() == Region.Unit.ROWS
            && region.start().equals(t.rowStart())
            && region.count().equals(t.rowCount());
    if (!sameRows) {
      b.append(" rows ").append(t.rowStart().render()).append(" +").append(t.rowCount().render());
    }
    t.kChunk().ifPresent(c -> b.append(" kc=").append(c.render()));
    return b.toString();
  }
}

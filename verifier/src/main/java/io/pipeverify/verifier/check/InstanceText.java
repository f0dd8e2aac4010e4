package io.pipeverify.verifier.check;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.unroll.Access;
import io.pipeverify.verifier.unroll.Instance;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** Renders op instances with their evaluated slot, range and tile for reports and traces. */
public final class InstanceText {
  private final Schedule schedule;
  private final int tripCount;

  public InstanceText(Schedule schedule) {
    this(schedule, -1);
  }

  /** With the trip count, an mfma's K tile is shown evaluated also where it mentions T. */
  public InstanceText(Schedule schedule, int tripCount) {
    this.schedule = schedule;
    this.tripCount = tripCount;
  }

  public OpRef ref(Instance inst) {
    String buffer = inst.access().map(Access::buffer).orElse("");
    int slot = inst.access().map(Access::slot).orElse(-1);
    String range = inst.access().map(this::range).orElse("");
    String tile = inst.access().map(a -> tag(a, inst.op())).orElse("");
    return new OpRef(
        inst.wave(),
        inst.section().id(),
        inst.iteration(),
        inst.position(),
        stage(inst),
        inst.op().kind(),
        text(inst),
        buffer,
        slot,
        range,
        tile,
        (inst.implicit() ? "implicit wait before " : "") + inst.op().origin().describeWithText());
  }

  /**
   * The stage label of the op's origin ({@code loop stage 3}), its assembly line for a lifted op
   * ({@code kernel.s:320}: what a kernel engineer looks for), or "" for ops from files.
   */
  public static String stage(Instance inst) {
    Origin o = inst.op().origin();
    if (o instanceof Origin.InAssembly a) {
      return a.describe();
    }
    return o instanceof Origin.FromTransform t ? t.stage() : "";
  }

  /** One-line rendering: {@code g2s B[0] rows [64, 72) tile B k=1}. */
  public String text(Instance inst) {
    Op op = inst.op();
    if (op instanceof Op.Wait w) {
      return (inst.implicit() ? "s_waitcnt (implicit) " : "s_waitcnt ") + w.counters();
    }
    if (op instanceof Op.Barrier) {
      return "s_barrier";
    }
    if (op instanceof Op.GLoad g) {
      return "gload -> " + g.dst();
    }
    if (op instanceof Op.SLoad l) {
      return "sload -> " + l.dst();
    }
    if (op instanceof Op.DsPermute l) {
      return "ds_permute -> " + l.dst();
    }
    if (op instanceof Op.Consume c) {
      return "consume " + String.join(", ", c.registers());
    }
    if (op instanceof Op.Mfma m && schedule.intent() == Intent.NONE) {
      return "mfma " + m.a() + " x " + m.b();
    }
    if (op instanceof Op.Mfma m) {
      return "mfma "
          + m.a()
          + " x "
          + m.b()
          + " -> C["
          + m.i()
          + "]["
          + m.j()
          + "] kc"
          + m.kChunk()
          + " tile k="
          + kTile(inst, m.kTile());
    }
    Access a = inst.access().orElseThrow();
    String place = a.buffer() + "[" + a.slot() + "] " + range(a);
    String tag = tag(a, op);
    String tile = tag.isEmpty() ? "" : " tile " + tag;
    if (op instanceof Op.DsRead r) {
      return "ds_read " + place + " -> " + r.dst() + tile;
    }
    if (op instanceof Op.DsWrite d) {
      return "ds_write " + place + " <- " + d.src() + tile;
    }
    return "g2s " + place + tile;
  }

  private String kTile(Instance inst, Expr tile) {
    Map<String, Long> env = schedule.waveEnv(inst.wave());
    if (inst.iteration() >= 0) {
      env.put(Schedule.K, (long) inst.iteration());
    }
    if (tripCount >= 1) {
      env.put(Schedule.TRIP_COUNT, (long) tripCount);
    }
    return env.keySet().containsAll(tile.vars()) ? Long.toString(tile.eval(env)) : tile.render();
  }

  /** {@code A k=1 kc0}; nothing without intent, whose tags are placeholders. */
  private String tag(Access a, Op op) {
    return schedule.intent() == Intent.NONE ? "" : a.tensor() + " k=" + a.kTile() + chunk(op);
  }

  private static String chunk(Op op) {
    OptionalInt c = op instanceof Op.LdsAccess a ? a.tile().kChunkIndex() : OptionalInt.empty();
    return c.isPresent() ? " kc" + c.getAsInt() : "";
  }

  /** How many ranges of a scattered access {@link #common} names before "...". */
  private static final int COMMON_SHOWN = 3;

  /**
   * The bytes two conflicting accesses share, when either is scattered: their spans alone do not
   * say which of the pieces meet ({@code "; 960 bytes in common, in 15 ranges: [18432, 18496),
   * [18560, 18624), [18688, 18752), ..."}); "" for two single ranges, whose spans say it.
   */
  public static String common(Access a, Access b) {
    if (!a.isScattered() && !b.isScattered()) {
      return "";
    }
    List<Region.ByteRange> common = a.common(b);
    long bytes = common.stream().mapToLong(r -> r.to() - r.from()).sum();
    StringBuilder out = new StringBuilder("; ").append(bytes).append(" bytes in common, in ");
    out.append(common.size()).append(common.size() == 1 ? " range: " : " ranges: ");
    for (int i = 0; i < Math.min(COMMON_SHOWN, common.size()); i++) {
      Region.ByteRange r = common.get(i);
      out.append(i == 0 ? "" : ", ").append('[').append(r.from()).append(", ").append(r.to());
      out.append(')');
    }
    return out.append(common.size() > COMMON_SHOWN ? ", ..." : "").toString();
  }

  private String range(Access a) {
    Region.ByteRange b = a.bytes();
    int rowBytes = schedule.buffer(a.buffer()).map(LdsBuffer::rowBytes).orElse(1);
    // A lifted schedule's rows are granules of its own making: bytes are what its reader knows.
    boolean rows =
        schedule.intent() == Intent.GEMM && b.from() % rowBytes == 0 && b.to() % rowBytes == 0;
    String span =
        rows
            ? "rows [" + b.from() / rowBytes + ", " + b.to() / rowBytes + ")"
            : "bytes [" + b.from() + ", " + b.to() + ")";
    if (!a.isScattered()) {
      return span;
    }
    // A scattered access (an MFMA fragment of a padded, interleaved or swizzled layout): its span,
    // how many pieces, and the first of them, in bytes.
    Region.ByteRange first = a.pieces().get(0);
    return span
        + " in "
        + a.pieces().size()
        + (rows ? " pieces, bytes [" : " pieces [")
        + first.from()
        + ", "
        + first.to()
        + "), ...";
  }
}

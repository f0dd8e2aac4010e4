package io.pipeverify.model.interp;

import io.pipeverify.model.Gemm;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Executes a schedule for one trip count on real data (semantics.md section 5). A and B are {@link
 * Operands}; LDS and registers start as NaN; every g2s, gload, ds_read and ds_write moves data at
 * its {@link DataEvent.Action#ACCESS} event and every mfma reads its fragment registers at its
 * {@link DataEvent.Action#USE} event, in the order given; mfma accumulates its 16x16 product in
 * fp32. The result is compared with the reference GEMM over every K tile the schedule copies.
 *
 * <p>Registers follow the hardware's in-order write-back: a register keeps the value of the
 * youngest (in program order) of its defining ops that has landed, so an older ds_read landing late
 * never overwrites a younger one's data. LDS has no such rule: there the last access wins, which is
 * exactly what a race is.
 *
 * <p>Build one per (schedule, trip count, seed) and {@link #run} it on many orders: the reference
 * GEMM and the unrolled program are computed once.
 */
public final class Interpreter {
  private static final int F = Gemm.FRAGMENT;

  private final Schedule schedule;
  private final Gemm gemm;
  private final Operands operands;
  private final FragmentMap map;
  private final List<List<UnrolledOp>> waves;
  private final List<Map<Long, Integer>> index = new ArrayList<>();
  private final int dataEvents;

  /** The K tiles the schedule copies; the reference GEMM contracts over exactly these. */
  private final TreeSet<Long> tiles = new TreeSet<>();

  private final double[] reference;
  private final double[] tolerance;

  public Interpreter(Schedule schedule, int tripCount, long seed) {
    this.schedule = schedule;
    this.gemm = schedule.gemm();
    this.operands = new Operands(seed, gemm.tileM(), gemm.tileN(), gemm.tileK());
    this.waves = ProgramUnroll.of(schedule, tripCount);
    this.map = FragmentMap.of(waves);
    int count = 0;
    for (List<UnrolledOp> wave : waves) {
      Map<Long, Integer> byKey = new HashMap<>();
      for (int s = 0; s < wave.size(); s++) {
        UnrolledOp u = wave.get(s);
        byKey.put(key(u.section().ordinal(), u.iteration(), u.position()), s);
        if (action(u.op()).isPresent()) {
          count++;
        }
        if (u.op() instanceof Op.G2s g) {
          tiles.add(g.tile().kTile().eval(u.env()));
        } else if (u.op() instanceof Op.GLoad g) {
          tiles.add(g.tile().kTile().eval(u.env()));
        }
      }
      index.add(byKey);
    }
    this.dataEvents = count;
    int m = gemm.tileM();
    int n = gemm.tileN();
    int k = gemm.tileK();
    reference = new double[m * n];
    tolerance = new double[m * n];
    for (long t : tiles) {
      float[] a = operands.tile("A", t);
      float[] b = operands.tile("B", t);
      for (int r = 0; r < m; r++) {
        for (int c = 0; c < n; c++) {
          double sum = 0;
          double abs = 0;
          for (int x = 0; x < k; x++) {
            double p = (double) a[r * k + x] * b[c * k + x];
            sum += p;
            abs += Math.abs(p);
          }
          reference[r * n + c] += sum;
          tolerance[r * n + c] += abs;
        }
      }
    }
    for (int i = 0; i < tolerance.length; i++) {
      // fp32 accumulation of at most a few thousand bf16 products: relative error far below 1e-4.
      tolerance[i] = 1e-4 * tolerance[i] + 1e-6;
    }
  }

  private static long key(int section, int iteration, int position) {
    return ((long) section << 48) | ((long) (iteration + 1) << 20) | position;
  }

  /** The action an op has in a data-event order, if any. */
  public static Optional<DataEvent.Action> action(Op op) {
    if (op instanceof Op.LdsAccess || op instanceof Op.GLoad) {
      return Optional.of(DataEvent.Action.ACCESS);
    }
    if (op instanceof Op.Mfma) {
      return Optional.of(DataEvent.Action.USE);
    }
    return Optional.empty();
  }

  /** A register's value: rows x cols, and the op (index in its wave's stream) that defined it. */
  private record Reg(float[] data, int rows, int cols, int seq, String from) {}

  /** What an LDS row holds: row {@code row} of K tile {@code kTile} of {@code tensor}. */
  private record RowTag(String tensor, long kTile, long row) {}

  /** Mutable state of one run. */
  private final class State {
    final Map<String, float[][]> lds = new HashMap<>();
    final Map<String, RowTag[][]> ldsTags = new HashMap<>();
    final List<Map<String, Reg>> regs = new ArrayList<>();
    final List<Map<Long, float[]>> acc = new ArrayList<>();
    final List<Map<Long, Integer>> mfmaCount = new ArrayList<>();
    final List<Map<Long, String>> firstWrong = new ArrayList<>();
    final boolean attribute;

    State(boolean attribute) {
      this.attribute = attribute;
      for (LdsBuffer b : schedule.buffers()) {
        float[][] slots = new float[b.slots()][b.slotBytes() / Gemm.ELEMENT_BYTES];
        for (float[] s : slots) {
          Arrays.fill(s, Float.NaN);
        }
        lds.put(b.name(), slots);
        ldsTags.put(b.name(), new RowTag[b.slots()][b.slotBytes() / b.rowBytes()]);
      }
      for (int w = 0; w < waves.size(); w++) {
        regs.add(new HashMap<>());
        acc.add(new HashMap<>());
        mfmaCount.add(new HashMap<>());
        firstWrong.add(new HashMap<>());
      }
    }
  }

  /**
   * Runs the data events in {@code order}, which must hold every data event of the unrolled program
   * exactly once (an order from the verifier's happens-before graph does), and compares the result
   * with the reference GEMM.
   */
  public Outcome run(List<DataEvent> order) {
    Outcome plain = execute(order, false);
    // Attribution (which MFMA first computed a wrong product) costs a second product per MFMA:
    // only pay for it when something is wrong.
    return plain.matches() ? plain : execute(order, true);
  }

  private Outcome execute(List<DataEvent> order, boolean attribute) {
    if (order.size() != dataEvents) {
      throw new IllegalArgumentException(
          "the order has " + order.size() + " data events, the program " + dataEvents);
    }
    State st = new State(attribute);
    boolean[][] done = new boolean[waves.size()][];
    for (int w = 0; w < waves.size(); w++) {
      done[w] = new boolean[waves.get(w).size()];
    }
    for (DataEvent e : order) {
      Integer seq =
          e.wave() < 0 || e.wave() >= waves.size()
              ? null
              : index.get(e.wave()).get(key(e.section().ordinal(), e.iteration(), e.position()));
      if (seq == null) {
        throw new IllegalArgumentException("no such op: " + e);
      }
      UnrolledOp u = waves.get(e.wave()).get(seq);
      if (action(u.op()).orElse(null) != e.action() || done[e.wave()][seq]) {
        throw new IllegalArgumentException("bad or repeated data event " + e + " for " + u.where());
      }
      done[e.wave()][seq] = true;
      step(st, u, seq);
    }
    return compare(st);
  }

  private void step(State st, UnrolledOp u, int seq) {
    Op op = u.op();
    int rowElems = gemm.tileK();
    if (op instanceof Op.G2s g) {
      long slotIndex = g.slot().eval(u.env());
      float[] slot = slot(st, g.buffer(), slotIndex);
      Region.ByteRange bytes = bytes(g.buffer(), g.region(), u);
      Fragment f = Fragment.of(g.tile(), u.env());
      long firstRow = bytes.from() / Gemm.ELEMENT_BYTES / rowElems;
      RowTag[] tags = st.ldsTags.get(g.buffer())[(int) slotIndex];
      for (long row = firstRow; row < bytes.to() / gemm.rowBytes(); row++) {
        if (row >= 0 && row < tags.length) {
          tags[(int) row] = new RowTag(f.tensor(), f.kTile(), f.rowStart() + row - firstRow);
        }
      }
      for (long e = bytes.from() / Gemm.ELEMENT_BYTES; e < bytes.to() / Gemm.ELEMENT_BYTES; e++) {
        long row = e / rowElems;
        int col = (int) (e % rowElems);
        if (e >= 0 && e < slot.length) {
          slot[(int) e] = operands.get(f.tensor(), f.kTile(), f.rowStart() + row - firstRow, col);
        }
      }
    } else if (op instanceof Op.GLoad g) {
      Fragment f = Fragment.of(g.tile(), u.env());
      float[] data = new float[(int) f.rowCount() * rowElems];
      for (int r = 0; r < f.rowCount(); r++) {
        for (int c = 0; c < rowElems; c++) {
          data[r * rowElems + c] = operands.get(f.tensor(), f.kTile(), f.rowStart() + r, c);
        }
      }
      define(st, u.wave(), g.dst(), new Reg(data, (int) f.rowCount(), rowElems, seq, f.describe()));
    } else if (op instanceof Op.DsWrite d) {
      long slotIndex = d.slot().eval(u.env());
      float[] slot = slot(st, d.buffer(), slotIndex);
      Region.ByteRange bytes = bytes(d.buffer(), d.region(), u);
      Reg src = st.regs.get(u.wave()).get(d.src());
      Fragment f = Fragment.of(d.tile(), u.env());
      RowTag[] tags = st.ldsTags.get(d.buffer())[(int) slotIndex];
      long firstRow = bytes.from() / gemm.rowBytes();
      for (long row = firstRow; row < bytes.to() / gemm.rowBytes(); row++) {
        if (row >= 0 && row < tags.length) {
          tags[(int) row] =
              src == null ? null : new RowTag(f.tensor(), f.kTile(), f.rowStart() + row - firstRow);
        }
      }
      long from = bytes.from() / Gemm.ELEMENT_BYTES;
      for (long e = from; e < bytes.to() / Gemm.ELEMENT_BYTES; e++) {
        int rel = (int) (e - from);
        if (e >= 0 && e < slot.length) {
          slot[(int) e] = src != null && rel < src.data().length ? src.data()[rel] : Float.NaN;
        }
      }
    } else if (op instanceof Op.DsRead r) {
      long slotIndex = r.slot().eval(u.env());
      float[] slot = slot(st, r.buffer(), slotIndex);
      Region.ByteRange bytes = bytes(r.buffer(), r.region(), u);
      Fragment f = Fragment.of(r.tile(), u.env());
      int rows = (int) ((bytes.to() - bytes.from()) / Gemm.ELEMENT_BYTES / rowElems);
      int firstRow = (int) (bytes.from() / Gemm.ELEMENT_BYTES / rowElems);
      int colFrom = f.kChunk() == Fragment.WHOLE_ROWS ? 0 : f.kChunk() * gemm.kChunk();
      int cols = f.kChunk() == Fragment.WHOLE_ROWS ? rowElems : gemm.kChunk();
      float[] data = new float[rows * cols];
      for (int x = 0; x < rows; x++) {
        for (int c = 0; c < cols; c++) {
          long e = (long) (firstRow + x) * rowElems + colFrom + c;
          data[x * cols + c] =
              e >= 0 && e < slot.length && colFrom + c < rowElems ? slot[(int) e] : Float.NaN;
        }
      }
      String from =
          held(st.ldsTags.get(r.buffer())[(int) slotIndex], firstRow, rows)
              + (f.kChunk() == Fragment.WHOLE_ROWS ? "" : " kc" + f.kChunk());
      define(st, u.wave(), r.dst(), new Reg(data, rows, cols, seq, from));
    } else if (op instanceof Op.Mfma m) {
      mfma(st, u, m);
    }
  }

  private void define(State st, int wave, String name, Reg value) {
    Reg old = st.regs.get(wave).get(name);
    if (old == null || old.seq() < value.seq()) {
      st.regs.get(wave).put(name, value);
    }
  }

  private float[] slot(State st, String buffer, long slot) {
    float[][] slots = st.lds.get(buffer);
    if (slots == null || slot < 0 || slot >= slots.length) {
      throw new IllegalArgumentException("no slot " + slot + " of buffer " + buffer);
    }
    return slots[(int) slot];
  }

  private Region.ByteRange bytes(String buffer, Region region, UnrolledOp u) {
    int rowBytes = schedule.buffer(buffer).orElseThrow().rowBytes();
    // Columns of rows read (a swizzled fragment read) replay as their rows: the copies write whole
    // rows, and the swizzle permutes each row the same way for its writer and its reader, so the
    // values a read gets are those of the unswizzled layout, which is what the interpreter keeps.
    // A write of some columns changes part of a row, which it does not keep.
    boolean readOfColumns = region.columns().isPresent() && u.op() instanceof Op.DsRead;
    if (region.columns().isPresent() && !readOfColumns) {
      throw new IllegalArgumentException(
          u.where() + ": the interpreter replays writes of whole rows only, not of columns");
    }
    Region rows =
        readOfColumns ? new Region(Region.Unit.ROWS, region.start(), region.count()) : region;
    Region.ByteRange b = rows.bytes(u.env(), rowBytes);
    if (rowBytes != gemm.rowBytes() || b.from() % rowBytes != 0 || b.to() % rowBytes != 0) {
      throw new IllegalArgumentException(
          u.where() + ": the interpreter replays whole rows of " + gemm.rowBytes() + " B only");
    }
    return b;
  }

  private static long accKey(int i, int j) {
    return ((long) i << 32) | (j & 0xffffffffL);
  }

  private void mfma(State st, UnrolledOp u, Op.Mfma m) {
    Map<String, Reg> regs = st.regs.get(u.wave());
    Reg a = regs.get(m.a());
    Reg b = regs.get(m.b());
    float[] product = product(a, b);
    long key = accKey(m.i(), m.j());
    float[] acc = st.acc.get(u.wave()).computeIfAbsent(key, x -> new float[F * F]);
    for (int x = 0; x < acc.length; x++) {
      acc[x] += product[x];
    }
    st.mfmaCount.get(u.wave()).merge(key, 1, Integer::sum);
    if (st.attribute && !st.firstWrong.get(u.wave()).containsKey(key)) {
      String wrong = wrongProduct(u, m, a, b, product);
      if (wrong != null) {
        st.firstWrong.get(u.wave()).put(key, wrong);
      }
    }
  }

  private static float[] product(Reg a, Reg b) {
    float[] out = new float[F * F];
    if (a == null || b == null || a.rows() < F || b.rows() < F) {
      Arrays.fill(out, Float.NaN);
      return out;
    }
    int cols = Math.min(a.cols(), b.cols());
    for (int r = 0; r < F; r++) {
      for (int c = 0; c < F; c++) {
        float sum = 0;
        for (int x = 0; x < cols; x++) {
          sum += a.data()[r * a.cols() + x] * b.data()[c * b.cols() + x];
        }
        out[r * F + c] = sum;
      }
    }
    return out;
  }

  /** Null when the product equals the one the MFMA's label (tile, k-chunk, i, j) needs. */
  private String wrongProduct(UnrolledOp u, Op.Mfma m, Reg a, Reg b, float[] product) {
    long tile = m.kTile().eval(u.env());
    OptionalLong ra = map.rowsA(u.wave(), m.i());
    OptionalLong rb = map.rowsB(u.wave(), m.j());
    boolean wrong = false;
    if (ra.isEmpty() || rb.isEmpty()) {
      wrong = true;
    } else {
      int c0 = m.kChunk() * gemm.kChunk();
      for (int r = 0; r < F && !wrong; r++) {
        for (int c = 0; c < F && !wrong; c++) {
          float need = 0;
          float abs = 0;
          for (int x = 0; x < gemm.kChunk(); x++) {
            float p =
                operands.get("A", tile, ra.getAsLong() + r, c0 + x)
                    * operands.get("B", tile, rb.getAsLong() + c, c0 + x);
            need += p;
            abs += Math.abs(p);
          }
          float got = product[r * F + c];
          wrong = !(Math.abs(got - need) <= 1e-4 * abs + 1e-6);
        }
      }
    }
    if (!wrong) {
      return null;
    }
    return "mfma "
        + m.a()
        + " x "
        + m.b()
        + " kc"
        + m.kChunk()
        + " tile "
        + tile
        + " at "
        + u.where()
        + ": got A "
        + held(a)
        + ", B "
        + held(b)
        + "; needed A "
        + needed("A", tile, ra, m.kChunk())
        + ", B "
        + needed("B", tile, rb, m.kChunk());
  }

  private static String held(Reg r) {
    return r == null ? "a register never written (NaN)" : r.from();
  }

  /** What LDS rows [first, first + count) held, runs of consecutive rows of one tile merged. */
  private static String held(RowTag[] tags, int first, int count) {
    StringBuilder sb = new StringBuilder();
    int x = 0;
    while (x < count) {
      RowTag t = first + x < tags.length ? tags[first + x] : null;
      int y = x + 1;
      while (y < count) {
        RowTag n = first + y < tags.length ? tags[first + y] : null;
        boolean continues =
            t == null
                ? n == null
                : n != null
                    && n.tensor().equals(t.tensor())
                    && n.kTile() == t.kTile()
                    && n.row() == t.row() + (y - x);
        if (!continues) {
          break;
        }
        y++;
      }
      sb.append(sb.length() == 0 ? "" : " + ");
      if (t == null) {
        sb.append("never-written rows (NaN)");
      } else {
        sb.append("tile ")
            .append(t.tensor())
            .append(" k=")
            .append(t.kTile())
            .append(" rows [")
            .append(t.row())
            .append(", ")
            .append(t.row() + (y - x))
            .append(")");
      }
      x = y;
    }
    return sb.toString();
  }

  private static String needed(String tensor, long tile, OptionalLong rows, int kChunk) {
    return rows.isEmpty()
        ? "(no rows known)"
        : new Fragment(tensor, tile, rows.getAsLong(), F, kChunk).describe();
  }

  private Outcome compare(State st) {
    int m = gemm.tileM();
    int n = gemm.tileN();
    float[] c = new float[m * n];
    Arrays.fill(c, Float.NaN);
    int[] ownerWave = new int[m * n];
    long[] ownerKey = new long[m * n];
    Arrays.fill(ownerWave, -1);
    for (int w = 0; w < waves.size(); w++) {
      for (Map.Entry<Long, float[]> e : st.acc.get(w).entrySet()) {
        int i = (int) (e.getKey() >> 32);
        int j = (int) (long) e.getKey();
        OptionalLong ra = map.rowsA(w, i);
        OptionalLong rb = map.rowsB(w, j);
        if (ra.isEmpty() || rb.isEmpty()) {
          continue;
        }
        for (int r = 0; r < F; r++) {
          for (int col = 0; col < F; col++) {
            long row = ra.getAsLong() + r;
            long cc = rb.getAsLong() + col;
            if (row >= 0 && row < m && cc >= 0 && cc < n) {
              int at = (int) (row * n + cc);
              c[at] = e.getValue()[r * F + col];
              ownerWave[at] = w;
              ownerKey[at] = e.getKey();
            }
          }
        }
      }
    }
    int mismatches = 0;
    int nans = 0;
    double maxAbs = 0;
    Outcome.Mismatch first = null;
    for (int at = 0; at < c.length; at++) {
      float got = c[at];
      double diff = Math.abs(got - reference[at]);
      boolean nan = Float.isNaN(got);
      if (nan) {
        nans++;
      } else {
        maxAbs = Math.max(maxAbs, diff);
      }
      if (nan || diff > tolerance[at]) {
        mismatches++;
        if (first == null) {
          first = mismatch(st, at / n, at % n, got, ownerWave[at], ownerKey[at]);
        }
      }
    }
    return new Outcome(m * n, mismatches, nans, maxAbs, Optional.ofNullable(first));
  }

  private Outcome.Mismatch mismatch(State st, int row, int col, float got, int wave, long key) {
    double expected = reference[row * gemm.tileN() + col];
    if (wave < 0) {
      return new Outcome.Mismatch(
          row, col, expected, got, "none", "no output fragment of any wave covers this element");
    }
    int i = (int) (key >> 32);
    int j = (int) key;
    String acc = "wave " + wave + " C[" + i + "][" + j + "]";
    String wrong = st.firstWrong.get(wave).get(key);
    if (wrong != null) {
      return new Outcome.Mismatch(row, col, expected, got, acc, wrong);
    }
    int count = st.mfmaCount.get(wave).getOrDefault(key, 0);
    return new Outcome.Mismatch(
        row,
        col,
        expected,
        got,
        acc,
        "every MFMA product matched its label, but "
            + count
            + " MFMAs accumulated here where "
            + tiles.size() * gemm.kChunks()
            + " were needed (a product is missing or repeated)");
  }
}

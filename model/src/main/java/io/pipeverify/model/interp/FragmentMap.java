package io.pipeverify.model.interp;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Where each wave's output fragments live in the workgroup's C tile. Output fragment (i, j) of wave
 * w covers C rows {@code [rowsA(w, i), +16)} and columns {@code [rowsB(w, j), +16)} (B is stored
 * N-major, so a B row is a C column). The schedule does not state this map; it is implied by the
 * fragments its MFMAs consume: for every mfma, the ds_read that last defines its A (B) register in
 * program order names the rows. The map takes, per (w, i) and (w, j), the rows most of its MFMAs
 * consume (ties: the lower row). In a correct schedule they all agree (every built-in transform);
 * an mfma fed other rows is a P4 wrong fragment.
 */
public final class FragmentMap {
  private final Map<Long, Long> rowsA;
  private final Map<Long, Long> rowsB;

  private FragmentMap(Map<Long, Long> rowsA, Map<Long, Long> rowsB) {
    this.rowsA = rowsA;
    this.rowsB = rowsB;
  }

  private static long key(int wave, int index) {
    return ((long) wave << 32) | (index & 0xffffffffL);
  }

  /**
   * The map of the schedule at trip count {@code tripCount}: the same as of its {@link
   * ProgramUnroll#of}, found walking the programs without making that list (a record and an
   * environment copy per op of every wave: most of this map's time in a cold verify).
   */
  public static FragmentMap of(Schedule schedule, int tripCount) {
    Votes votes = new Votes();
    ProgramUnroll.walk(schedule, tripCount, votes::section);
    return votes.map();
  }

  /** The map of waves already unrolled ({@link ProgramUnroll#of}). */
  static FragmentMap of(List<List<UnrolledOp>> waves) {
    Votes votes = new Votes();
    for (List<UnrolledOp> wave : waves) {
      for (UnrolledOp u : wave) {
        votes.op(u.wave(), u.op(), u.env());
      }
    }
    return votes.map();
  }

  /** The rows each mfma's operands hold, counted per (wave, i) and (wave, j). */
  private static final class Votes {
    final Map<Long, Tally> a = new HashMap<>();
    final Map<Long, Tally> b = new HashMap<>();

    /** The wave fed last and the fragment each of its registers holds. */
    int wave = -1;

    Map<String, Fragment> defs = new HashMap<>();

    void section(int wave, Section section, int iteration, List<Op> ops, Map<String, Long> env) {
      for (Op op : ops) {
        op(wave, op, env);
      }
    }

    /** A ds_read defines its register; an mfma votes for the rows its operands hold. */
    void op(int wave, Op op, Map<String, Long> env) {
      if (wave != this.wave) {
        this.wave = wave;
        defs = new HashMap<>();
      }
      if (op instanceof Op.DsRead r) {
        defs.put(r.dst(), Fragment.of(r.tile(), env));
      } else if (op instanceof Op.Mfma m) {
        vote(a, key(wave, m.i()), defs.get(m.a()));
        vote(b, key(wave, m.j()), defs.get(m.b()));
      }
    }

    private static void vote(Map<Long, Tally> votes, long key, Fragment f) {
      if (f != null) {
        Tally t = votes.get(key);
        if (t == null) {
          t = new Tally();
          votes.put(key, t);
        }
        t.add(f.rowStart());
      }
    }

    FragmentMap map() {
      return new FragmentMap(consensus(a), consensus(b));
    }
  }

  /**
   * The votes for one fragment's rows, by row. The MFMAs of a fragment nearly always agree, so the
   * count of the row voted last is kept at hand rather than looked up again per vote.
   */
  private static final class Tally {
    final TreeMap<Long, int[]> counts = new TreeMap<>();
    long lastRow;
    int[] lastCount;

    void add(long row) {
      if (lastCount == null || row != lastRow) {
        lastRow = row;
        lastCount = counts.computeIfAbsent(row, r -> new int[1]);
      }
      lastCount[0]++;
    }
  }

  private static Map<Long, Long> consensus(Map<Long, Tally> votes) {
    Map<Long, Long> out = new HashMap<>();
    for (Map.Entry<Long, Tally> e : votes.entrySet()) {
      long best = 0;
      int most = -1;
      for (Map.Entry<Long, int[]> v : e.getValue().counts.entrySet()) {
        if (v.getValue()[0] > most) {
          most = v.getValue()[0];
          best = v.getKey();
        }
      }
      out.put(e.getKey(), best);
    }
    return out;
  }

  /** First A row (= C row) of output fragment row i of wave w; empty if no mfma reads one. */
  public OptionalLong rowsA(int wave, int i) {
    Long r = rowsA.get(key(wave, i));
    return r == null ? OptionalLong.empty() : OptionalLong.of(r);
  }

  /** First B row (= C column) of output fragment column j of wave w. */
  public OptionalLong rowsB(int wave, int j) {
    Long r = rowsB.get(key(wave, j));
    return r == null ? OptionalLong.empty() : OptionalLong.of(r);
  }

  /** The rows for an operand: tensor "A" uses {@link #rowsA}, anything else {@link #rowsB}. */
  public OptionalLong rows(String tensor, int wave, int index) {
    return tensor.equals("A") ? rowsA(wave, index) : rowsB(wave, index);
  }
}

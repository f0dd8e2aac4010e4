package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the P6 finding: two programs whose barrier counts differ at a trip count. This is not a
 * deadlock (semantics.md P6: the extra barriers complete among the waves that have not ended) but
 * almost always a mistake: the extra barriers order nothing against the waves that ended.
 */
final class BarrierMismatch {
  private BarrierMismatch() {}

  static Violation violation(Schedule schedule, int trip, long[] fixed, long[] perIteration) {
    List<WaveProgram> programs = schedule.programs();
    int p = 0;
    int q = 1;
    search:
    for (p = 0; p < programs.size(); p++) {
      for (q = p + 1; q < programs.size(); q++) {
        if (fixed[p] + trip * perIteration[p] != fixed[q] + trip * perIteration[q]) {
          break search;
        }
      }
    }
    WaveProgram a = programs.get(p);
    WaveProgram b = programs.get(q);
    long ca = fixed[p] + trip * perIteration[p];
    long cb = fixed[q] + trip * perIteration[q];
    int wa = a.waves().get(0);
    int wb = b.waves().get(0);
    List<OpRef> ops = new ArrayList<>();
    List<TraceStep> trace = new ArrayList<>();
    trace.add(new TraceStep(0, wa, "count", describe(a, fixed[p], perIteration[p], ca), true));
    trace.add(new TraceStep(0, wb, "count", describe(b, fixed[q], perIteration[q], cb), true));
    String summary =
        "P6 BARRIER_MISMATCH: at T="
            + trip
            + " wave "
            + wa
            + " (role "
            + a.role()
            + ") executes "
            + ca
            + " s_barrier and wave "
            + wb
            + " (role "
            + b.role()
            + ") "
            + cb;
    // Barriers are numbered from 1 in the text, from 0 in events (t_barrier_0 is the first).
    String missing =
        "s_barrier #"
            + Math.min(ca, cb)
            + " of wave "
            + (ca > cb ? wa : wb)
            + " has no partner in wave "
            + (ca > cb ? wb : wa)
            + ": it completes only after wave "
            + (ca > cb ? wb : wa)
            + " has ended (an ended wave no longer counts; no deadlock), so it orders nothing"
            + " against that wave; races were checked with that barrier semantics";
    return new Violation(
        Property.P6,
        ViolationKind.BARRIER_MISMATCH,
        trip,
        ops,
        summary,
        missing,
        List.of(Math.min(wa, wb), Math.max(wa, wb)),
        trace);
  }

  private static String describe(WaveProgram p, long fixed, long perIteration, long total) {
    return "role "
        + p.role()
        + ": "
        + fixed
        + " barriers in prologue+epilogue + "
        + perIteration
        + " per iteration = "
        + total;
  }
}

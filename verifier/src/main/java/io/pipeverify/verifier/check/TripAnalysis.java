package io.pipeverify.verifier.check;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.interp.FragmentMap;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.List;

/**
 * The graph checks of one trip count: the unrolled execution's happens-before graph, its register
 * uses, the P1/P2 check and the P3-P5 findings. The verifier confirms them with Z3 and the replayer
 * finds a reported violation among them again, so both must compute them the same way: here.
 */
public record TripAnalysis(
    HappensBefore hb, RegisterUses uses, RaceChecker.Result races, List<DataflowFinding> dataflow) {

  public TripAnalysis {
    dataflow = List.copyOf(dataflow);
  }

  /**
   * The checks of trip count {@code tripCount}; {@code everyPair}: every ordered conflicting pair
   * listed ({@code ProofMode.FULL}), else the nearest ones of the slots without a race (the same
   * findings and obligation shapes, in far fewer pairs when many accesses share bytes).
   */
  public static TripAnalysis of(
      Schedule schedule, int tripCount, CounterMode counters, boolean everyPair) {
    HappensBefore hb = HappensBefore.of(Unroller.unroll(schedule, tripCount, counters));
    RegisterUses uses = RegisterUses.of(hb);
    RaceChecker.Result races =
        everyPair
            ? RaceChecker.check(hb)
            : RaceChecker.checkNearest(hb, RaceChecker.NEAREST_FROM_DEPTH);
    List<DataflowFinding> dataflow =
        DataflowChecker.check(uses, FragmentMap.of(schedule, tripCount), races);
    return new TripAnalysis(hb, uses, races, dataflow);
  }
}

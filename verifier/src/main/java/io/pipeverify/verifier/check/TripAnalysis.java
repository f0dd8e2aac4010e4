package io.pipeverify.verifier.check;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.interp.FragmentMap;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The graph checks of one trip count: the unrolled execution's happens-before graph, its register
 * uses, the P1/P2 check, its {@code findings} and the P3-P5 findings ({@code dataflow}) but for the
 * {@code benign} ones: a race, uninitialised read or wrong version of a read whose value nothing
 * uses ({@link DeadReads}). The verifier confirms the findings with Z3 and the replayer finds a
 * reported violation among them again, so both must compute them the same way: here.
 */
public record TripAnalysis(
    HappensBefore hb,
    RegisterUses uses,
    RaceChecker.Result races,
    List<RaceFinding> findings,
    List<DataflowFinding> dataflow,
    List<BenignInstance> benign) {

  public TripAnalysis {
    findings = List.copyOf(findings);
    dataflow = List.copyOf(dataflow);
    benign = List.copyOf(benign);
  }

  /**
   * A defect instance whose read loads a value nothing uses: {@code read} is that read's instance,
   * {@code why} says what became of its registers ({@code a[0:7] never read}).
   */
  public record BenignInstance(DefectInstance defect, String rule, Instance read, String why) {}

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
    // Dead reads matter only to findings; most trip counts of most schedules have none.
    boolean anyRead =
        !races.findings().isEmpty() || dataflow.stream().anyMatch(f -> f.property() == Property.P3);
    DeadReads dead = anyRead ? DeadReads.of(hb.execution()) : null;
    if (dead == null || dead.none()) {
      return new TripAnalysis(hb, uses, races, races.findings(), dataflow, List.of());
    }
    List<BenignInstance> benign = new ArrayList<>();
    List<RaceFinding> findings = new ArrayList<>();
    for (RaceFinding f : races.findings()) {
      if (!setAside(f, f.property() + " " + f.kind(), dead, benign)) {
        findings.add(f);
      }
    }
    List<DataflowFinding> flows = new ArrayList<>();
    for (DataflowFinding f : dataflow) {
      if (f.property() != Property.P3
          || !setAside(f, f.property() + " " + f.kind(), dead, benign)) {
        flows.add(f);
      }
    }
    return new TripAnalysis(hb, uses, races, findings, flows, benign);
  }

  /** Adds {@code f} to {@code benign} when one of its instances is a dead read. */
  private static boolean setAside(
      DefectInstance f, String rule, DeadReads dead, List<BenignInstance> benign) {
    for (Instance i :
        f.second().isPresent() ? List.of(f.first(), f.second().get()) : List.of(f.first())) {
      Optional<String> why = i.op() instanceof Op.DsRead ? dead.why(i) : Optional.empty();
      if (why.isPresent()) {
        benign.add(new BenignInstance(f, rule, i, why.get()));
        return true;
      }
    }
    return false;
  }
}

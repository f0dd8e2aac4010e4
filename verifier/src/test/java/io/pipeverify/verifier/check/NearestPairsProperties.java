package io.pipeverify.verifier.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleArbitraries;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.interp.FragmentMap;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.verifier.HandBuilt;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * proofs/nearest-pairs.md, tested: the nearest pairs of the slots without a race give the findings
 * of the sweep over every pair (P1, P2, and P3-P5, which read the writes before each read), the
 * same obligation shapes for Z3, and never more pairs; on random schedules and built-ins, at the
 * first trip counts, in both counter modes.
 */
class NearestPairsProperties {

  @Provide
  Arbitrary<Schedule> schedules() {
    return Arbitraries.oneOf(
        ScheduleArbitraries.validSchedules(),
        ScheduleArbitraries.validSchedules().map(NearestPairsProperties::fenced),
        // Mostly the race-free placement (vmcnt(0) and the end barrier), the slots nearest
        // pairs are for.
        Combinators.combine(
                Arbitraries.of(0, 0, 0, 1, 2),
                Arbitraries.of(true, true, false),
                Arbitraries.integers().between(1, 4))
            .as(
                (vmcnt, barrier, repeats) ->
                    repeated(HandBuilt.doubleBuffer(vmcnt, barrier), repeats)),
        PassConfigArbitraries.anyConfig()
            .filter(c -> c.common().tileM() * c.common().tileN() <= 64 * 64)
            .map(PassConfigArbitraries::schedule));
  }

  /**
   * Every op followed by a drain of both counters and a barrier: most slots then have no race, and
   * their many conflicting pairs reduce to the nearest ones. (The programs may pass different
   * numbers of barriers; the graph joins the n-th of those that pass one.)
   */
  static Schedule fenced(Schedule s) {
    return sections(s, NearestPairsProperties::fenced, NearestPairsProperties::fenced);
  }

  /** The loop body {@code repeats} times over: many accesses of the same bytes per iteration. */
  static Schedule repeated(Schedule s, int repeats) {
    return sections(
        s,
        ops -> ops,
        loop ->
            java.util.Collections.nCopies(repeats, loop).stream().flatMap(List::stream).toList());
  }

  /**
   * Every program with {@code outside} applied to its prologue and epilogue, {@code loop} to its
   * loop.
   */
  private static Schedule sections(
      Schedule s, UnaryOperator<List<Op>> outside, UnaryOperator<List<Op>> loop) {
    return s.withPrograms(
        s.programs().stream()
            .map(
                p ->
                    new WaveProgram(
                        p.role(),
                        p.waves(),
                        outside.apply(p.prologue()),
                        loop.apply(p.loop()),
                        outside.apply(p.epilogue())))
            .toList());
  }

  private static List<Op> fenced(List<Op> ops) {
    List<Op> out = new ArrayList<>();
    for (Op op : ops) {
      out.add(op);
      out.add(new Op.Wait(OptionalInt.of(0), OptionalInt.of(0), op.origin()));
      out.add(new Op.Barrier(op.origin()));
    }
    return out;
  }

  private static List<String> findings(RaceChecker.Result r) {
    return r.findings().stream()
        .map(
            f ->
                f.key() + " " + f.first().where() + f.second().map(s -> " " + s.where()).orElse(""))
        .toList();
  }

  private static List<String> dataflow(List<DataflowFinding> found) {
    return found.stream()
        .map(
            f ->
                f.key() + " " + f.first().where() + f.second().map(s -> " " + s.where()).orElse(""))
        .toList();
  }

  private static Set<String> shapes(RaceChecker.Result r) {
    return r.firstOfShapes().stream()
        .map(o -> o.shape().toString())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Property(tries = 100)
  void nearestPairsGiveTheFindingsAndShapesOfEveryPair(
      @ForAll("schedules") Schedule s,
      @ForAll CounterMode mode,
      @ForAll @IntRange(min = 1, max = 3) int trips) {
    HappensBefore hb = HappensBefore.of(Unroller.unroll(s, trips, mode));
    RaceChecker.Result every = RaceChecker.check(hb);
    // Every slot by its nearest pairs, however few its writes per byte.
    RaceChecker.Result nearest = RaceChecker.checkNearest(hb, 0);
    Statistics.collect(
        every.findings().isEmpty() ? "race-free" : "races",
        nearest.pairs() < every.pairs() ? "fewer pairs" : "as many pairs");
    assertEquals(findings(every), findings(nearest));
    assertEquals(shapes(every), shapes(nearest));
    assertEquals(true, nearest.pairs() <= every.pairs(), nearest.pairs() + " > " + every.pairs());
    RegisterUses uses = RegisterUses.of(hb);
    FragmentMap fragments = FragmentMap.of(s, trips);
    assertEquals(
        dataflow(DataflowChecker.check(uses, fragments, every)),
        dataflow(DataflowChecker.check(uses, fragments, nearest)));
  }
}

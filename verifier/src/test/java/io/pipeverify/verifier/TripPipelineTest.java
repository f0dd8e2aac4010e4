package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.check.TripAnalysis;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.unroll.CounterMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class TripPipelineTest {
  private static final Schedule CDNA4 = cdna4();

  private static Schedule cdna4() {
    try {
      return Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    } catch (KnobException e) {
      throw new AssertionError(e);
    }
  }

  private static final List<Integer> TRIPS = List.of(1, 2, 3, 4, 5);

  /** What one analysis is, compared across threads: its events by name and its race check. */
  private static List<Object> summary(TripAnalysis a) {
    List<Object> s = new ArrayList<>();
    s.add(a.hb().events().stream().map(Event::name).toList());
    s.add(a.races().pairs());
    s.add(a.races().findings().size());
    s.add(a.dataflow().size());
    return s;
  }

  private static List<List<Object>> taken(Executor executor, List<Integer> trips) {
    List<List<Object>> out = new ArrayList<>();
    try (TripPipeline p = new TripPipeline(CDNA4, trips, CounterMode.ORDERED, executor)) {
      for (int i = 0; i < p.size(); i++) {
        assertEquals(trips.get(i), p.tripCount(i));
        out.add(summary(p.take(i)));
      }
    }
    return out;
  }

  private static List<List<Object>> sequential(List<Integer> trips) {
    return trips.stream()
        .map(t -> summary(TripAnalysis.of(CDNA4, t, CounterMode.ORDERED)))
        .toList();
  }

  @Test
  void handsOutEachTripCountsAnalysisInOrderWhicheverThreadMadeIt() {
    List<List<Object>> expected = sequential(TRIPS);
    assertEquals(5, expected.size());
    // cdna4-interleave's unrolls: 1,314 events at T = 1, 13,060 over T = 1..5 (its stats line).
    assertEquals(1314, ((List<?>) expected.get(0).get(0)).size());
    assertEquals(13060, expected.stream().mapToInt(e -> ((List<?>) e.get(0)).size()).sum());
    assertEquals(expected, taken(ForkJoinPool.commonPool(), TRIPS));
    // The helper runs on the constructing thread, before the first take.
    assertEquals(expected, taken(Runnable::run, TRIPS));
  }

  @Test
  void finishesOnTheCallersThreadWhenTheHelperNeverRuns() {
    assertEquals(sequential(TRIPS), taken(task -> {}, TRIPS));
  }

  @Test
  void rethrowsWhatMakingAnAnalysisThrewWhenItsTripCountIsTaken() {
    // The helper makes T = 0 (position 1) while the caller still takes T = 1.
    try (TripPipeline p =
        new TripPipeline(CDNA4, List.of(1, 0), CounterMode.ORDERED, Runnable::run)) {
      assertEquals(1, p.take(0).hb().execution().tripCount());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.take(1));
      assertEquals("trip count must be >= 1, got 0", e.getMessage());
    }
  }
}

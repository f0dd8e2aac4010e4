package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

class ScheduleArbitrariesProperties {

  @Provide
  Arbitrary<Schedule> schedules() {
    return ScheduleArbitraries.validSchedules();
  }

  @Property(tries = 500)
  void generatedSchedulesValidate(@ForAll("schedules") Schedule s) {
    List<ScheduleValidator.Problem> problems = ScheduleValidator.validate(s);
    assertEquals(List.of(), problems, () -> "problems in " + s);
  }

  /** The generator must make race-relevant shapes, not only trivially disjoint ones. */
  @Property(tries = 500)
  @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
  void generatedSchedulesAreInteresting(@ForAll("schedules") Schedule s) {
    boolean multiWave = s.waves() > 1;
    boolean sharedRows =
        s.programs().stream()
            .flatMap(p -> p.loop().stream())
            .anyMatch(
                op ->
                    op instanceof Op.LdsAccess a
                        && a.region().start().vars().isEmpty()
                        && a.writes());
    boolean hasWait =
        s.programs().stream().flatMap(p -> p.loop().stream()).anyMatch(op -> op instanceof Op.Wait);
    boolean hasBarrier =
        s.programs().stream()
            .flatMap(p -> p.loop().stream())
            .anyMatch(op -> op instanceof Op.Barrier);
    Statistics.label("multi-wave").collect(multiWave);
    Statistics.label("loop writes rows shared by all waves").collect(sharedRows);
    Statistics.label("loop has a wait").collect(hasWait);
    Statistics.label("loop has a barrier").collect(hasBarrier);
    Statistics.label("programs").collect(s.programs().size());
    Statistics.label("multi-wave").coverage(c -> c.check(true).percentage(p -> p > 40));
    Statistics.label("loop writes rows shared by all waves")
        .coverage(c -> c.check(true).percentage(p -> p > 20));
    Statistics.label("loop has a wait")
        .coverage(
            c -> {
              c.check(true).percentage(p -> p > 20);
              c.check(false).percentage(p -> p > 5);
            });
    Statistics.label("loop has a barrier")
        .coverage(
            c -> {
              c.check(true).percentage(p -> p > 15);
              c.check(false).percentage(p -> p > 5);
            });
    Statistics.label("programs").coverage(c -> c.check(2).percentage(p -> p > 20));
    assertTrue(s.waves() >= 1 && s.waves() <= 4);
  }
}

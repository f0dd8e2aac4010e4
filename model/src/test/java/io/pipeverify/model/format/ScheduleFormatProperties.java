package io.pipeverify.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleArbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ScheduleFormatProperties {

  @Provide
  Arbitrary<Schedule> schedules() {
    return ScheduleArbitraries.validSchedules();
  }

  @Property(tries = 300)
  void writeThenReadGivesAnEqualSchedule(@ForAll("schedules") Schedule s) throws Exception {
    String text = ScheduleWriter.write(s);
    assertEquals(s, ScheduleReader.read("x.json", text), () -> "written as:\n" + text);
  }

  @Property(tries = 100)
  void writeIsDeterministicAndAFixedPoint(@ForAll("schedules") Schedule s) throws Exception {
    String once = ScheduleWriter.write(s);
    assertEquals(once, ScheduleWriter.write(s));
    assertEquals(once, ScheduleWriter.write(ScheduleReader.read("y.json", once)));
  }
}

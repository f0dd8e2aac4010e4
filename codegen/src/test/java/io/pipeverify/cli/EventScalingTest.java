package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventScalingTest {
  @Test
  void extraReadsCopyTheLoopsReadsIntoRegistersOfTheirOwnAfterTheLastRead() throws Exception {
    // Named as EventScaling names its resource, so that the origins compare equal.
    Schedule base = ScheduleReader.read("double-buffer.json", Files.readString(Cli.DOUBLE_BUFFER));
    Schedule grown = EventScaling.doubleBuffer(5);
    List<Op> loop = base.programs().get(0).loop();
    List<Op> grownLoop = grown.programs().get(0).loop();
    assertEquals(loop.size() + 5, grownLoop.size());
    // The base loop reads at indices 2..5; the copies follow, then the base's mfmas.
    assertEquals(loop.subList(0, 6), grownLoop.subList(0, 6));
    assertEquals(loop.subList(6, loop.size()), grownLoop.subList(11, grownLoop.size()));
    for (int i = 0; i < 5; i++) {
      Op.DsRead copy = (Op.DsRead) grownLoop.get(6 + i);
      Op.DsRead original = (Op.DsRead) loop.get(2 + i % 4);
      assertEquals("x" + i, copy.dst());
      assertEquals(original.region(), copy.region());
      assertEquals(original.tile(), copy.tile());
      assertEquals(original.slot(), copy.slot());
    }
    assertEquals(List.of(), ScheduleValidator.validate(grown));
    assertEquals("verified", Verifier.verify(grown, VerifyOptions.defaults()).verdict().id());
  }
}

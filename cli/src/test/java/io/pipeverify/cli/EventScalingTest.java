package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  /**
   * Issue 24's bench pair: the same accesses as pieces (the first 48 bytes of every 64-byte cell:
   * 16 for a copy of 8 rows, 32 for a read of 16) and as one range each; both valid and verified.
   */
  @Test
  void theScatteredTwinHasSixteenPiecesOrMorePerAccessAndVerifies() {
    Schedule pieces = EventScaling.scattered(5, true);
    Schedule ranges = EventScaling.scattered(5, false);
    java.util.TreeSet<Integer> counts = new java.util.TreeSet<>();
    for (int p = 0; p < pieces.programs().size(); p++) {
      List<Op> a = pieces.programs().get(p).loop();
      List<Op> b = ranges.programs().get(p).loop();
      for (int i = 0; i < a.size(); i++) {
        if (a.get(i) instanceof Op.LdsAccess x) {
          Op.LdsAccess y = (Op.LdsAccess) b.get(i);
          counts.add(x.region().pieces().size());
          assertEquals(y.region().start(), x.region().start());
          assertTrue(!y.region().isScattered());
        }
      }
    }
    assertEquals(java.util.Set.of(16, 32), counts);
    assertEquals(List.of(), ScheduleValidator.validate(pieces));
    assertEquals("verified", Verifier.verify(pieces, VerifyOptions.defaults()).verdict().id());
    assertEquals("verified", Verifier.verify(ranges, VerifyOptions.defaults()).verdict().id());
  }
}

package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.model.format.ScheduleWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class WaveSpecializationTest {
  /**
   * Four waves in two groups: the second group runs an extra barrier first, and each wave's copy
   * lands in the k-chunk {@code w % 2}.
   */
  private static final String ONE_PROGRAM =
      """
      {"format": "pipeverify-schedule/1", "name": "t", "target": "gfx950", "waves": 4,
       "implicitWaits": "llvm", "nominalTripCount": 4, "waveParams": {"warp_row": "w / 2"},
       "gemm": {"tileM": 16, "tileN": 16, "tileK": 64, "kChunk": 32},
       "buffers": [{"name": "A", "slots": 2, "slotBytes": 4096, "rowBytes": 128}],
       "programs": [{"role": "main", "waves": [0, 1, 2, 3], "epilogue": [], "loop": [],
        "prologue": [
         {"op": "barrier", "when": "warp_row == 1"},
         {"op": "g2s", "buffer": "A", "slot": 0, "bytes": {"start": "w * 64", "count": 64},
          "tile": {"tensor": "A", "k": 0, "rows": {"start": 0, "count": 1}, "kChunk": "w % 2"}}
       ]}]}
      """;

  @Test
  void aProgramSplitsIntoOneRolePerDistinctWave() throws Exception {
    Schedule s = WaveSpecialization.specialize(ScheduleReader.read("t.json", ONE_PROGRAM));
    assertEquals(
        List.of("main[0]", "main[1]", "main[2]", "main[3]"),
        s.programs().stream().map(WaveProgram::role).toList());
    assertEquals(List.of(1, 1, 2, 2), s.programs().stream().map(p -> p.prologue().size()).toList());
    Op.G2s copy = (Op.G2s) s.programOf(3).prologue().get(1);
    assertEquals(Expr.of(1), copy.tile().kChunk().orElseThrow());
    assertEquals(
        new Origin.InFile("t.json", "/programs/0/prologue/1"),
        copy.origin(),
        "the op keeps its place in the file");
    assertEquals(List.of(), ScheduleValidator.validate(s));
  }

  @Test
  void wavesThatRunTheSameOpsShareARole() throws Exception {
    Schedule s =
        WaveSpecialization.specialize(
            ScheduleReader.read("t.json", ONE_PROGRAM.replace("\"w % 2\"", "0")));
    assertEquals(
        List.of("main[0,1]", "main[2,3]"), s.programs().stream().map(WaveProgram::role).toList());
    assertEquals(List.of(2, 3), s.programOf(3).waves());
  }

  @Test
  void aScheduleWithNothingPerWaveIsItself() throws Exception {
    Schedule s =
        ScheduleReader.read(
            "t.json",
            ONE_PROGRAM
                .replace("\"w % 2\"", "0")
                .replace("{\"op\": \"barrier\", \"when\": \"warp_row == 1\"},", ""));
    assertSame(s, WaveSpecialization.specialize(s));
  }

  @Test
  void theWriterKeepsConditionsAndKChunkExpressions() throws Exception {
    Schedule s = ScheduleReader.read("t.json", ONE_PROGRAM);
    String written = ScheduleWriter.write(s);
    assertTrue(written.contains("{\"op\": \"barrier\", \"when\": \"warp_row == 1\","), written);
    assertTrue(written.contains("\"kChunk\": \"w % 2\"}"), written);
    assertEquals(s.programs(), ScheduleReader.read("u.json", written).programs());
  }

  @Test
  void rolesNameRunsOfWavesAsRanges() {
    assertEquals("0-3", WaveSpecialization.waves(List.of(0, 1, 2, 3)));
    assertEquals("0,2,4,6", WaveSpecialization.waves(List.of(0, 2, 4, 6)));
    assertEquals("0,1,4-7", WaveSpecialization.waves(List.of(0, 1, 4, 5, 6, 7)));
  }
}

package io.pipeverify.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Expr;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveProgram;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ScheduleReaderTest {
  static final Path EXAMPLE = Path.of("..", "docs", "examples", "double-buffer.json");

  @Test
  void readsTheWorkedExample() throws Exception {
    Schedule s = ScheduleReader.read(EXAMPLE);
    assertEquals("double-buffer-2w", s.name());
    assertEquals(Target.GFX950, s.target());
    assertEquals(2, s.waves());
    assertEquals(ImplicitWaits.LLVM, s.implicitWaits());
    assertEquals(2, s.gemm().kChunks());
    assertEquals(List.of("A", "B"), s.buffers().stream().map(b -> b.name()).toList());
    assertEquals(2, s.period());
    WaveProgram p = s.programOf(1);
    assertEquals(4, p.prologue().size());
    assertEquals(10, p.loop().size());
    assertEquals(6, p.epilogue().size());
    Op.G2s g = assertInstanceOf(Op.G2s.class, p.loop().get(0));
    assertEquals(Expr.parse("(k + 1) % 2"), g.slot());
    assertEquals(Region.rows("row0", 16), g.region());
    assertEquals(new Origin.InFile(EXAMPLE.toString(), "/programs/0/loop/0"), g.origin());
    Op.Wait wait = assertInstanceOf(Op.Wait.class, p.loop().get(8));
    assertEquals(
        List.of(OptionalInt.of(0), OptionalInt.of(0)), List.of(wait.vmcnt(), wait.lgkmcnt()));
    assertEquals(List.of(16L, 1L), List.of(s.waveEnv(1).get("row0"), s.waveEnv(1).get("w")));
  }

  @Test
  void writtenExampleReadsBackEqual() throws Exception {
    Schedule s = ScheduleReader.read(EXAMPLE);
    String text = ScheduleWriter.write(s);
    assertEquals(s, ScheduleReader.read("other.json", text));
    assertTrue(text.endsWith("}\n"));
  }

  @Test
  void writerLayout() throws Exception {
    String in =
        """
        {"format": "pipeverify-schedule/1", "name": "tiny", "target": "gfx942", "waves": 1,
         "implicitWaits": "none", "nominalTripCount": 3,
         "gemm": {"tileM": 16, "tileN": 16, "tileK": 32, "kChunk": 32},
         "waveParams": {},
         "buffers": [{"name": "A", "slots": 2, "slotBytes": 512, "rowBytes": 64}],
         "programs": [{"role": "solo", "waves": [0], "prologue": [],
           "loop": [
             {"op": "g2s", "buffer": "A", "slot": "k%2", "bytes": {"start": 0, "count": "2*32"},
              "tile": {"tensor": "A", "k": "k", "rows": {"start": 0, "count": 1}}},
             {"op": "wait", "lgkmcnt": 0, "origin": {"transform": "t", "stage": "s"}},
             {"op": "barrier"}],
           "epilogue": []}]}
        """;
    String expected =
        """
        {
          "format": "pipeverify-schedule/1",
          "name": "tiny",
          "target": "gfx942",
          "waves": 1,
          "implicitWaits": "none",
          "nominalTripCount": 3,
          "gemm": {"tileM": 16, "tileN": 16, "tileK": 32, "kChunk": 32},
          "waveParams": {},
          "buffers": [
            {"name": "A", "slots": 2, "slotBytes": 512, "rowBytes": 64}
          ],
          "programs": [
            {
              "role": "solo",
              "waves": [0],
              "prologue": [],
              "loop": [
                {"op": "g2s", "buffer": "A", "slot": "k % 2", "bytes": {"start": 0, "count": "2 * 32"}, \
        "tile": {"tensor": "A", "k": "k", "rows": {"start": 0, "count": 1}}, \
        "origin": {"file": "in.json", "pointer": "/programs/0/loop/0"}},
                {"op": "wait", "lgkmcnt": 0, "origin": {"transform": "t", "stage": "s"}},
                {"op": "barrier", "origin": {"file": "in.json", "pointer": "/programs/0/loop/2"}}
              ],
              "epilogue": []
            }
          ]
        }
        """;
    assertEquals(expected, ScheduleWriter.write(ScheduleReader.read("in.json", in)));
  }

  @Test
  void jsonTreeKeepsPositions() throws Exception {
    JsonNode root = JsonTreeParser.parse("t.json", "{\n  \"a\": [1, \"x\\\"y\"],\n \"b\": null}");
    JsonNode.JsonObject o = assertInstanceOf(JsonNode.JsonObject.class, root);
    assertEquals(new SourcePosition(1, 1), o.position());
    JsonNode.JsonArray a = assertInstanceOf(JsonNode.JsonArray.class, o.get("a").orElseThrow());
    assertEquals(new SourcePosition(2, 8), a.position());
    assertEquals(new SourcePosition(2, 9), a.elements().get(0).position());
    JsonNode.JsonString s = assertInstanceOf(JsonNode.JsonString.class, a.elements().get(1));
    assertEquals("x\"y", s.value());
    // escaped strings are not verbatim: positions inside fall back to the string's start
    assertEquals(s.position(), s.positionOf(1));
    assertEquals(new SourcePosition(3, 2), o.member("b").orElseThrow().keyPosition());
  }
}

package io.pipeverify.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleArbitraries;
import io.pipeverify.model.transform.Transforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** docs/schedule.schema.json agrees with the reader on valid files and rejects broken ones. */
class ScheduleSchemaTest {
  private static final Path SCHEMA = Path.of("..", "docs", "schedule.schema.json");
  private static final JsonSchema SCHEMA_VALIDATOR = load();

  private static JsonSchema load() {
    try {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
          .getSchema(Files.readString(SCHEMA));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Set<ValidationMessage> validate(String json) {
    return SCHEMA_VALIDATOR.validate(json, InputFormat.JSON);
  }

  @Test
  void workedExampleMatchesTheSchema() throws Exception {
    assertEquals(Set.of(), validate(Files.readString(ScheduleReaderTest.EXAMPLE)));
  }

  @Test
  void schemaRejectsWhatTheReaderRejectsStructurally() throws Exception {
    String example = Files.readString(ScheduleReaderTest.EXAMPLE);
    assertFalse(
        validate(example.replace("\"op\": \"barrier\"", "\"op\": \"s_barrier\"")).isEmpty());
    assertFalse(validate(example.replace("\"vmcnt\": 0}", "\"vmcnt\": 70}")).isEmpty());
    assertFalse(validate(example.replace("\"gfx950\"", "\"gfx90a\"")).isEmpty());
    assertFalse(
        validate(
                example.replace(
                    "\"dst\": \"a0\"", "\"dst\": \"a0\", \"bytes\": {\"start\": 0, \"count\": 1}"))
            .isEmpty());
    assertFalse(validate(example.replace("\"name\": \"A\", ", "")).isEmpty());
    assertFalse(validate(example.replace("\"k\": \"k + 1\"", "\"k\": 1.5")).isEmpty());
  }

  @Test
  void regionsOfSeveralRangesMatchTheSchema() throws Exception {
    String example = Files.readString(Path.of("..", "docs", "examples", "swizzled-reads.json"));
    assertEquals(Set.of(), validate(example));
    // One piece is no list of pieces; a piece is [start, count].
    String pieces = "[[0, 2], [4, 2], [8, 2], [12, 2], [16, 2], [20, 2], [24, 2], [28, 2]]";
    assertFalse(validate(example.replace(pieces, "[[0, 30]]")).isEmpty());
    assertFalse(validate(example.replace("[[0, 2], [4, 2],", "[[0, 2, 1], [4, 2],")).isEmpty());
  }

  @Test
  void swizzledColumnsMatchTheSchemaInRowsOnly() throws Exception {
    Schedule swizzled =
        Transforms.byName("tilelang-pipelined")
            .orElseThrow()
            .generate(Map.of("swizzle", "true", "waves", "2", "tileM", "32", "tileN", "32"));
    String json = ScheduleWriter.write(swizzled);
    String columns = "\"columns\": {\"bytes\": 16, \"first\": 0, \"count\": 4, \"xor\": 7}";
    assertTrue(json.contains(columns), json);
    assertEquals(Set.of(), validate(json));
    assertEquals(swizzled, ScheduleReader.read("swizzled.json", json));
    // Columns of rows are not pieces, a column has a width, and a bytes region has no rows.
    assertFalse(
        validate(json.replace(columns, columns + ", \"pieces\": [[0, 1], [2, 1]]")).isEmpty());
    assertFalse(validate(json.replace("\"bytes\": 16, ", "")).isEmpty());
    assertFalse(
        validate(
                json.replace(
                    "\"dst\": \"a0_kp0\"",
                    "\"dst\": \"a0_kp0\", \"bytes\": {\"start\": 0, \"count\": 1, "
                        + columns
                        + "}"))
            .isEmpty());
  }

  @Provide
  Arbitrary<Schedule> schedules() {
    return ScheduleArbitraries.validSchedules();
  }

  @Property(tries = 100)
  void writtenSchedulesMatchTheSchema(@ForAll("schedules") Schedule s) {
    String json = ScheduleWriter.write(s);
    assertEquals(Set.of(), validate(json), () -> json);
  }
}

package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListCommandTest {

  @Test
  void jsonHasTheFiveTransformsWithTheirKnobs() {
    Cli.Result r = Cli.run("list", "--format", "json");
    assertEquals(0, r.code(), r.dump());
    assertEquals("", r.err());
    JsonNode list = r.json();
    List<String> names = new ArrayList<>();
    list.forEach(t -> names.add(t.get("name").asText()));
    assertEquals(
        List.of(
            "tilelang-pipelined",
            "cdna4-interleave",
            "hipkittens-2step",
            "triton-stream",
            "triton-pingpong"),
        names);
    JsonNode cdna4 = list.get(1);
    assertTrue(cdna4.get("description").asText().contains("note 000"), r.dump());
    JsonNode drain = knob(cdna4, "lgkmDrainBeforeBarrier");
    assertEquals("bool", drain.get("type").asText());
    assertTrue(drain.get("default").isBoolean() && !drain.get("default").asBoolean(), r.dump());
    assertTrue(drain.get("description").asText().contains("lgkmcnt(0)"), r.dump());
    assertEquals(false, drain.has("choices"));
    JsonNode stages = knob(cdna4, "stages");
    assertEquals("int", stages.get("type").asText());
    assertEquals(4, stages.get("default").asInt());
    assertEquals("{\"min\":1,\"max\":16,\"powersOfTwo\":true}", stages.get("fuzzRange").toString());
    JsonNode slot = knob(cdna4, "g2sSlot");
    assertEquals("choice", slot.get("type").asText());
    assertEquals("next", slot.get("default").asText());
    assertEquals("[\"next\",\"current\"]", slot.get("choices").toString());
    for (JsonNode t : list) {
      for (JsonNode o : t.get("options")) {
        // choice knobs add "choices", int knobs "fuzzRange" (the values fuzz draws from)
        assertEquals(o.get("type").asText().equals("bool") ? 4 : 5, o.size(), "fields of " + o);
      }
    }
  }

  private static JsonNode knob(JsonNode transform, String name) {
    for (JsonNode o : transform.get("options")) {
      if (o.get("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no knob " + name + " in " + transform);
  }

  @Test
  void textIsATablePerTransform() {
    Cli.Result r = Cli.run("list");
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("tilelang-pipelined\n"), r.dump());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(l -> l.matches("  lgkmDrainBeforeBarrier +bool +false +.*lgkmcnt\\(0\\).*")),
        r.dump());
    assertTrue(
        r.out().lines().anyMatch(l -> l.matches("  g2sSlot +next\\|current +next +.*")), r.dump());
    for (String name : List.of("cdna4-interleave", "hipkittens-2step", "triton-pingpong")) {
      assertTrue(r.out().contains("\n" + name + "\n"), name);
    }
  }

  @Test
  void badFormatIsAUsageError() {
    Cli.Result r = Cli.run("list", "--format", "yaml");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: Invalid value for option '--format': unknown format 'yaml' (expected text or"
            + " json)\nTry 'pipeverify list --help' for more information.\n",
        r.err());
    assertEquals("", r.out());
  }
}

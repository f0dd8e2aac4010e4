package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnobsTest {
  private final Cdna4Interleave cdna4 = new Cdna4Interleave();

  private KnobException error(PipelineTransform<?> t, Map<String, String> options) {
    return assertThrows(KnobException.class, () -> t.configure(options));
  }

  @Test
  void transformsAreListedInOrder() {
    assertEquals(
        List.of(
            "tilelang-pipelined",
            "cdna4-interleave",
            "hipkittens-2step",
            "triton-stream",
            "triton-pingpong"),
        Transforms.all().stream().map(PipelineTransform::name).toList());
    assertEquals("triton-stream", Transforms.byName("triton-stream").orElseThrow().name());
    assertTrue(Transforms.byName("nope").isEmpty());
  }

  @Test
  void everyTransformHasTheCommonKnobs() {
    for (PipelineTransform<?> t : Transforms.all()) {
      List<String> names = t.knobs().stream().map(KnobSpec::name).toList();
      assertTrue(
          names.containsAll(
              List.of(
                  "waves",
                  "tileM",
                  "tileN",
                  "tileK",
                  "slots",
                  "target",
                  "implicitWaits",
                  "tripCount")),
          t.name());
      assertEquals("127", spec(t, "tripCount").defaultValue(), t.name());
      assertEquals(List.of("gfx950", "gfx942"), spec(t, "target").choices());
      assertTrue(t.description().length() > 40);
    }
    assertEquals("1", spec(new TritonPingpong(), "slots").defaultValue());
  }

  private static KnobSpec spec(PipelineTransform<?> t, String name) {
    return t.knobs().stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void unknownKnobListsTheValidOnes() {
    KnobException e = error(cdna4, Map.of("stagez", "4"));
    assertEquals(1, e.problems().size());
    String p = e.problems().get(0);
    assertTrue(p.contains("unknown knob 'stagez'"), p);
    assertTrue(p.contains("stages, prologueWait, prologueBarrier"), p);
    assertTrue(p.contains("tripCount"), p);
    assertEquals("cdna4-interleave", e.transform());
  }

  @Test
  void badBoolIntAndChoiceSayWhatIsExpected() {
    KnobException e =
        error(
            cdna4,
            Map.of(
                "prologueWait", "yes", "stages", "four", "g2sSlot", "later", "target", "gfx90a"));
    assertEquals(4, e.problems().size(), e.problems().toString());
    String all = String.join("\n", e.problems());
    assertTrue(all.contains("knob 'prologueWait': 'yes' is not a bool (true or false)"), all);
    assertTrue(all.contains("knob 'stages': 'four' is not an int"), all);
    assertTrue(all.contains("knob 'g2sSlot': 'later' is not one of next, current"), all);
    assertTrue(all.contains("knob 'target': 'gfx90a' is not one of gfx950, gfx942"), all);
  }

  @Test
  void invalidCombinationsNameTheirKnobsAndAreAllReported() {
    KnobException e =
        error(
            cdna4,
            Map.of(
                "lastStageBarrier", "false",
                "barrierBeforeWait", "true",
                "lgkmDrainBeforeBarrier", "true",
                "lastStageWait", "-1"));
    assertEquals(3, e.problems().size(), e.problems().toString());
    String all = String.join("\n", e.problems());
    assertTrue(all.contains("'barrierBeforeWait', 'lastStageBarrier'"), all);
    assertTrue(all.contains("'lgkmDrainBeforeBarrier', 'lastStageBarrier'"), all);
    assertTrue(all.contains("'lastStageWait'"), all);
    assertTrue(error(cdna4, Map.of("stages", "3")).problems().get(0).contains("knob 'stages'"));
    assertTrue(
        error(new TileLangPipelined(), Map.of("numStages", "3"))
            .problems()
            .get(0)
            .contains("'numStages', 'slots'"));
    assertTrue(
        error(new HipKittens2Step(), Map.of("slots", "3")).problems().get(0).contains("'slots'"));
    assertTrue(
        error(new TritonPingpong(), Map.of("clusters", "1"))
            .problems()
            .get(0)
            .contains("waves=4 tileM=128 tileN=128"));
    assertTrue(
        error(new TritonPingpong(), Map.of("chainedDot", "true", "clusters", "2"))
            .problems()
            .get(0)
            .contains("'chainedDot', 'clusters'"));
  }

  @Test
  void layoutMustSplitEvenly() {
    String p = error(cdna4, Map.of("waves", "7")).problems().get(0);
    assertTrue(p.contains("knob 'waves'"), p);
    // 64 rows of 128 B = 8 KiB over 8 waves x 1 KiB: one instruction each; 32 rows cannot split.
    List<String> ps = error(cdna4, Map.of("tileM", "32")).problems();
    assertTrue(ps.stream().anyMatch(s -> s.contains("'tileM', 'waves', 'tileK'")), ps.toString());
    assertTrue(
        error(cdna4, Map.of("tileK", "1024", "target", "gfx942")).problems().stream()
            .anyMatch(s -> s.contains("rows of 2048 B")));
    assertTrue(error(cdna4, Map.of("tripCount", "0")).problems().get(0).contains("'tripCount'"));
  }

  @Test
  void defaultsAreTheNotesAndNameShowsChangedKnobs() throws KnobException {
    Cdna4InterleaveConfig d = cdna4.defaults();
    assertEquals(CommonKnobs.CANONICAL, d.common());
    assertEquals(4, d.stages());
    assertEquals("cdna4-interleave", cdna4.generate(d).name());
    assertEquals(
        "cdna4-interleave[stages=8,target=gfx942]",
        cdna4.generate(Map.of("target", "gfx942", "stages", "8")).name());
  }

  @Test
  void generateFromRejectsAnotherTransformsConfig() {
    assertThrows(
        IllegalArgumentException.class, () -> cdna4.generateFrom(new TritonStream().defaults()));
  }
}

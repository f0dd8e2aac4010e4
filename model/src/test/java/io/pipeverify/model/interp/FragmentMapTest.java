package io.pipeverify.model.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FragmentMapTest {
  private static List<OptionalLong> rows(FragmentMap map, int waves) {
    List<OptionalLong> out = new ArrayList<>();
    for (int w = 0; w < waves; w++) {
      for (int i = 0; i < 8; i++) {
        out.add(map.rowsA(w, i));
        out.add(map.rowsB(w, i));
      }
    }
    return out;
  }

  /**
   * The map walked from the programs is the map of their unrolled ops (what the interpreter builds
   * it from), for every wave and fragment index; cdna4-interleave's wave 5 computes C rows 128-143
   * as its fragment row 0 and C columns 144-159 as its fragment column 1.
   */
  @Test
  void walkingTheProgramsGivesTheMapOfTheUnrolledOps() throws Exception {
    Schedule s = Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    for (int t = 1; t <= 3; t++) {
      assertEquals(
          rows(FragmentMap.of(ProgramUnroll.of(s, t)), s.waves()),
          rows(FragmentMap.of(s, t), s.waves()),
          "T=" + t);
    }
    FragmentMap map = FragmentMap.of(s, 2);
    assertEquals(OptionalLong.of(128), map.rowsA(5, 0));
    assertEquals(OptionalLong.of(144), map.rowsB(5, 1));
  }
}

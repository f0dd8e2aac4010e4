package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pipeverify.model.format.ScheduleReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpObjectsTest {
  private static Schedule example() throws Exception {
    return ScheduleReader.read(Path.of("..", "docs", "examples", "double-buffer.json"));
  }

  /** {@code s} with its first program's epilogue replaced by {@code epilogue}. */
  private static Schedule withEpilogue(Schedule s, List<Op> epilogue) {
    WaveProgram p = s.programs().get(0);
    return s.withPrograms(
        List.of(new WaveProgram(p.role(), p.waves(), p.prologue(), p.loop(), epilogue)));
  }

  @Test
  void theSameOpObjectsAreOneKeyAndEqualCopiesAreNot() throws Exception {
    Schedule s = example();
    List<Op> epilogue = s.programs().get(0).epilogue();
    // New lists of the same op objects: one key.
    Schedule same = withEpilogue(s, new ArrayList<>(epilogue));
    assertEquals(new OpObjects(s), new OpObjects(same));
    assertEquals(new OpObjects(s).hashCode(), new OpObjects(same).hashCode());
    // An equal op that is another object: another key (the lift interns its ops, so it never
    // makes such a pair), although the schedules are equal.
    Op barrier = new Op.Barrier(new Origin.FromTransform("test", "stage 0"));
    List<Op> a = new ArrayList<>(epilogue);
    a.add(barrier);
    List<Op> b = new ArrayList<>(epilogue);
    b.add(new Op.Barrier(new Origin.FromTransform("test", "stage 0")));
    assertEquals(withEpilogue(s, a), withEpilogue(s, b));
    assertNotEquals(new OpObjects(withEpilogue(s, a)), new OpObjects(withEpilogue(s, b)));
    // Another field: another key.
    assertNotEquals(new OpObjects(s), new OpObjects(s.withModel(Target.GFX942, s.implicitWaits())));
  }
}

package io.pipeverify.model.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterpreterTest {
  private static Schedule tilelang() throws Exception {
    return Transforms.byName("tilelang-pipelined").orElseThrow().generate(Map.of());
  }

  /**
   * Wave by wave, program order: legal for data here, since every wave copies rows... no: only used
   * where all waves run the same data events in lockstep.
   */
  private static List<DataEvent> lockstep(Schedule s, int t) {
    List<List<UnrolledOp>> waves = ProgramUnroll.of(s, t);
    List<DataEvent> out = new ArrayList<>();
    int len = waves.get(0).size();
    for (int p = 0; p < len; p++) {
      for (List<UnrolledOp> w : waves) {
        UnrolledOp u = w.get(p);
        Interpreter.action(u.op())
            .ifPresent(
                a -> out.add(new DataEvent(u.wave(), u.section(), u.iteration(), u.position(), a)));
      }
    }
    return out;
  }

  @Test
  void lockstepExecutionOfACorrectScheduleMatchesTheReference() throws Exception {
    Schedule s = tilelang();
    Outcome o = new Interpreter(s, 3, 5).run(lockstep(s, 3));
    assertEquals(0, o.mismatchCount(), () -> o.firstMismatch().toString());
    assertEquals(65536, o.outputs());
  }

  @Test
  void readsBeforeCopiesLandGiveNaN() throws Exception {
    Schedule s = tilelang();
    List<DataEvent> order = lockstep(s, 2);
    // Every read and mfma first, then the copies: LDS is still NaN when read.
    List<DataEvent> bad = new ArrayList<>();
    List<UnrolledOp> w0 = ProgramUnroll.of(s, 2).get(0);
    for (DataEvent e : order) {
      if (!(w0.stream()
          .anyMatch(
              u ->
                  u.position() == e.position()
                      && u.section() == e.section()
                      && u.iteration() == e.iteration()
                      && u.op() instanceof io.pipeverify.model.Op.G2s))) {
        bad.add(e);
      }
    }
    for (DataEvent e : order) {
      if (!bad.contains(e)) {
        bad.add(e);
      }
    }
    Outcome o = new Interpreter(s, 2, 5).run(bad);
    assertEquals(65536, o.nanCount());
    assertTrue(o.firstMismatch().orElseThrow().producer().contains("never-written rows (NaN)"));
  }

  @Test
  void incompleteOrdersAreRejected() throws Exception {
    Schedule s = tilelang();
    List<DataEvent> order = new ArrayList<>(lockstep(s, 1));
    order.remove(order.size() - 1);
    assertThrows(IllegalArgumentException.class, () -> new Interpreter(s, 1, 5).run(order));
  }

  @Test
  void operandsAreDeterministicBf16() {
    Operands a = new Operands(3, 16, 16, 64);
    Operands b = new Operands(3, 16, 16, 64);
    float x = a.get("A", 2, 5, 7);
    assertEquals(x, b.get("A", 2, 5, 7));
    assertEquals(0, Float.floatToRawIntBits(x) & 0xFFFF);
    assertTrue(Float.isNaN(a.get("A", 2, 16, 0)));
  }
}

package io.pipeverify.verifier.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InstanceMapTest {
  @Test
  void holdsAValuePerInstanceOfItsExecutionOnly() throws Exception {
    Schedule s = Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    Execution one = Unroller.unroll(s, 1, CounterMode.ORDERED);
    Execution two = Unroller.unroll(s, 2, CounterMode.ORDERED);
    InstanceMap<String> map = new InstanceMap<>(one);
    Instance x = one.waves().get(3).get(7);
    assertNull(map.get(x));
    map.put(x, "x");
    assertEquals("x", map.get(x));
    // The instance at the same wave and seq of another execution is another instance.
    Instance same = two.waves().get(3).get(7);
    assertEquals(x.where(), same.where());
    assertNull(map.get(same));
    assertEquals(3, map.position(3));
    assertEquals(-1, map.position(s.waves()));
    AtomicInteger computed = new AtomicInteger();
    Instance y = one.waves().get(0).get(0);
    assertEquals(
        "y",
        map.computeIfAbsent(
            y,
            i -> {
              computed.incrementAndGet();
              return "y";
            }));
    assertEquals("y", map.computeIfAbsent(y, i -> "computed again"));
    assertEquals(1, computed.get());
  }
}

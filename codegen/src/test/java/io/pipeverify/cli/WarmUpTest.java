package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A fixed warm-up runs exactly its runs; auto runs whole windows after its minimum, up to 400. */
class WarmUpTest {
  @Test
  void aNumberIsExactlyThatManyRuns() throws Exception {
    WarmUp five = WarmUp.parse("5");
    assertEquals(new WarmUp(5, false), five);
    AtomicInteger runs = new AtomicInteger();
    assertEquals(5, five.run(runs::incrementAndGet));
    assertEquals(5, runs.get());
    assertEquals(0, WarmUp.parse("0").run(runs::incrementAndGet));
  }

  @Test
  void autoRunsItsMinimumThenWindowsUntilTheJitIsQuiet() throws Exception {
    WarmUp auto = WarmUp.parse("auto");
    assertEquals(new WarmUp(30, true), auto);
    AtomicInteger runs = new AtomicInteger();
    int done =
        auto.run(
            () -> {
              runs.incrementAndGet();
              try {
                Thread.sleep(1);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    assertEquals(runs.get(), done);
    // Two quiet windows of 10 at least, whole windows only, never more than the maximum.
    assertTrue(done >= 50 && done <= 400 && (done - 30) % 10 == 0, Integer.toString(done));
  }
}

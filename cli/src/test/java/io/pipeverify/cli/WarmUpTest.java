package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A fixed warm-up runs exactly its runs; auto runs its minimum, then windows of 10 until two in a
 * row are quiet (the compilers took at most a twentieth of the window), up to 400.
 */
class WarmUpTest {
  @Test
  void aNumberIsExactlyThatManyRuns() throws Exception {
    WarmUp five = WarmUp.parse("5");
    assertEquals(new WarmUp(5, false), five);
    AtomicInteger runs = new AtomicInteger();
    assertEquals(5, five.run(runs::incrementAndGet));
    assertEquals(5, runs.get());
    assertEquals(0, WarmUp.parse("0").run(runs::incrementAndGet));
    assertEquals(5, runs.get());
  }

  @Test
  void autoWarmsUpUntilTwoWindowsInARowAreQuiet() throws Exception {
    WarmUp auto = WarmUp.parse("auto");
    assertEquals(new WarmUp(30, true), auto);
    // The compilers work 100 ms per run for the first 60 runs, then 100 ms once more at run 80.
    AtomicInteger runs = new AtomicInteger();
    AtomicLong compiling = new AtomicLong();
    Runnable run =
        () -> {
          int n = runs.incrementAndGet();
          if (n <= 60 || n == 80) {
            compiling.addAndGet(100);
          }
        };
    // Windows 31-40, 41-50, 51-60 busy; 61-70 quiet; 71-80 busy; 81-90, 91-100 quiet.
    assertEquals(100, auto.run(run, compiling::get));
    assertEquals(100, runs.get());
  }

  @Test
  void autoStopsAtItsMaximumWhileTheCompilersWork() {
    AtomicLong compiling = new AtomicLong();
    assertEquals(400, new WarmUp(30, true).run(() -> compiling.addAndGet(5), compiling::get));
    // Without the compilers' time it is its minimum.
    assertEquals(30, new WarmUp(30, true).run(() -> {}, null));
  }
}

package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class Z3StartUpTest {
  /**
   * A session made after Z3 was started up on another thread (twice: once per JVM) decides as one
   * made without it: the start-up leaves no state a session could see.
   */
  @Test
  void aSessionAfterAStartUpOnAnotherThreadDecidesAsWithout() throws InterruptedException {
    Thread other = new Thread(Z3Session::startUp);
    other.start();
    other.join();
    Z3Session.startUp();
    try (Z3Session z3 = new Z3Session(Duration.ofSeconds(10))) {
      // Two roles: 1 + 2T barriers against 3 + T, unequal except at T = 2.
      assertEquals(
          SolverOutcome.Sat.class,
          z3.findUnequalBarrierCount(new long[] {1, 3}, new long[] {2, 1}).getClass());
      assertEquals(
          SolverOutcome.Unsat.class,
          z3.findUnequalBarrierCount(new long[] {1, 1}, new long[] {2, 2}).getClass());
    }
  }
}

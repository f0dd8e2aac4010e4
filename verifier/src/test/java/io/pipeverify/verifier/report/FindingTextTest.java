package io.pipeverify.verifier.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindingTextTest {
  private static final Violation V =
      new Violation(Property.P1, ViolationKind.RAW, 1, List.of(), "s", "m", List.of(), List.of());

  @Test
  void rangesCollapseRuns() {
    assertEquals("0-3, 5, 7-8", FindingText.ranges(List.of(0, 1, 2, 3, 5, 7, 8)));
    assertEquals("4", FindingText.ranges(List.of(4)));
    assertEquals("", FindingText.ranges(List.of()));
  }

  @Test
  void coverageSaysCountWavesIterationsAndRoles() {
    assertEquals(
        "24 instances in waves 0-3, 6, iterations k=0-2, roles ping, pong",
        FindingText.coverage(
            new Finding(V, 24, List.of(0, 1, 2, 3, 6), List.of(0, 1, 2), List.of("ping", "pong"))));
    assertEquals(
        "1 instance in wave 2, role all",
        FindingText.coverage(new Finding(V, 1, List.of(2), List.of(), List.of("all"))));
    assertEquals(
        "1 instance", FindingText.coverage(new Finding(V, 1, List.of(), List.of(), List.of())));
  }
}

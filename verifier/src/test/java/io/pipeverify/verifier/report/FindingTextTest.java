package io.pipeverify.verifier.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RootCause;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindingTextTest {
  private static final Violation V =
      new Violation(Property.P1, ViolationKind.RAW, 1, List.of(), "s", "m", List.of(), List.of());
  private static final Violation P2 =
      new Violation(
          Property.P2, ViolationKind.UNINITIALIZED, 1, List.of(), "s", "m", List.of(), List.of());
  private static final RootCause CAUSE =
      RootCause.defect(Property.P5, ViolationKind.MIXED_K_CHUNK, "the cause");

  private static Finding finding(
      int instances, List<Integer> waves, List<Integer> iterations, List<String> roles) {
    return new Finding(CAUSE, List.of(V), instances, waves, iterations, roles);
  }

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
            finding(24, List.of(0, 1, 2, 3, 6), List.of(0, 1, 2), List.of("ping", "pong"))));
    assertEquals(
        "1 instance in wave 2, role all",
        FindingText.coverage(finding(1, List.of(2), List.of(), List.of("all"))));
    assertEquals("1 instance", FindingText.coverage(finding(1, List.of(), List.of(), List.of())));
  }

  @Test
  void originsListTheFirstSixPlacesAndCountTheRest() {
    List<Violation> eight = new java.util.ArrayList<>();
    for (int i = 0; i < 8; i++) {
      OpRef op = new OpRef(0, "loop", 0, i, "", "ds_read", "t", "A", 0, "r", "", "k.s:" + (10 + i));
      eight.add(
          new Violation(
              Property.P1, ViolationKind.RAW, 1, List.of(op), "s", "m", List.of(), List.of()));
    }
    Finding f = new Finding(CAUSE, eight, 8, List.of(), List.of(), List.of());
    assertEquals(
        "k.s:10, k.s:11, k.s:12, k.s:13, k.s:14, k.s:15 and 2 more", FindingText.origins(f));
    Finding six = new Finding(CAUSE, eight.subList(0, 6), 6, List.of(), List.of(), List.of());
    assertEquals("k.s:10, k.s:11, k.s:12, k.s:13, k.s:14, k.s:15", FindingText.origins(six));
  }

  @Test
  void rulesCountTheDefectsOfEachRule() {
    Finding f = new Finding(CAUSE, List.of(V, V, P2, V), 9, List.of(), List.of(), List.of());
    assertEquals("P1 RAW (3 defects), P2 UNINITIALIZED", FindingText.rules(f));
    assertEquals(
        "P1 RAW",
        FindingText.rules(new Finding(CAUSE, List.of(V), 1, List.of(), List.of(), List.of())));
  }
}

package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TracesOptionTest {
  /**
   * Without traces (fuzz campaigns) the findings, their summaries, missing edges and instance
   * counts are those of a report with traces; only the interleavings are left out.
   */
  @Test
  void withoutTracesTheFindingsAreTheSameAndTheirInterleavingsEmpty() throws Exception {
    Schedule s = Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    VerificationReport with = Verifier.verify(s, VerifyOptions.defaults());
    VerificationReport without = Verifier.verify(s, VerifyOptions.defaults().withTraces(false));
    assertEquals(1, with.verdict().findings().size());
    assertEquals(2, with.verdict().violations().size());
    assertEquals(summaries(with), summaries(without));
    assertEquals(
        with.verdict().findings().stream().map(Finding::instances).toList(),
        without.verdict().findings().stream().map(Finding::instances).toList());
    assertTrue(with.verdict().violations().stream().noneMatch(v -> v.trace().isEmpty()));
    assertTrue(without.verdict().violations().stream().allMatch(v -> v.trace().isEmpty()));
  }

  private static List<String> summaries(VerificationReport r) {
    return r.verdict().violations().stream()
        .map(v -> v.summary() + " | " + v.missingEdge())
        .toList();
  }
}

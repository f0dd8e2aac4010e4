package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ISA check on loops from real clang-22 output (and edits of it); no compiler needed. */
class IsaCheckerTest {
  private static VerifiedSchedule drain;

  @BeforeAll
  static void verify() throws Exception {
    drain = Fixtures.cdna4Drain();
  }

  private static IsaReport check(String fragment) throws Exception {
    return IsaChecker.check(drain, Fixtures.resource("isa/" + fragment), fragment);
  }

  @Test
  void theCompiledLoopHasNoInsertedVmcntAndItsAsCompiledScheduleVerifies() throws Exception {
    IsaReport r = check("cdna4-lgkm-drain.loop.s");
    String text = IsaReportRenderer.text(r);
    assertEquals(0, r.count(IsaFinding.Kind.INSERTED_VMCNT), text);
    assertEquals(0, r.count(IsaFinding.Kind.MISSING_WAIT), text);
    assertEquals(0, r.count(IsaFinding.Kind.MOVED_WAIT), text);
    assertEquals(2, r.asCompiled().size(), text);
    // clang interleaves the g2s with the ds_reads inside a stage: an order change, but safe. In
    // each half of the unrolled loop, the copy regions of stages 0, 1 and 3 (stage 2 keeps its
    // order).
    assertEquals(6, r.count(IsaFinding.Kind.ORDER_CHANGE), text);
    assertEquals(
        List.of(1, 3, 7, 9, 11, 15),
        r.findings().stream()
            .filter(f -> f.kind() == IsaFinding.Kind.ORDER_CHANGE)
            .map(IsaFinding::region)
            .toList(),
        text);
    assertEquals(IsaReport.Status.DEVIATES_SAFE, r.status(), text);
    assertEquals(0, r.status().exitCode());
  }

  @Test
  void anInsertedVmcntBeforeADsReadIsReported() throws Exception {
    IsaReport r = check("cdna4-inserted-vmcnt.loop.s");
    String text = IsaReportRenderer.text(r);
    assertEquals(1, r.count(IsaFinding.Kind.INSERTED_VMCNT), text);
    IsaFinding f =
        r.findings().stream()
            .filter(x -> x.kind() == IsaFinding.Kind.INSERTED_VMCNT)
            .findFirst()
            .orElseThrow();
    assertEquals(49, f.line(), text);
    assertTrue(f.message().contains("before 'ds_read_b128"), f.message());
    // A stronger wait is still safe: the as-compiled schedule verifies.
    assertEquals(IsaReport.Status.DEVIATES_SAFE, r.status(), text);
    assertTrue(text.contains("[inserted-vmcnt] cdna4-inserted-vmcnt.loop.s:49:"), text);
  }

  @Test
  void aDroppedLgkmcntDrainIsMissingAndTheAsCompiledScheduleIsViolated() throws Exception {
    IsaReport r = check("cdna4-missing-lgkm-drain.loop.s");
    String text = IsaReportRenderer.text(r);
    assertEquals(1, r.count(IsaFinding.Kind.MISSING_WAIT), text);
    assertEquals(IsaReport.Status.VIOLATED, r.status(), text);
    assertEquals(1, r.status().exitCode());
    // Both residues of T modulo the unroll factor 2 are violated by the WAR on B that the drain
    // fixes (counterexamples/cdna4-interleave), found at T' = 1 of the unrolled loop.
    assertEquals(List.of(0, 1), r.asCompiled().stream().map(a -> a.residue()).toList(), text);
    for (IsaReport.AsCompiled a : r.asCompiled()) {
      List<Violation> v =
          assertInstanceOf(Verdict.Violated.class, a.report().verdict(), text).violations();
      assertEquals(2, v.size(), text);
      Violation first = v.get(0);
      assertEquals(Property.P1, first.property(), text);
      assertEquals(ViolationKind.WAR, first.kind(), text);
      assertEquals(1, first.tripCount(), text);
      assertEquals(
          List.of("ds_read B", "g2s B"),
          first.ops().stream().map(o -> o.op() + " " + o.buffer()).toList(),
          text);
    }
    assertTrue(text.contains("as-compiled schedule for T % 2 == 0: violated"), text);
    assertTrue(text.contains("as-compiled schedule for T % 2 == 1: violated"), text);
    assertTrue(IsaReportRenderer.json(r).contains("\"status\" : \"violated\""));
  }

  @Test
  void aListingWithoutTheLoopIsUnmappedNotVerified() throws Exception {
    IsaReport r = IsaChecker.check(drain, "k:\n\ts_endpgm\n", "empty.s");
    assertEquals(IsaReport.Status.UNMAPPED, r.status());
    assertEquals(1, r.status().exitCode());
    assertTrue(r.asCompiled().isEmpty());
  }

  @Test
  void aLoopWithADifferentNumberOfCopiesIsACountMismatch() throws Exception {
    String asm =
        Fixtures.resource("isa/cdna4-lgkm-drain.loop.s")
            .replaceFirst("\tbuffer_load_dwordx4 v148, s\\[12:15\\], 0 offen lds\n", "");
    IsaReport r = IsaChecker.check(drain, asm, "edited.s");
    assertEquals(1, r.count(IsaFinding.Kind.COUNT_MISMATCH), IsaReportRenderer.text(r));
    assertEquals(IsaReport.Status.UNMAPPED, r.status());
  }
}

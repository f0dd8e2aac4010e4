package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.codegen.Fixtures;
import io.pipeverify.verifier.VerifiedSchedule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ISA check on loops from real clang-22 output (and edits of it); no compiler needed. */
class IsaCheckerTest {
  private static VerifiedSchedule drain;

  @BeforeAll
  static void verify() {
    drain = Fixtures.cdna4Drain();
  }

  private static IsaReport check(String fragment) {
    return IsaChecker.check(drain, Fixtures.resource("isa/" + fragment), fragment);
  }

  @Test
  void theCompiledLoopHasNoInsertedVmcntAndItsAsCompiledScheduleVerifies() {
    IsaReport r = check("cdna4-lgkm-drain.loop.s");
    String text = IsaReportRenderer.text(r);
    assertEquals(0, r.count(IsaFinding.Kind.INSERTED_VMCNT), text);
    assertEquals(0, r.count(IsaFinding.Kind.MISSING_WAIT), text);
    assertEquals(0, r.count(IsaFinding.Kind.MOVED_WAIT), text);
    assertEquals(2, r.asCompiled().size(), text);
    // clang interleaves the g2s with the ds_reads inside a stage: an order change, but safe.
    assertTrue(r.count(IsaFinding.Kind.ORDER_CHANGE) > 0, text);
    assertEquals(IsaReport.Status.DEVIATES_SAFE, r.status(), text);
    assertEquals(0, r.status().exitCode());
  }

  @Test
  void anInsertedVmcntBeforeADsReadIsReported() {
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
  void aDroppedLgkmcntDrainIsMissingAndTheAsCompiledScheduleIsViolated() {
    IsaReport r = check("cdna4-missing-lgkm-drain.loop.s");
    String text = IsaReportRenderer.text(r);
    assertEquals(1, r.count(IsaFinding.Kind.MISSING_WAIT), text);
    assertEquals(IsaReport.Status.VIOLATED, r.status(), text);
    assertEquals(1, r.status().exitCode());
    assertTrue(text.contains("P1 WAR"), text);
    assertTrue(IsaReportRenderer.json(r).contains("\"status\" : \"violated\""));
  }

  @Test
  void aListingWithoutTheLoopIsUnmappedNotVerified() {
    IsaReport r = IsaChecker.check(drain, "k:\n\ts_endpgm\n", "empty.s");
    assertEquals(IsaReport.Status.UNMAPPED, r.status());
    assertEquals(1, r.status().exitCode());
    assertTrue(r.asCompiled().isEmpty());
  }

  @Test
  void aLoopWithADifferentNumberOfCopiesIsACountMismatch() {
    String asm =
        Fixtures.resource("isa/cdna4-lgkm-drain.loop.s")
            .replaceFirst("\tbuffer_load_dwordx4 v148, s\\[12:15\\], 0 offen lds\n", "");
    IsaReport r = IsaChecker.check(drain, asm, "edited.s");
    assertEquals(1, r.count(IsaFinding.Kind.COUNT_MISMATCH), IsaReportRenderer.text(r));
    assertEquals(IsaReport.Status.UNMAPPED, r.status());
  }
}

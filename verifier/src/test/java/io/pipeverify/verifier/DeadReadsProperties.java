package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Dead reads only ever set defects aside (issue 36): a schedule's violations are among those of the
 * same schedule with every read stated used, which has no benign notes, and each benign note of the
 * schedule is a violation there, at the same ops.
 */
class DeadReadsProperties {
  @Provide
  Arbitrary<Schedule> anySchedule() {
    return SmallSchedules.any();
  }

  private static Schedule allUsed(Schedule s) {
    return s.mapOps(op -> op instanceof Op.DsRead r ? r.withUse(ReadUse.USED) : op);
  }

  /**
   * Whether {@code r} has a violation of {@code rule} with an op from {@code origin} and, when
   * given, one of kind {@code otherKind}. A defect is named by its ops' sites, and a transform's
   * stage names ops of several roles: the same defect's first instance may pair an op with another
   * role's op of that site, so the other op is matched by its kind. Ops from files have no stage:
   * the same op in the same section of two roles is one site (ProgramSites), so one defect whose
   * first instance may be the other role's (its origin another JSON pointer).
   */
  private static boolean hasDefect(
      VerificationReport r, String rule, OpRef op, Optional<String> otherKind) {
    return r.verdict().violations().stream()
        .anyMatch(
            v ->
                (v.property() + " " + v.kind()).equals(rule)
                    && v.ops().stream().anyMatch(o -> sameSite(o, op))
                    && otherKind
                        .map(k -> v.ops().stream().anyMatch(o -> o.op().equals(k)))
                        .orElse(true));
  }

  private static boolean sameSite(OpRef a, OpRef b) {
    return a.origin().equals(b.origin())
        || (a.stage().isEmpty()
            && b.stage().isEmpty()
            && a.section().equals(b.section())
            && a.op().equals(b.op())
            && a.buffer().equals(b.buffer()));
  }

  @Property(tries = 40)
  void deadReadsOnlySetDefectsAside(@ForAll("anySchedule") Schedule s) {
    VerifyOptions all = VerifyOptions.defaults().withMaxFindings(0).withTraces(false);
    VerificationReport withUses = Verifier.verify(s, all);
    VerificationReport used = Verifier.verify(allUsed(s), all);
    Statistics.collect(withUses.benign().isEmpty() ? "no dead read races" : "benign notes");
    assertEquals(List.of(), used.benign(), () -> Reports.describe(used));
    if (used.verdict() instanceof Verdict.Verified) {
      assertTrue(withUses.verdict() instanceof Verdict.Verified, () -> Reports.describe(withUses));
    }
    for (Violation v : withUses.verdict().violations()) {
      OpRef first = v.ops().isEmpty() ? null : v.ops().get(0);
      assertTrue(
          first == null
              || hasDefect(
                  used,
                  v.property() + " " + v.kind(),
                  first,
                  v.ops().size() > 1 ? Optional.of(v.ops().get(1).op()) : Optional.empty()),
          () -> v.summary() + " is no defect of\n" + Reports.describe(used));
    }
    for (Benign b : withUses.benign()) {
      assertTrue(
          hasDefect(used, b.rule(), b.read(), b.other().map(OpRef::op)),
          () -> b.text() + " is no defect of\n" + Reports.describe(used));
    }
  }
}

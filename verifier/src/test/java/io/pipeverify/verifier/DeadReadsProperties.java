package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Op;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
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

  /** A violation by its rule and the places of its ops' origins. */
  private static Set<String> violations(VerificationReport r) {
    return r.verdict().violations().stream()
        .map(v -> v.property() + " " + v.kind() + " " + places(v.ops()))
        .collect(Collectors.toSet());
  }

  /**
   * The ops' origins: a defect's instances differ in wave and iteration, and which instance is a
   * defect's first depends on which are set aside.
   */
  private static String places(List<OpRef> ops) {
    return ops.stream().map(OpRef::origin).sorted().toList().toString();
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
    Set<String> everyDefect = violations(used);
    assertTrue(
        everyDefect.containsAll(violations(withUses)),
        () -> Reports.describe(withUses) + "\nnot among\n" + Reports.describe(used));
    for (Benign b : withUses.benign()) {
      String rule = b.rule();
      List<OpRef> ops =
          b.other().isPresent() ? List.of(b.read(), b.other().get()) : List.of(b.read());
      assertTrue(
          everyDefect.contains(rule + " " + places(ops)),
          () -> b.text() + " is no defect of\n" + Reports.describe(used));
    }
  }
}

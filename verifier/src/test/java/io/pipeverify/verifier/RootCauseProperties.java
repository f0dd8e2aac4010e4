package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.model.transform.Transforms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Root causes (docs/debugging.md) on built-in transforms' configurations: the findings partition
 * the defects (every violation in exactly one finding, distinct cause keys, the rules and instance
 * counts those of its violations), the grouping is the same on every run, and it does not depend on
 * how the kernel is transcribed into roles: the same schedule with a role per wave has the same
 * causes with the same instances (causes are named by sites, which every role shares).
 */
class RootCauseProperties {

  @Provide
  Arbitrary<PassConfig> configs() {
    return PassConfigArbitraries.smallTileLangOrCdna4(4);
  }

  /** The same ops, one role per wave. */
  private static Schedule rolePerWave(Schedule s) {
    List<WaveProgram> roles = new ArrayList<>();
    for (WaveProgram p : s.programs()) {
      for (int w : p.waves()) {
        roles.add(
            new WaveProgram(p.role() + "-" + w, List.of(w), p.prologue(), p.loop(), p.epilogue()));
      }
    }
    return s.withPrograms(roles);
  }

  /**
   * A finding without its roles: cause, rules, instances, waves, iterations, defects. Violations of
   * the whole schedule (P6, P7) are counted per op of the file, so per role: their cause only.
   */
  private static List<String> causes(VerificationReport r) {
    return r.verdict().findings().stream()
        .map(
            f ->
                f.rules().stream().allMatch(x -> x.startsWith("P6") || x.startsWith("P7"))
                    ? f.cause().key()
                    : f.cause().key()
                        + " | "
                        + f.rules()
                        + " | "
                        + f.instances()
                        + " | "
                        + f.waves()
                        + " | "
                        + f.iterations()
                        + " | "
                        + f.violations().size())
        .toList();
  }

  @Property(tries = 30)
  void findingsPartitionTheDefectsTheSameWayInEveryRunAndTranscription(
      @ForAll("configs") PassConfig c) throws Exception {
    Schedule s = Transforms.byName(c.transformName()).orElseThrow().generate(c.options());
    VerifyOptions all = VerifyOptions.defaults().withMaxFindings(0);
    VerificationReport r = Verifier.verify(s, all);
    Statistics.collect(r.verdict().id());
    List<Finding> findings = r.verdict().findings();
    Set<String> keys = new HashSet<>();
    int violations = 0;
    for (Finding f : findings) {
      assertTrue(keys.add(f.cause().key()), "one finding per cause: " + f.cause().key());
      violations += f.violations().size();
      Set<String> rules = new LinkedHashSet<>();
      f.violations().forEach(v -> rules.add(v.property() + " " + v.kind()));
      assertEquals(List.copyOf(rules), f.rules());
      assertTrue(f.instances() >= f.violations().size());
      assertEquals(f.violations().get(0), f.representative());
    }
    assertEquals(r.verdict().violations().size(), violations);
    assertEquals(r.verdict().violations().size(), new HashSet<>(r.verdict().violations()).size());

    assertEquals(findings, Verifier.verify(s, all).verdict().findings(), "the same every run");
    assertEquals(
        causes(r),
        causes(Verifier.verify(rolePerWave(s), all)),
        "the same causes with a role per wave");
  }
}

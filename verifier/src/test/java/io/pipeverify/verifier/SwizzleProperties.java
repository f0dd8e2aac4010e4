package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.model.transform.Transforms;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The TileLang transforms' {@code swizzle} knob makes every fragment read the XOR-swizzled 16-byte
 * columns of its k-chunk instead of whole rows. The copies write whole rows, so an access conflicts
 * with a copy exactly when it did before: the same verdict and the same findings (property, kind,
 * trip count, the ops' stages and kinds), only the regions they name are exact now. Reads against
 * reads never conflict; reads of two k-chunks of one row no longer overlap, which matters to
 * nothing a read can race with.
 */
class SwizzleProperties {

  @Provide
  Arbitrary<PassConfig> tileLang() {
    return PassConfigArbitraries.smallTileLangOrCdna4(2);
  }

  private static Schedule withSwizzle(PassConfig c, boolean swizzle) throws Exception {
    Map<String, String> options = new TreeMap<>(c.options());
    options.put("swizzle", Boolean.toString(swizzle));
    return Transforms.byName(c.transformName()).orElseThrow().generate(options);
  }

  /** What a finding is about, without the regions it names. */
  private static List<String> findings(VerificationReport r) {
    if (!(r.verdict() instanceof Verdict.Violated v)) {
      return List.of(r.verdict().id());
    }
    return v.violations().stream()
        .map(
            x ->
                x.property()
                    + " "
                    + x.kind()
                    + " T="
                    + x.tripCount()
                    + x.ops().stream().map(o -> " " + o.stage() + ":" + o.op()).toList())
        .toList();
  }

  @Property(tries = 30)
  void swizzledReadsGiveTheFindingsOfWholeRows(@ForAll("tileLang") PassConfig c) throws Exception {
    VerificationReport rows = Verifier.verify(withSwizzle(c, false), VerifyOptions.defaults());
    VerificationReport swizzled = Verifier.verify(withSwizzle(c, true), VerifyOptions.defaults());
    Statistics.collect(rows.verdict().id());
    assertEquals(findings(rows), findings(swizzled), () -> Reports.describe(swizzled));
  }
}

package io.pipeverify.verifier.repair;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.util.Map;

public final class RepairProbe {
  public static void main(String[] args) throws Exception {
    String[][] cases = {
      {"cdna4-interleave"},
      {"tilelang-pipelined", "endOfIterationBarrier", "false"},
      {"tilelang-pipelined", "opsPerGroup", "16"},
      {"cdna4-interleave", "prologueBarrier", "false"},
      {"cdna4-interleave", "barrierBeforeWait", "true"},
      {"cdna4-interleave", "g2sSlot", "current"},
      {"hipkittens-2step"},
    };
    for (String[] c : cases) {
      Map<String, String> knobs = c.length > 1 ? Map.of(c[1], c[2]) : Map.of();
      long t0 = System.nanoTime();
      VerificationReport r =
          Verifier.verify(Transforms.byName(c[0]).get().generate(knobs), VerifyOptions.defaults());
      long t1 = System.nanoTime();
      RepairFinder f = new RepairFinder(VerifyOptions.defaults());
      RepairPlan plan = f.plan(r, RepairFinder.DEFAULT_STEPS);
      long t2 = System.nanoTime();
      System.out.printf(
          "== %s  verify %d ms, repair %d ms, %d verifications, verifies=%s%n",
          String.join(" ", c),
          (t1 - t0) / 1000000,
          (t2 - t1) / 1000000,
          f.verifications(),
          plan.verifies());
      for (RepairStep s : plan.steps()) {
        System.out.println("  target: " + s.target().summary());
        s.repair()
            .ifPresent(x -> System.out.println("  repair: " + x.describe() + " -> " + x.outcome()));
        if (!s.statement().isEmpty()) System.out.println("  statement: " + s.statement());
      }
    }
  }
}

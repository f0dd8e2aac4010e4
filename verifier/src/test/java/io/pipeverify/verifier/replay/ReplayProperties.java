package io.pipeverify.verifier.replay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.interp.Outcome;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The two replay invariants of semantics.md section 5, over built-in transforms x random knobs.
 * Bounded tries keep the normal suite fast; {@link ReplayLongRun} is the long run (docs/replay.md).
 */
class ReplayProperties {
  private static final int ORDERS = Integer.getInteger("pipeverify.replayOrders", 3);
  private static final int MAX_REPLAYED = Integer.getInteger("pipeverify.replayViolations", 3);

  /** A transform and its knobs. */
  record Config(String transform, Map<String, String> knobs) {
    Schedule schedule() throws Exception {
      return Transforms.byName(transform).orElseThrow().generate(knobs);
    }
  }

  private static Arbitrary<String> bool() {
    return Arbitraries.of("true", "false");
  }

  @Provide
  Arbitrary<Config> anyConfig() {
    Arbitrary<Config> cdna4 =
        Combinators.combine(bool(), bool(), bool(), bool(), bool(), bool(), bool(), bool())
            .as(
                (drain, swapA, swapB, jSwap, pWait, pBarrier, eWait, slotNext) ->
                    new Config(
                        "cdna4-interleave",
                        map(
                            "lgkmDrainBeforeBarrier", drain,
                            "s2rKpackSwapA", swapA,
                            "s2rKpackSwapB", swapB,
                            "mfmaJHalfSwap", jSwap,
                            "prologueWait", pWait,
                            "prologueBarrier", pBarrier,
                            "epilogueWait", eWait,
                            "g2sSlot", slotNext.equals("true") ? "next" : "current")));
    Arbitrary<Config> tilelang =
        Combinators.combine(Arbitraries.of("0", "16"), bool(), bool())
            .as(
                (ops, end, after) ->
                    new Config(
                        "tilelang-pipelined",
                        map(
                            "opsPerGroup",
                            ops,
                            "endOfIterationBarrier",
                            end,
                            "barrierAfterWait",
                            after)));
    Arbitrary<Config> hipkittens =
        Combinators.combine(bool(), bool(), bool())
            .as(
                (p, ph, w) ->
                    new Config(
                        "hipkittens-2step",
                        map("prologueBarrier", p, "phaseBarriers", ph, "waitBarrier", w)));
    return Arbitraries.oneOf(cdna4, tilelang, hipkittens);
  }

  /** Configurations that are verified or one knob away from it. */
  @Provide
  Arbitrary<Config> nearlyVerified() {
    Arbitrary<Config> cdna4 =
        Combinators.combine(bool(), bool(), Arbitraries.of("4", "8"))
            .as(
                (eWait, bothSwapped, stages) ->
                    new Config(
                        "cdna4-interleave",
                        map(
                            "lgkmDrainBeforeBarrier", "true",
                            "epilogueWait", eWait,
                            "s2rKpackSwapA", bothSwapped,
                            "s2rKpackSwapB", bothSwapped,
                            "stages", stages)));
    Arbitrary<Config> tilelang =
        Arbitraries.of("llvm", "none")
            .map(w -> new Config("tilelang-pipelined", map("implicitWaits", w)));
    Arbitrary<Config> hipkittens =
        Arbitraries.just(
            new Config(
                "hipkittens-2step",
                map("prologueBarrier", "true", "phaseBarriers", "true", "waitBarrier", "true")));
    return Arbitraries.oneOf(cdna4, tilelang, hipkittens);
  }

  private static Map<String, String> map(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Property(tries = 4)
  void everyCounterexampleReplaysToAWrongResult(@ForAll("anyConfig") Config config)
      throws Exception {
    checkCounterexamples(config);
  }

  @Property(tries = 4)
  void aVerifiedScheduleNeverGivesAWrongResult(@ForAll("nearlyVerified") Config config)
      throws Exception {
    checkVerified(config);
  }

  static void checkCounterexamples(Config config) throws Exception {
    VerificationReport report = Verifier.verify(config.schedule(), VerifyOptions.defaults());
    if (!(report.verdict() instanceof Verdict.Violated v)) {
      return;
    }
    try (Replayer replayer = new Replayer(report)) {
      int replayed = 0;
      for (Violation violation : v.violations()) {
        if (!Replayer.REPLAYABLE.contains(violation.property()) || replayed++ >= MAX_REPLAYED) {
          continue;
        }
        Outcome o = replayer.replay(violation, 7).outcome();
        assertFalse(
            o.matches(),
            () ->
                "verifier bug: "
                    + config
                    + " counterexample replays correctly\n"
                    + dump(violation));
      }
    }
  }

  static void checkVerified(Config config) throws Exception {
    VerificationReport report = Verifier.verify(config.schedule(), VerifyOptions.defaults());
    try (Replayer replayer = new Replayer(report)) {
      if (report.verdict() instanceof Verdict.Verified) {
        RandomReplay r = replayer.random(Collections.max(report.tripCountsChecked()), ORDERS, 11);
        assertTrue(
            r.allMatch(),
            () ->
                "verifier bug: "
                    + config
                    + " is verified but order #"
                    + r.firstWrongOrder()
                    + " replays wrong: "
                    + r.firstWrong());
      } else if (report.verdict() instanceof Verdict.Violated v) {
        // Not verified: its first counterexample must then replay wrong (the other invariant).
        Violation first = v.violations().get(0);
        if (Replayer.REPLAYABLE.contains(first.property())) {
          assertFalse(replayer.replay(first, 11).outcome().matches(), () -> dump(first));
        }
      }
    }
  }

  private static String dump(Violation v) {
    StringBuilder sb = new StringBuilder(v.summary()).append('\n').append(v.missingEdge());
    List<TraceStep> trace = v.trace();
    for (TraceStep s : trace) {
      sb.append('\n').append(s.time()).append(" w").append(s.wave()).append(' ').append(s.event());
      sb.append(' ').append(s.text()).append(s.racing() ? " *" : "");
    }
    return sb.toString();
  }
}

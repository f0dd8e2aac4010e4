package io.pipeverify.verifier.replay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pipeverify.model.interp.Outcome;
import io.pipeverify.model.transform.KnobException;
import io.pipeverify.model.transform.PassConfig;
import io.pipeverify.model.transform.PassConfigArbitraries;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.TraceStep;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.Violation;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

/**
 * The two replay invariants of semantics.md section 5, over every built-in transform x random knobs
 * (the model's {@link PassConfigArbitraries}). A try draws one configuration of each transform, so
 * that every run covers all five, however few its tries. {@link ReplayLongRun} is the long run
 * (docs/replay.md).
 */
class ReplayProperties {
  private static final int ORDERS = Integer.getInteger("pipeverify.replayOrders", 3);
  private static final int MAX_REPLAYED = Integer.getInteger("pipeverify.replayViolations", 3);
  private static final long COUNTEREXAMPLE_SEED = 7;
  private static final long ORDER_SEED = 11;

  /**
   * The statistics label of what each schedule's check did (five per try), and its values: the
   * coverage checks make sure a run exercises the invariant it is for.
   */
  private static final String CHECKED = "checked";

  private static final String REPLAYED = "violated, counterexamples replayed";
  private static final String NOT_REPLAYABLE = "violated, nothing replayable";
  private static final String NOTHING_TO_REPLAY = "verified, no counterexample";
  private static final String VERIFIED = "verified, random orders replayed";
  private static final String FIRST_REPLAYED = "violated, first counterexample replayed";

  /**
   * Per transform, the knob values of its documented safe placement (docs/transforms.md,
   * ExpectedVerdictsTest): random knobs alone are verified too rarely to exercise the second
   * invariant. Slots are pinned where one slot makes the loop's copy overwrite the tile it reads;
   * ChainedDot is off because even its defaults race (P1 RAW at T=1: under the asymmetric sync the
   * other role's copies land after the barrier meant to cover them).
   */
  private static final Map<String, Map<String, String>> SAFE =
      Map.of(
          "tilelang-pipelined",
          Map.of(
              "opsPerGroup", "0",
              "endOfIterationBarrier", "true",
              "barrierAfterWait", "true",
              "implicitWaits", "llvm"),
          "cdna4-interleave",
          Map.ofEntries(
              Map.entry("lgkmDrainBeforeBarrier", "true"),
              Map.entry("lastStageBarrier", "true"),
              Map.entry("barrierBeforeWait", "false"),
              Map.entry("lastStageWait", "0"),
              Map.entry("prologueWait", "true"),
              Map.entry("prologueBarrier", "true"),
              Map.entry("epilogueWait", "true"),
              Map.entry("g2sSlot", "next"),
              Map.entry("s2rKpackSwapA", "false"),
              Map.entry("s2rKpackSwapB", "false"),
              Map.entry("mfmaJHalfSwap", "false"),
              Map.entry("slots", "2"),
              Map.entry("implicitWaits", "llvm")),
          "hipkittens-2step",
          Map.of(
              "prologueBarrier", "true",
              "phaseBarriers", "true",
              "waitBarrier", "true",
              "implicitWaits", "llvm"),
          "triton-stream",
          Map.of(
              "asyncWaitNum", "0",
              "membarBarrier", "true",
              "slots", "2",
              "implicitWaits", "llvm"),
          "triton-pingpong",
          Map.of("chainedDot", "false", "barrier", "drain", "implicitWaits", "llvm"));

  /** One configuration of every transform under random knobs (mostly violated). */
  @Provide
  Arbitrary<List<PassConfig>> eachTransform() {
    return oneOfEach(UnaryOperator.identity());
  }

  /** One configuration of every transform that is verified or one knob away from it. */
  @Provide
  Arbitrary<List<PassConfig>> eachTransformNearlyVerified() {
    return oneOfEach(ReplayProperties::nearlyVerified);
  }

  /**
   * Schedules the validator rejects (LDS capacity, counter widths) are P7 with nothing to replay.
   */
  private static Arbitrary<List<PassConfig>> oneOfEach(UnaryOperator<Arbitrary<PassConfig>> shape) {
    return Combinators.combine(
            PassConfigArbitraries.perTransform().stream()
                .map(a -> shape.apply(a).filter(PassConfigArbitraries::givesValidSchedule))
                .toList())
        .as(List::copyOf);
  }

  /** Random knobs with every safe value pinned (half the time) or all but one random one. */
  private static Arbitrary<PassConfig> nearlyVerified(Arbitrary<PassConfig> random) {
    return random
        .flatMap(
            c -> {
              List<String> knobs = SAFE.get(c.transformName()).keySet().stream().sorted().toList();
              return Arbitraries.oneOf(
                      Arbitraries.just(Optional.<String>empty()),
                      Arbitraries.of(knobs).map(Optional::of))
                  .map(unpinned -> pinned(c, unpinned));
            })
        .filter(Optional::isPresent)
        .map(Optional::get);
  }

  /** Empty when the transform rejects the mix (e.g. a drain without the barrier it precedes). */
  private static Optional<PassConfig> pinned(PassConfig random, Optional<String> unpinned) {
    Map<String, String> options = new HashMap<>(random.options());
    SAFE.get(random.transformName())
        .forEach(
            (knob, value) -> {
              if (!unpinned.equals(Optional.of(knob))) {
                options.put(knob, value);
              }
            });
    try {
      return Optional.of(
          Transforms.byName(random.transformName()).orElseThrow().configure(options));
    } catch (KnobException e) {
      return Optional.empty();
    }
  }

  @Property(tries = 3)
  @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
  void everyCounterexampleReplaysToAWrongResult(@ForAll("eachTransform") List<PassConfig> configs)
      throws Exception {
    checkCounterexamples(configs);
  }

  @Property(tries = 4)
  @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
  void aVerifiedScheduleNeverGivesAWrongResult(
      @ForAll("eachTransformNearlyVerified") List<PassConfig> configs) throws Exception {
    checkVerified(configs);
  }

  static void checkCounterexamples(List<PassConfig> configs) throws Exception {
    for (PassConfig config : configs) {
      Statistics.label(CHECKED).collect(checkCounterexamples(config));
    }
    // A try whose five schedules all verify checks nothing: the run must replay some.
    Statistics.label(CHECKED).coverage(checker -> checker.check(REPLAYED).count(n -> n > 0));
  }

  static void checkVerified(List<PassConfig> configs) throws Exception {
    for (PassConfig config : configs) {
      Statistics.label(CHECKED).collect(checkVerified(config));
    }
    // The invariant this property is for: a verified schedule replays right in random orders.
    Statistics.label(CHECKED).coverage(checker -> checker.check(VERIFIED).count(n -> n > 0));
  }

  /** Z3 gave up: nothing was checked, and the property must not pass silently. */
  private static void failIfInconclusive(VerificationReport report, PassConfig config) {
    if (report.verdict() instanceof Verdict.Inconclusive i) {
      fail("inconclusive, nothing to replay: " + i.reason() + "\n" + reproduce(config, ""));
    }
  }

  private static String checkCounterexamples(PassConfig config) throws Exception {
    VerificationReport report =
        Verifier.verify(PassConfigArbitraries.schedule(config), VerifyOptions.defaults());
    failIfInconclusive(report, config);
    if (!(report.verdict() instanceof Verdict.Violated v)) {
      return NOTHING_TO_REPLAY;
    }
    try (Replayer replayer = new Replayer(report)) {
      int replayed = 0;
      for (Violation violation : v.violations()) {
        if (!Replayer.REPLAYABLE.contains(violation.property()) || replayed >= MAX_REPLAYED) {
          continue;
        }
        replayed++;
        Outcome o = replayer.replay(violation, COUNTEREXAMPLE_SEED).outcome();
        assertFalse(
            o.matches(),
            () ->
                "verifier bug: counterexample replays correctly\n"
                    + reproduce(config, "--seed " + COUNTEREXAMPLE_SEED)
                    + "\n"
                    + dump(violation));
      }
      return replayed > 0 ? REPLAYED : NOT_REPLAYABLE;
    }
  }

  private static String checkVerified(PassConfig config) throws Exception {
    VerificationReport report =
        Verifier.verify(PassConfigArbitraries.schedule(config), VerifyOptions.defaults());
    failIfInconclusive(report, config);
    try (Replayer replayer = new Replayer(report)) {
      if (report.verdict() instanceof Verdict.Verified) {
        RandomReplay r =
            replayer.random(Collections.max(report.tripCountsChecked()), ORDERS, ORDER_SEED);
        assertTrue(
            r.allMatch(),
            () ->
                "verifier bug: verified but order #"
                    + r.firstWrongOrder()
                    + " replays wrong: "
                    + r.firstWrong()
                    + "\n"
                    + reproduce(config, "--seed " + ORDER_SEED + " --orders " + ORDERS));
        return VERIFIED;
      }
      // Not verified (Violated: Inconclusive failed above): its first counterexample must then
      // replay wrong (the other invariant).
      Violation first = report.verdict().violations().get(0);
      if (!Replayer.REPLAYABLE.contains(first.property())) {
        return NOT_REPLAYABLE;
      }
      assertFalse(
          replayer.replay(first, ORDER_SEED).outcome().matches(),
          () -> reproduce(config, "--seed " + ORDER_SEED) + "\n" + dump(first));
      return FIRST_REPLAYED;
    }
  }

  /** The configuration and the command that replays it the same way. */
  private static String reproduce(PassConfig config, String replayOptions) {
    String opts =
        config.options().entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> " --opt " + e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining());
    return config
        + "\n./pipeverify replay --builtin "
        + config.transformName()
        + opts
        + " "
        + replayOptions;
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

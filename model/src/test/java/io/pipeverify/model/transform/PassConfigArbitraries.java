package io.pipeverify.model.transform;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Target;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Valid configurations of every built-in transform, covering all knobs, kept small enough that
 * schedules stay well under 2000 ops (at most 128 MFMAs per wave and K tile). The verifier module
 * reuses these through the model test-jar.
 */
public final class PassConfigArbitraries {
  /** Upper bound on MFMAs per wave and K tile in generated configurations. */
  static final int MAX_MFMA_PER_TILE = 128;

  private PassConfigArbitraries() {}

  private static <T> Optional<T> tryBuild(Supplier<T> constructor) {
    try {
      return Optional.of(constructor.get());
    } catch (InvalidConfigException e) {
      return Optional.empty();
    }
  }

  private static <T> Arbitrary<T> valid(Arbitrary<Optional<T>> candidates) {
    return candidates.filter(Optional::isPresent).map(Optional::get);
  }

  private static boolean smallEnough(CommonKnobs c) {
    long mfma = (long) c.tileM() * c.tileN() * c.tileK() * 2 / ((long) c.waves() * 16 * 16 * 32);
    return mfma <= MAX_MFMA_PER_TILE;
  }

  /** Common knobs over small tiles; waves and slots from the given arbitraries. */
  public static Arbitrary<CommonKnobs> common(Arbitrary<Integer> waves, Arbitrary<Integer> slots) {
    return Combinators.combine(
            waves,
            Arbitraries.of(64, 128, 256),
            Arbitraries.of(64, 128, 256),
            Arbitraries.of(32, 64, 128),
            slots,
            Arbitraries.of(Target.class),
            Arbitraries.of(ImplicitWaits.class),
            Arbitraries.integers().between(1, 200))
        .as(CommonKnobs::new)
        .filter(PassConfigArbitraries::smallEnough);
  }

  private static Arbitrary<CommonKnobs> common() {
    return common(Arbitraries.of(2, 4, 8), Arbitraries.integers().between(1, 4));
  }

  public static Arbitrary<TileLangPipelinedConfig> tileLangPipelined() {
    return valid(
        Combinators.combine(
                common(),
                Arbitraries.integers().between(1, 4),
                Arbitraries.of(0, 0, 4, 8, 16),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false))
            .as(
                (c, stages, perGroup, end, after, swizzle) ->
                    tryBuild(
                        () ->
                            new TileLangPipelinedConfig(
                                c, stages, perGroup, end, after, swizzle))));
  }

  public static Arbitrary<Cdna4InterleaveConfig> cdna4Interleave() {
    return valid(
        Combinators.combine(
                common(),
                Arbitraries.of(1, 2, 4, 8),
                Arbitraries.of(0, 0, 2, 4),
                Arbitraries.of(Cdna4InterleaveConfig.G2sSlot.class),
                Arbitraries.of(true, false).list().ofSize(10))
            .as(
                (c, stages, lastWait, slot, b) ->
                    tryBuild(
                        () ->
                            new Cdna4InterleaveConfig(
                                c, stages, b.get(0), b.get(1), lastWait, b.get(2), b.get(3),
                                b.get(4), slot, b.get(5), b.get(6), b.get(7), b.get(8),
                                b.get(9)))));
  }

  public static Arbitrary<HipKittens2StepConfig> hipKittens2Step() {
    return valid(
        Combinators.combine(
                common(Arbitraries.of(2, 4, 8), Arbitraries.just(2)),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false))
            .as((c, p, ph, w) -> tryBuild(() -> new HipKittens2StepConfig(c, p, ph, w))));
  }

  public static Arbitrary<TritonStreamConfig> tritonStream() {
    return valid(
        Combinators.combine(
                common(), Arbitraries.integers().between(0, 2), Arbitraries.of(true, false))
            .as((c, n, membar) -> tryBuild(() -> new TritonStreamConfig(c, n, membar))));
  }

  public static Arbitrary<TritonPingpongConfig> tritonPingpong() {
    Arbitrary<TritonPingpongConfig> clustered =
        Arbitraries.of(1, 2, 4)
            .flatMap(
                clusters ->
                    Combinators.combine(
                            common(Arbitraries.just(clusters == 1 ? 4 : 8), Arbitraries.of(1, 2)),
                            Arbitraries.of(TritonPingpongConfig.BarrierForm.class))
                        .as(
                            (c, form) ->
                                tryBuild(() -> new TritonPingpongConfig(c, clusters, false, form))))
            .filter(Optional::isPresent)
            .map(Optional::get);
    Arbitrary<TritonPingpongConfig> chained =
        valid(
            Combinators.combine(
                    common(Arbitraries.just(8), Arbitraries.of(1, 2, 3)),
                    Arbitraries.of(TritonPingpongConfig.BarrierForm.class))
                .as(
                    (c, form) ->
                        tryBuild(
                            () ->
                                new TritonPingpongConfig(
                                    c, TritonPingpong.DEFAULT_CLUSTERS, true, form))));
    return Arbitraries.oneOf(clustered, chained);
  }

  /**
   * One arbitrary per built-in transform, in {@link Transforms#all()} order: for properties that
   * must cover every transform in a few tries (picking a transform at random per try leaves some
   * out of a short run).
   */
  public static List<Arbitrary<PassConfig>> perTransform() {
    return List.of(
        tileLangPipelined().map(PassConfig.class::cast),
        cdna4Interleave().map(PassConfig.class::cast),
        hipKittens2Step().map(PassConfig.class::cast),
        tritonStream().map(PassConfig.class::cast),
        tritonPingpong().map(PassConfig.class::cast));
  }

  /** Any valid configuration of any built-in transform. */
  /**
   * tilelang-pipelined and cdna4-interleave with tiles of at most 64x64x64 and at most {@code
   * waves} waves: a verification in well under a second, for properties that verify many times.
   */
  public static Arbitrary<PassConfig> smallTileLangOrCdna4(int waves) {
    return Arbitraries.oneOf(
            tileLangPipelined().map(PassConfig.class::cast),
            cdna4Interleave().map(PassConfig.class::cast))
        .filter(
            c ->
                c.common().tileM() * c.common().tileN() * c.common().tileK() <= 64 * 64 * 64
                    && c.common().waves() <= waves);
  }

  public static Arbitrary<PassConfig> anyConfig() {
    return Arbitraries.oneOf(perTransform());
  }

  /** The schedule a configuration makes with its own transform. */
  public static Schedule schedule(PassConfig config) {
    return Transforms.byName(config.transformName()).orElseThrow().generateFrom(config);
  }

  /**
   * Whether the configuration's schedule passes {@link ScheduleValidator}. A configuration checks
   * only its knobs, not the target's LDS capacity or counter widths; the CLI rejects a schedule
   * that breaks those before it can be shown, verified or replayed.
   */
  public static boolean givesValidSchedule(PassConfig config) {
    return ScheduleValidator.validate(schedule(config)).isEmpty();
  }

  /** The schedule of a random transform with a random valid configuration. */
  public static Arbitrary<Schedule> builtinSchedules() {
    return anyConfig().map(PassConfigArbitraries::schedule);
  }
}

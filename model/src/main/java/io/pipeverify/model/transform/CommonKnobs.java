package io.pipeverify.model.transform;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The knobs every transform has: the workgroup (waves), the GEMM tile, the LDS slots per buffer,
 * the target, the implicit-wait model and the nominal trip count. Only ranges are checked here;
 * whether the tile splits evenly over waves and copy instructions depends on the transform and is
 * checked by its configuration (see {@link Layout#problems}).
 */
public record CommonKnobs(
    int waves,
    int tileM,
    int tileN,
    int tileK,
    int slots,
    Target target,
    ImplicitWaits implicitWaits,
    int tripCount) {

  /** The seed workload: 256x256x64 bf16, 8 waves, double-buffered, gfx950, 128 K tiles. */
  public static final CommonKnobs CANONICAL =
      new CommonKnobs(8, 256, 256, 64, 2, Target.GFX950, ImplicitWaits.LLVM, 127);

  public CommonKnobs {
    Objects.requireNonNull(target);
    Objects.requireNonNull(implicitWaits);
    List<String> problems = new ArrayList<>();
    positive(problems, "waves", waves);
    positive(problems, "tileM", tileM);
    positive(problems, "tileN", tileN);
    positive(problems, "tileK", tileK);
    positive(problems, "slots", slots);
    positive(problems, "tripCount", tripCount);
    InvalidConfigException.requireNone(problems);
  }

  private static void positive(List<String> problems, String knob, int value) {
    if (value < 1) {
      problems.add("knob '" + knob + "': must be >= 1, got " + value);
    }
  }

  public CommonKnobs withSlots(int newSlots) {
    return new CommonKnobs(waves, tileM, tileN, tileK, newSlots, target, implicitWaits, tripCount);
  }

  /** The common knob specs with this record's values as defaults. */
  List<KnobSpec> specs() {
    return List.of(
        KnobSpec.integer(
            "waves",
            waves,
            IntRange.powersOfTwo(2, 16),
            "waves (64 lanes each) in the workgroup; even"),
        KnobSpec.integer(
            "tileM", tileM, IntRange.powersOfTwo(16, 512), "rows of the output tile (A tile rows)"),
        KnobSpec.integer(
            "tileN",
            tileN,
            IntRange.powersOfTwo(16, 512),
            "columns of the output tile (B tile rows, N-major)"),
        KnobSpec.integer(
            "tileK",
            tileK,
            IntRange.powersOfTwo(32, 128),
            "K per loop step (bf16; a row is 2*tileK bytes)"),
        KnobSpec.integer(
            "slots",
            slots,
            IntRange.every(1, 4),
            "LDS slots per buffer; tile t lives in slot t % slots"),
        KnobSpec.choice(
            "target", target.id(), ids(Target.values()), "GPU: g2s moves 1 KiB (gfx950) or 256 B"),
        KnobSpec.choice(
            "implicitWaits",
            implicitWaits.id(),
            List.of("llvm", "none"),
            "llvm: the compiler waits before register uses; none: inline asm"),
        KnobSpec.integer(
            "tripCount",
            tripCount,
            IntRange.every(1, 256),
            "nominal trip count (verification covers every T >= 1)"));
  }

  private static List<String> ids(Target[] targets) {
    return Arrays.stream(targets).map(Target::id).toList();
  }

  static CommonKnobs from(Knobs.Values v) {
    return new CommonKnobs(
        v.integer("waves"),
        v.integer("tileM"),
        v.integer("tileN"),
        v.integer("tileK"),
        v.integer("slots"),
        Target.fromId(v.choice("target")),
        ImplicitWaits.fromId(v.choice("implicitWaits")),
        v.integer("tripCount"));
  }

  void putOptions(Knobs.OptionsBuilder b) {
    b.put("waves", waves)
        .put("tileM", tileM)
        .put("tileN", tileN)
        .put("tileK", tileK)
        .put("slots", slots)
        .put("target", target.id())
        .put("implicitWaits", implicitWaits.id())
        .put("tripCount", tripCount);
  }
}

package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.GroupLowering;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * TileLang's InjectSoftwarePipeline (seed note 001) with the commit-group lowering of note 003 and
 * the barriers ThreadSync inserts: prefetch distance {@code d = numStages - 1}; the prologue loads
 * tiles {@code 0..d-1}; iteration k loads tile {@code k+d} (stage 0), waits for tile k with {@code
 * wait_group(d)} and computes it (stage numStages-1); the epilogue drains tiles {@code T..T+d-1}.
 */
public final class TileLangPipelined extends BuiltinTransform<TileLangPipelinedConfig> {
  public static final String NAME = "tilelang-pipelined";
  static final int K_CHUNK = 32;

  private static final List<KnobSpec> KNOBS;

  static {
    List<KnobSpec> k = new ArrayList<>();
    k.add(
        KnobSpec.integer(
            "numStages",
            2,
            IntRange.every(1, 4),
            "T.Pipelined num_stages; prefetch distance is one less"));
    k.add(
        KnobSpec.integer(
            "opsPerGroup",
            0,
            IntRange.every(0, 16),
            "vmcnt ops per commit group for wait_group(N) -> vmcnt(N x this); 0 = count them"));
    k.add(
        KnobSpec.bool(
            "endOfIterationBarrier", true, "s_barrier at the end of each iteration (ThreadSync)"));
    k.add(KnobSpec.bool("barrierAfterWait", true, "s_barrier right after each wait (ThreadSync)"));
    k.add(KnobSpec.bool("swizzle", false, Layout.SWIZZLE_KNOB));
    k.addAll(CommonKnobs.CANONICAL.specs());
    KNOBS = List.copyOf(k);
  }

  public TileLangPipelined() {
    super(
        NAME,
        "TileLang InjectSoftwarePipeline (note 001): all G2S of tile k+numStages-1 as one commit"
            + " group, wait_group(numStages-1), then S2R + MFMA of tile k; wait_group lowered to vmcnt"
            + " by counting ops per group (note 003); ThreadSync's s_barriers after the wait and at the"
            + " end of the iteration.",
        KNOBS,
        TileLangPipelinedConfig.class);
  }

  @Override
  public TileLangPipelinedConfig configure(Map<String, String> options) throws KnobException {
    Knobs.Values v = Knobs.parse(NAME, KNOBS, options);
    return v.build(
        () ->
            new TileLangPipelinedConfig(
                CommonKnobs.from(v),
                v.integer("numStages"),
                v.integer("opsPerGroup"),
                v.bool("endOfIterationBarrier"),
                v.bool("barrierAfterWait"),
                v.bool("swizzle")));
  }

  @Override
  public Schedule generate(TileLangPipelinedConfig c) {
    CommonKnobs common = c.common();
    Layout layout =
        new Layout(common, common.target().g2sBytesPerInstruction(), K_CHUNK, c.swizzle());
    Emitter e = new Emitter(NAME, layout);
    int d = c.numStages() - 1;
    int slots = common.slots();

    for (int t = 0; t < d; t++) {
      e.stage("prologue tile " + t);
      loadTile(e, Expr.of(t), slots);
    }
    List<Op> prologue = e.take();

    e.stage("loop stage 0");
    loadTile(e, Exprs.plus(Exprs.K, d), slots);
    e.stage("loop stage " + d);
    e.waitGroup(d);
    if (c.barrierAfterWait()) {
      e.barrier();
    }
    computeTile(e, Exprs.K, slots);
    if (c.endOfIterationBarrier()) {
      e.barrier();
    }
    List<Op> loop = e.take();

    for (int t = 0; t < d; t++) {
      Expr tile = Exprs.plus(Exprs.T, t);
      e.stage("epilogue tile " + tile.render());
      e.waitGroup(d - 1 - t);
      if (c.barrierAfterWait()) {
        e.barrier();
      }
      computeTile(e, tile, slots);
    }
    List<Op> epilogue = e.take();

    Schedule grouped =
        layout.schedule(
            Knobs.scheduleName(NAME, KNOBS, c.options()),
            List.of(new WaveProgram("all", layout.allWaves(), prologue, loop, epilogue)));
    return GroupLowering.lower(
        grouped, c.opsPerGroup() == 0 ? OptionalInt.empty() : OptionalInt.of(c.opsPerGroup()));
  }

  /** G2S of all A then all B of one tile, closed by one commit group (note 001's TIR). */
  private static void loadTile(Emitter e, Expr tile, int slots) {
    Expr slot = Exprs.slotOf(tile, slots);
    e.g2sTile(Layout.TENSOR_A, tile, slot);
    e.g2sTile(Layout.TENSOR_B, tile, slot);
    e.commitGroup();
  }

  private static void computeTile(Emitter e, Expr tile, int slots) {
    Expr slot = Exprs.slotOf(tile, slots);
    e.dsReadTilePlain(tile, slot);
    e.mfmaTilePlain(tile);
  }
}

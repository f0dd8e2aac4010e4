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
 * Triton's AMD stream pipeliner with async copies (seed note 002), num_stages = 2: the prologue
 * copies tile 0 (one commit group per tensor); iteration k waits {@code async_wait {num = N}}, then
 * (after the barrier Triton's membar analysis inserts) copies tile k+1 into the other slot and
 * computes tile k ({@code local_load} = ds_read, {@code tt.dot} = MFMA); the epilogue computes tile
 * T. Groups are lowered to vmcnt by counting (one tensor's copies per group).
 */
public final class TritonStream extends BuiltinTransform<TritonStreamConfig> {
  public static final String NAME = "triton-stream";
  static final int K_CHUNK = 32;

  private static final List<KnobSpec> KNOBS;

  static {
    List<KnobSpec> k = new ArrayList<>();
    k.add(
        KnobSpec.integer(
            "asyncWaitNum",
            0,
            IntRange.every(0, 3),
            "N of the loop's ttg.async_wait {num = N} (groups left in flight)"));
    k.add(
        KnobSpec.bool(
            "membarBarrier", true, "s_barrier after each async_wait (Triton membar analysis)"));
    k.addAll(CommonKnobs.CANONICAL.specs());
    KNOBS = List.copyOf(k);
  }

  public TritonStream() {
    super(
        NAME,
        "Triton AMD stream pipeliner with async copy (note 002): async_wait, membar barrier,"
            + " async copies of tile k+1 (one commit group per tensor), local_load + dot of tile k;"
            + " groups lowered to vmcnt.",
        KNOBS,
        TritonStreamConfig.class);
  }

  @Override
  public TritonStreamConfig configure(Map<String, String> options) throws KnobException {
    Knobs.Values v = Knobs.parse(NAME, KNOBS, options);
    return v.build(
        () ->
            new TritonStreamConfig(
                CommonKnobs.from(v), v.integer("asyncWaitNum"), v.bool("membarBarrier")));
  }

  @Override
  public Schedule generate(TritonStreamConfig c) {
    CommonKnobs common = c.common();
    Layout layout = new Layout(common, common.target().g2sBytesPerInstruction(), K_CHUNK);
    Emitter e = new Emitter(NAME, layout);
    int slots = common.slots();

    e.stage("prologue");
    copyTile(e, Expr.of(0), slots);
    List<Op> prologue = e.take();

    e.stage("loop async_wait");
    e.waitGroup(c.asyncWaitNum());
    if (c.membarBarrier()) {
      e.barrier();
    }
    e.stage("loop stage 0");
    copyTile(e, Exprs.plus(Exprs.K, 1), slots);
    e.stage("loop stage 1");
    computeTile(e, Exprs.K, slots);
    List<Op> loop = e.take();

    e.stage("epilogue");
    e.waitGroup(0);
    if (c.membarBarrier()) {
      e.barrier();
    }
    computeTile(e, Exprs.T, slots);
    List<Op> epilogue = e.take();

    Schedule grouped =
        layout.schedule(
            Knobs.scheduleName(NAME, KNOBS, c.options()),
            List.of(new WaveProgram("all", layout.allWaves(), prologue, loop, epilogue)));
    return GroupLowering.lower(grouped, OptionalInt.empty());
  }

  /** async_copy_global_to_local + async_commit_group, A then B. */
  private static void copyTile(Emitter e, Expr tile, int slots) {
    Expr slot = Exprs.slotOf(tile, slots);
    e.g2sTile(Layout.TENSOR_A, tile, slot);
    e.commitGroup();
    e.g2sTile(Layout.TENSOR_B, tile, slot);
    e.commitGroup();
  }

  private static void computeTile(Emitter e, Expr tile, int slots) {
    e.dsReadTilePlain(tile, Exprs.slotOf(tile, slots));
    e.mfmaTilePlain(tile);
  }
}

package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TileLang's InjectCdna4Pipeline (seed note 000, output listing of section 五): the loop body of the
 * standard pipeline is cut into {@code stages} stages, each {@code sched_barrier(0)}, S2R loads, a
 * chunk of the next tile's G2S, {@code sched_barrier(0)}, [last stage: {@code vmcnt} + {@code
 * s_barrier}], {@code setprio(1)}, MFMAs, {@code setprio(0)}. Stage s covers k-chunk {@code s /
 * jParts} and j part {@code s % jParts}. The knobs also express the note's open suspects.
 */
public final class Cdna4Interleave extends BuiltinTransform<Cdna4InterleaveConfig> {
  public static final String NAME = "cdna4-interleave";
  static final int K_CHUNK = 32;

  private static final List<KnobSpec> KNOBS;

  static {
    List<KnobSpec> k = new ArrayList<>();
    k.add(
        KnobSpec.integer(
            "stages",
            4,
            IntRange.powersOfTwo(1, 16),
            "stages per iteration = kChunks x jParts, jParts dividing jCount (2, 4, 8, 16 for the"
                + " seed tile)"));
    k.add(KnobSpec.bool("prologueWait", true, "vmcnt(0) after the prologue's G2S (suspect 3)"));
    k.add(KnobSpec.bool("prologueBarrier", true, "s_barrier at the end of the prologue"));
    k.add(
        KnobSpec.integer(
            "lastStageWait", 0, IntRange.every(0, 8), "N of the last stage's vmcnt(N)"));
    k.add(KnobSpec.bool("lastStageBarrier", true, "s_barrier in the last stage"));
    k.add(
        KnobSpec.bool(
            "barrierBeforeWait", false, "put the last stage's s_barrier before its vmcnt"));
    k.add(
        KnobSpec.bool(
            "lgkmDrainBeforeBarrier", false, "lgkmcnt(0) right before the last stage's s_barrier"));
    k.add(
        KnobSpec.choice(
            "g2sSlot",
            "next",
            List.of("next", "current"),
            "slot of the loop's G2S of tile k+1: next = (k+1)%slots, current = k%slots"));
    k.add(
        KnobSpec.bool(
            "s2rKpackSwapA",
            false,
            "A reads into a{i}_kp{kp} fetch k-pack 1-kp ('local_id=0 is k-pack 1', suspect 1)"));
    k.add(KnobSpec.bool("s2rKpackSwapB", false, "the same for B reads"));
    k.add(
        KnobSpec.bool(
            "mfmaJHalfSwap",
            false,
            "MFMAs of j part p use the j values of part jParts-1-p (suspect 2)"));
    k.add(KnobSpec.bool("epilogueWait", true, "vmcnt(0) at the start of the epilogue (suspect 4)"));
    k.add(KnobSpec.bool("swizzle", false, Layout.SWIZZLE_KNOB));
    k.addAll(CommonKnobs.CANONICAL.specs());
    KNOBS = List.copyOf(k);
  }

  public Cdna4Interleave() {
    super(
        NAME,
        "TileLang InjectCdna4Pipeline (note 000): the loop body split into stages of"
            + " sched_barrier, S2R, a chunk of the next tile's G2S, sched_barrier, [last stage: vmcnt +"
            + " s_barrier], setprio(1), MFMAs, setprio(0); knobs for the note's four suspects.",
        KNOBS,
        Cdna4InterleaveConfig.class);
  }

  @Override
  public Cdna4InterleaveConfig configure(Map<String, String> options) throws KnobException {
    Knobs.Values v = Knobs.parse(NAME, KNOBS, options);
    return v.build(
        () ->
            new Cdna4InterleaveConfig(
                CommonKnobs.from(v),
                v.integer("stages"),
                v.bool("prologueWait"),
                v.bool("prologueBarrier"),
                v.integer("lastStageWait"),
                v.bool("lastStageBarrier"),
                v.bool("barrierBeforeWait"),
                v.bool("lgkmDrainBeforeBarrier"),
                Cdna4InterleaveConfig.G2sSlot.fromId(v.choice("g2sSlot")),
                v.bool("s2rKpackSwapA"),
                v.bool("s2rKpackSwapB"),
                v.bool("mfmaJHalfSwap"),
                v.bool("epilogueWait"),
                v.bool("swizzle")));
  }

  /** One g2s of the next tile, before it is placed in a stage. */
  private record Copy(String tensor, int index) {}

  @Override
  public Schedule generate(Cdna4InterleaveConfig c) {
    CommonKnobs common = c.common();
    Layout layout =
        new Layout(common, common.target().g2sBytesPerInstruction(), K_CHUNK, c.swizzle());
    Emitter e = new Emitter(NAME, layout);
    int slots = common.slots();

    e.stage("prologue");
    Expr tile0 = Expr.of(0);
    e.g2sTile(Layout.TENSOR_A, tile0, Exprs.slotOf(tile0, slots));
    e.g2sTile(Layout.TENSOR_B, tile0, Exprs.slotOf(tile0, slots));
    if (c.prologueWait()) {
      e.waitVmcnt(0);
    }
    if (c.prologueBarrier()) {
      e.barrier();
    }
    List<Op> prologue = e.take();

    List<Copy> copies = new ArrayList<>();
    for (String tensor : List.of(Layout.TENSOR_A, Layout.TENSOR_B)) {
      for (int i = 0; i < layout.instructions(tensor); i++) {
        copies.add(new Copy(tensor, i));
      }
    }
    Expr nextTile = Exprs.plus(Exprs.K, 1);
    Expr g2sSlot =
        Exprs.slotOf(c.g2sSlot() == Cdna4InterleaveConfig.G2sSlot.NEXT ? nextTile : Exprs.K, slots);
    Expr readSlot = Exprs.slotOf(Exprs.K, slots);
    int jParts = c.jParts();
    int kChunks = layout.kChunks();
    int iCount = layout.fragments(Layout.TENSOR_A);
    int jPerPart = layout.fragments(Layout.TENSOR_B) / jParts;
    for (int s = 0; s < c.stages(); s++) {
      int kp = s / jParts;
      int part = s % jParts;
      e.stage("loop stage " + s);
      e.schedBarrier(0);
      if (part == 0) {
        int readKp = c.s2rKpackSwapA() ? kChunks - 1 - kp : kp;
        for (int i = 0; i < iCount; i++) {
          e.dsRead(
              Layout.TENSOR_A,
              i,
              kp,
              readKp,
              layout.fragmentRowStart(Layout.TENSOR_A, i),
              Exprs.K,
              readSlot);
        }
      }
      int readKpB = c.s2rKpackSwapB() ? kChunks - 1 - kp : kp;
      for (int j = part * jPerPart; j < (part + 1) * jPerPart; j++) {
        e.dsRead(
            Layout.TENSOR_B,
            j,
            kp,
            readKpB,
            layout.fragmentRowStart(Layout.TENSOR_B, j),
            Exprs.K,
            readSlot);
      }
      // Consecutive chunks of the next tile's copies, as _interleave_one_stage spreads them.
      int from = s * copies.size() / c.stages();
      int to = (s + 1) * copies.size() / c.stages();
      for (Copy copy : copies.subList(from, to)) {
        e.g2s(copy.tensor(), 0, copy.index(), nextTile, g2sSlot);
      }
      e.schedBarrier(0);
      if (s == c.stages() - 1) {
        if (!c.barrierBeforeWait()) {
          e.waitVmcnt(c.lastStageWait());
        }
        if (c.lastStageBarrier()) {
          if (c.lgkmDrainBeforeBarrier()) {
            e.waitLgkmcnt(0);
          }
          e.barrier();
        }
        if (c.barrierBeforeWait()) {
          e.waitVmcnt(c.lastStageWait());
        }
      }
      e.setPrio(1);
      int mfmaPart = c.mfmaJHalfSwap() ? jParts - 1 - part : part;
      for (int i = 0; i < iCount; i++) {
        for (int j = mfmaPart * jPerPart; j < (mfmaPart + 1) * jPerPart; j++) {
          e.mfma(i, j, kp, Exprs.K);
        }
      }
      e.setPrio(0);
    }
    List<Op> loop = e.take();

    // The pass leaves the epilogue alone: async_wait(0), then the plain S2R + MFMA of tile T.
    e.stage("epilogue");
    if (c.epilogueWait()) {
      e.waitVmcnt(0);
    }
    e.dsReadTilePlain(Exprs.T, Exprs.slotOf(Exprs.T, slots));
    e.mfmaTilePlain(Exprs.T);
    List<Op> epilogue = e.take();

    return layout.schedule(
        Knobs.scheduleName(NAME, KNOBS, c.options()),
        List.of(new WaveProgram("all", layout.allWaves(), prologue, loop, epilogue)));
  }
}

package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The 2-step-ahead (HipKittens-style) schedule sketched in seed note 001: tiles split into row
 * halves {@code As[slot][h]}, {@code Bs[slot][h]}; the prologue issues 7 sub-tile loads; iteration
 * k computes tile k in four quadrant phases while loading the last sub-tile of tile k+1 and three
 * sub-tiles of tile k+2 into the slot being computed on, waited with {@code vmcnt(3 sub-tiles)}.
 * The sketch names no barriers; with all three barrier knobs true the placement is the intended
 * safe one (every wave finished reading a sub-tile before anyone overwrites it).
 */
public final class HipKittens2Step extends BuiltinTransform<HipKittens2StepConfig> {
  public static final String NAME = "hipkittens-2step";
  static final int K_CHUNK = 32;
  static final int SLOTS = 2;

  private static final List<KnobSpec> KNOBS;

  static {
    List<KnobSpec> k = new ArrayList<>();
    k.add(KnobSpec.bool("prologueBarrier", false, "s_barrier after the prologue's vmcnt"));
    k.add(
        KnobSpec.bool(
            "phaseBarriers",
            false,
            "s_barrier at the start of phases 1-3 (before each overwrite)"));
    k.add(KnobSpec.bool("waitBarrier", false, "s_barrier after each vmcnt wait of the loop"));
    k.addAll(CommonKnobs.CANONICAL.specs());
    KNOBS = List.copyOf(k);
  }

  public HipKittens2Step() {
    super(
        NAME,
        "2-step-ahead HipKittens-style schedule (note 001 sketch): 4 sub-tiles per tile, 7 loaded"
            + " in the prologue, each iteration loads 1 sub-tile of tile k+1 and 3 of tile k+2 into the"
            + " slot it computes on, waits vmcnt(3 sub-tiles); barriers are knobs (all true = safe).",
        KNOBS,
        HipKittens2StepConfig.class);
  }

  @Override
  public HipKittens2StepConfig configure(Map<String, String> options) throws KnobException {
    Knobs.Values v = Knobs.parse(NAME, KNOBS, options);
    return v.build(
        () ->
            new HipKittens2StepConfig(
                CommonKnobs.from(v),
                v.bool("prologueBarrier"),
                v.bool("phaseBarriers"),
                v.bool("waitBarrier")));
  }

  /** A sub-tile load: tensor, half, tile. */
  private record SubTile(String tensor, int half, Expr tile) {}

  @Override
  public Schedule generate(HipKittens2StepConfig c) {
    Layout layout = new Layout(c.common(), c.common().target().g2sBytesPerInstruction(), K_CHUNK);
    Emitter e = new Emitter(NAME, layout);
    String a = Layout.TENSOR_A;
    String b = Layout.TENSOR_B;
    // The last three sub-tile loads of the prologue and of each iteration are As[.][0], Bs[.][0],
    // Bs[.][1] of the newest tile; the wait leaves exactly those in flight.
    int inFlight = subTileInstructions(layout, a) + 2 * subTileInstructions(layout, b);

    e.stage("prologue");
    Expr t0 = Expr.of(0);
    Expr t1 = Expr.of(1);
    for (SubTile st :
        List.of(
            new SubTile(a, 0, t0),
            new SubTile(a, 1, t0),
            new SubTile(b, 0, t0),
            new SubTile(b, 1, t0),
            new SubTile(a, 0, t1),
            new SubTile(b, 0, t1),
            new SubTile(b, 1, t1))) {
      load(e, layout, st);
    }
    e.waitVmcnt(inFlight);
    if (c.prologueBarrier()) {
      e.barrier();
    }
    List<Op> prologue = e.take();

    Expr k1 = Exprs.plus(Exprs.K, 1);
    Expr k2 = Exprs.plus(Exprs.K, 2);
    computeTile(
        e,
        layout,
        c,
        "loop",
        Exprs.K,
        List.of(new SubTile(a, 1, k1), new SubTile(a, 0, k2), new SubTile(b, 0, k2)),
        new SubTile(b, 1, k2),
        inFlight);
    List<Op> loop = e.take();

    Expr tT1 = Exprs.plus(Exprs.T, 1);
    computeTile(
        e, layout, c, "epilogue tile T", Exprs.T, List.of(new SubTile(a, 1, tT1)), null, -1);
    e.stage("epilogue tile T + 1");
    e.waitVmcnt(0);
    if (c.waitBarrier()) {
      e.barrier();
    }
    computeTile(e, layout, c, "epilogue tile T + 1", tT1, List.of(), null, -1);
    List<Op> epilogue = e.take();

    return layout.schedule(
        Knobs.scheduleName(NAME, KNOBS, c.options()),
        List.of(new WaveProgram("all", layout.allWaves(), prologue, loop, epilogue)));
  }

  private static int subTileInstructions(Layout layout, String tensor) {
    return layout.instructions(tensor) / 2;
  }

  private static void load(Emitter e, Layout layout, SubTile st) {
    Expr slot = Exprs.slotOf(st.tile(), SLOTS);
    int rowOffset = st.half() * layout.tileRows(st.tensor()) / 2;
    for (int i = 0; i < subTileInstructions(layout, st.tensor()); i++) {
      e.g2s(st.tensor(), rowOffset, i, st.tile(), slot);
    }
  }

  /**
   * The four quadrant phases computing {@code tile}: phase p issues {@code loads.get(p)} when
   * present; phase 3 issues {@code lastLoad} and {@code vmcnt(wait)} when lastLoad is not null.
   */
  private static void computeTile(
      Emitter e,
      Layout layout,
      HipKittens2StepConfig c,
      String prefix,
      Expr tile,
      List<SubTile> loads,
      SubTile lastLoad,
      int wait) {
    Expr slot = Exprs.slotOf(tile, SLOTS);
    String a = Layout.TENSOR_A;
    String b = Layout.TENSOR_B;
    for (int phase = 0; phase < 4; phase++) {
      e.stage(prefix + " phase " + phase);
      if (phase > 0 && c.phaseBarriers()) {
        e.barrier();
      }
      switch (phase) {
        case 0 -> {
          readHalf(e, layout, a, 0, tile, slot);
          readHalf(e, layout, b, 0, tile, slot);
        }
        case 1 -> readHalf(e, layout, b, 1, tile, slot);
        case 2 -> readHalf(e, layout, a, 1, tile, slot);
        default -> {}
      }
      if (phase < loads.size()) {
        load(e, layout, loads.get(phase));
      }
      if (phase == 3 && lastLoad != null) {
        load(e, layout, lastLoad);
        e.waitVmcnt(wait);
        if (c.waitBarrier()) {
          e.barrier();
        }
      }
      quadrant(e, layout, phase / 2, phase % 2, tile);
    }
  }

  /** S2R of one row half: for i in the half, for kp (TileLang's grid order). */
  private static void readHalf(
      Emitter e, Layout layout, String tensor, int half, Expr tile, Expr slot) {
    int perHalf = layout.fragments(tensor) / 2;
    for (int ii = 0; ii < perHalf; ii++) {
      for (int kc = 0; kc < layout.kChunks(); kc++) {
        e.dsRead(
            tensor,
            half * perHalf + ii,
            kc,
            kc,
            layout.halfFragmentRowStart(tensor, half, ii),
            tile,
            slot);
      }
    }
  }

  /** MFMAs of output quadrant (hA, hB): for kp, for i in A half hA, for j in B half hB. */
  private static void quadrant(Emitter e, Layout layout, int hA, int hB, Expr tile) {
    int iHalf = layout.fragments(Layout.TENSOR_A) / 2;
    int jHalf = layout.fragments(Layout.TENSOR_B) / 2;
    for (int kc = 0; kc < layout.kChunks(); kc++) {
      for (int i = hA * iHalf; i < (hA + 1) * iHalf; i++) {
        for (int j = hB * jHalf; j < (hB + 1) * jHalf; j++) {
          e.mfma(i, j, kc, tile);
        }
      }
    }
  }
}

package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Triton's AMD BlockPingpong (seed note 004) on the non-async num_stages = 2 pipeline: global loads
 * into registers ({@code tt.load} = gload), {@code local_store} = ds_write, {@code local_load} =
 * ds_read, {@code tt.dot} = MFMAs. The loop is split into memory and dot clusters separated by
 * barriers; with 8 waves, {@code amdg.cond_barrier} holds the upper half (role {@code high}) one
 * barrier behind before the loop and the lower half ({@code low}) after it. ChainedDot models the
 * note's two-dot loop on this GEMM with async copies. docs/transforms.md maps listing lines to ops.
 */
public final class TritonPingpong extends BuiltinTransform<TritonPingpongConfig> {
  public static final String NAME = "triton-pingpong";
  static final int DEFAULT_CLUSTERS = 4;
  static final int DEFAULT_K_CHUNK = 32;

  /** A global load moves 16 B per lane, whatever the target. */
  static final int GLOAD_BYTES_PER_INSTRUCTION = 16 * 64;

  private static final int CHAINED_DOT_SLOTS = 2;
  private static final String A = Layout.TENSOR_A;
  private static final String B = Layout.TENSOR_B;

  private static final List<KnobSpec> KNOBS;

  static {
    List<KnobSpec> k = new ArrayList<>();
    k.add(
        KnobSpec.choice(
            "clusters",
            Integer.toString(DEFAULT_CLUSTERS),
            List.of("1", "2", "4"),
            "pingpong clusters: 1 (4 waves), 2 (8 waves, medium tile), 4 (8 waves, dot sliced in"
                + " 4)"));
    k.add(
        KnobSpec.bool(
            "chainedDot",
            false,
            "ChainedDot schedule: two dots per iteration with async copies (slots default 2)"));
    k.add(
        KnobSpec.choice(
            "barrier",
            "drain",
            List.of("drain", "plain"),
            "lowering of ttg.barrier local: drain = lgkmcnt(0) + s_barrier, plain = s_barrier"));
    k.addAll(CommonKnobs.CANONICAL.withSlots(1).specs());
    KNOBS = List.copyOf(k);
  }

  public TritonPingpong() {
    super(
        NAME,
        "Triton AMD BlockPingpong (note 004): memory and dot clusters separated by barriers, the"
            + " upper wave half held one barrier behind by cond_barrier; 1, 2 or 4 clusters, or the"
            + " ChainedDot loop with async copies.",
        KNOBS,
        TritonPingpongConfig.class);
  }

  @Override
  public TritonPingpongConfig configure(Map<String, String> options) throws KnobException {
    Knobs.Values v = Knobs.parse(NAME, KNOBS, options);
    return v.build(
        () -> {
          boolean chained = v.bool("chainedDot");
          CommonKnobs common = CommonKnobs.from(v);
          if (chained && !v.isSet("slots")) {
            common = common.withSlots(CHAINED_DOT_SLOTS);
          }
          return new TritonPingpongConfig(
              common,
              Integer.parseInt(v.choice("clusters")),
              chained,
              TritonPingpongConfig.BarrierForm.fromId(v.choice("barrier")));
        });
  }

  @Override
  public Schedule generate(TritonPingpongConfig c) {
    CommonKnobs common = c.common();
    int bytes =
        c.chainedDot() ? common.target().g2sBytesPerInstruction() : GLOAD_BYTES_PER_INSTRUCTION;
    Layout layout = new Layout(common, bytes, c.kChunk());
    Gen g = new Gen(c, layout);
    List<WaveProgram> programs =
        c.chainedDot() ? g.chainedDot() : c.clusters() == 1 ? g.oneCluster() : g.twoOrFour();
    return layout.schedule(Knobs.scheduleName(NAME, KNOBS, c.options()), programs);
  }

  /** The generator state of one schedule. */
  private static final class Gen {
    private final TritonPingpongConfig c;
    private final Layout layout;
    private final Emitter e;
    private final int slots;

    Gen(TritonPingpongConfig c, Layout layout) {
      this.c = c;
      this.layout = layout;
      this.e = new Emitter(NAME, layout);
      this.slots = c.common().slots();
    }

    /** {@code ttg.barrier local} in the configured lowering. */
    private void localBarrier() {
      if (c.barrier() == TritonPingpongConfig.BarrierForm.DRAIN) {
        e.waitLgkmcnt(0);
      }
      e.barrier();
    }

    /** {@code [barrier + sched_barrier]} between clusters. */
    private void clusterBoundary() {
      localBarrier();
      e.schedBarrier(0);
    }

    private void dotSlice(int kChunk, Expr tile) {
      e.setPrio(1);
      e.mfmaChunk(kChunk, tile);
      e.setPrio(0);
    }

    private void localLoad(String tensor, int kChunk, Expr tile) {
      e.dsReadChunk(tensor, kChunk, tile, Exprs.slotOf(tile, slots));
    }

    private void localStore(String tensor, Expr tile) {
      e.dsWriteTile(tensor, tile, Exprs.slotOf(tile, slots));
    }

    /** Prologue of the non-async pipeline: tt.load of tile 0, local_store into its slot. */
    private void loadAndStoreTile0() {
      Expr t0 = Expr.of(0);
      e.gloadTile(A, t0);
      e.gloadTile(B, t0);
      localStore(A, t0);
      localStore(B, t0);
    }

    /** The epilogue's compute of tile T: local_load of every k-chunk, then the whole dot. */
    private void computeLastTile() {
      Expr slot = Exprs.slotOf(Exprs.T, slots);
      e.dsReadTilePlain(Exprs.T, slot);
      e.mfmaTilePlain(Exprs.T);
    }

    /**
     * The two roles of an 8-wave schedule: {@code low} (waves 0..W/2-1) and {@code high}. They
     * share the loop and differ only by the cond_barrier s_barrier: high's before the loop (after
     * the common prologue), low's after it (before the common epilogue).
     */
    private List<WaveProgram> asymmetric(List<Op> prologue, List<Op> loop, List<Op> epilogue) {
      int half = c.common().waves() / 2;
      e.stage("prologue cond_barrier warpHigh");
      e.barrier();
      List<Op> highPrologue = new ArrayList<>(prologue);
      highPrologue.addAll(e.take());
      e.stage("epilogue cond_barrier warpLow");
      e.barrier();
      List<Op> lowEpilogue = new ArrayList<>(e.take());
      lowEpilogue.addAll(epilogue);
      return List.of(
          new WaveProgram("low", layout.waveRange(0, half), prologue, loop, lowEpilogue),
          new WaveProgram(
              "high", layout.waveRange(half, c.common().waves()), highPrologue, loop, epilogue));
    }

    /** Four and Two PP Clusters (note 004 listings), 8 waves. */
    List<WaveProgram> twoOrFour() {
      e.stage("prologue");
      loadAndStoreTile0();
      e.stage("prologue asymmetric sync");
      localBarrier();
      List<Op> prologue = e.take();

      Expr next = Exprs.plus(Exprs.K, 1);
      if (c.clusters() == 4) {
        e.stage("loop mem0");
        e.gloadTile(A, next);
        localLoad(A, 0, Exprs.K);
        localLoad(B, 0, Exprs.K);
        clusterBoundary();
        e.stage("loop dot0");
        dotSlice(0, Exprs.K);
        clusterBoundary();
        e.stage("loop mem1");
        e.gloadTile(B, next);
        localLoad(A, 1, Exprs.K);
        localLoad(B, 1, Exprs.K);
        clusterBoundary();
        e.stage("loop dot1");
        dotSlice(1, Exprs.K);
        clusterBoundary();
        e.stage("loop mem2");
        localLoad(A, 2, Exprs.K);
        localLoad(B, 2, Exprs.K);
        localLoad(A, 3, Exprs.K);
        localLoad(B, 3, Exprs.K);
        clusterBoundary();
        e.stage("loop dot2");
        dotSlice(2, Exprs.K);
        clusterBoundary();
        e.stage("loop mem3");
        localStore(A, next);
        localStore(B, next);
        clusterBoundary();
        e.stage("loop dot3");
        dotSlice(3, Exprs.K);
        clusterBoundary();
      } else {
        e.stage("loop mem0");
        localLoad(A, 0, Exprs.K);
        localLoad(B, 0, Exprs.K);
        e.schedBarrier(0);
        e.gloadTile(A, next);
        e.schedBarrier(0);
        localLoad(A, 1, Exprs.K);
        localLoad(B, 1, Exprs.K);
        e.schedBarrier(0);
        e.gloadTile(B, next);
        e.barrier(); // rocdl.s.barrier: always a bare s_barrier
        e.schedBarrier(0);
        e.stage("loop dot0");
        dotSlice(0, Exprs.K);
        clusterBoundary();
        e.stage("loop mem1");
        localStore(A, next);
        localStore(B, next);
        clusterBoundary();
        e.stage("loop dot1");
        dotSlice(1, Exprs.K);
        clusterBoundary();
      }
      List<Op> loop = e.take();

      e.stage("epilogue");
      computeLastTile();
      List<Op> epilogue = e.take();
      return asymmetric(prologue, loop, epilogue);
    }

    /**
     * One PP Cluster, 4 waves from one block, no asymmetric sync. The barrier at the loop top is
     * the one Triton's membar analysis puts before the local_loads (the previous iteration's
     * local_store); with one slot it also puts one before the local_stores, which overwrite the
     * buffer just read, and one before the epilogue's local_loads.
     */
    List<WaveProgram> oneCluster() {
      e.stage("prologue");
      loadAndStoreTile0();
      List<Op> prologue = e.take();

      Expr next = Exprs.plus(Exprs.K, 1);
      e.stage("loop top");
      localBarrier();
      e.stage("loop memory cluster");
      for (int kc = 0; kc < layout.kChunks(); kc++) {
        localLoad(A, kc, Exprs.K);
      }
      e.schedBarrier(1);
      e.setPrio(1);
      e.gloadTile(A, next);
      e.schedBarrier(0);
      for (int kc = 0; kc < layout.kChunks(); kc++) {
        localLoad(B, kc, Exprs.K);
      }
      e.setPrio(0);
      e.gloadTile(B, next);
      e.schedBarrier(0);
      e.stage("loop dot cluster");
      e.setPrio(1);
      e.mfmaTilePlain(Exprs.K);
      e.setPrio(0);
      e.stage("loop local_store");
      if (slots == 1) {
        localBarrier();
      }
      localStore(A, next);
      localStore(B, next);
      List<Op> loop = e.take();

      e.stage("epilogue");
      localBarrier();
      computeLastTile();
      List<Op> epilogue = e.take();
      return List.of(new WaveProgram("all", layout.allWaves(), prologue, loop, epilogue));
    }

    /**
     * The note's ChainedDot loop on this GEMM: dot0 = k-chunk 0 and dot1 = k-chunk 1 of tile k;
     * memory cluster 1 reads k-chunk 1 of tile k and copies A of tile k+1; memory cluster 2 copies
     * B of tile k+1, waits for both, and reads k-chunk 0 of tile k+1 for the next iteration's dot0.
     */
    List<WaveProgram> chainedDot() {
      Expr t0 = Expr.of(0);
      Expr slot0 = Exprs.slotOf(t0, slots);
      e.stage("prologue");
      e.g2sTile(A, t0, slot0);
      e.g2sTile(B, t0, slot0);
      e.waitVmcnt(0);
      e.barrier();
      localLoad(A, 0, t0);
      localLoad(B, 0, t0);
      e.stage("prologue asymmetric sync");
      localBarrier();
      List<Op> prologue = e.take();

      Expr next = Exprs.plus(Exprs.K, 1);
      Expr nextSlot = Exprs.slotOf(next, slots);
      e.stage("loop compute cluster 1");
      e.barrier();
      e.schedBarrier(0);
      e.mfmaChunk(0, Exprs.K);
      e.stage("loop memory cluster 1");
      e.schedBarrier(0);
      e.setPrio(1);
      localLoad(A, 1, Exprs.K);
      localLoad(B, 1, Exprs.K);
      e.g2sTile(A, next, nextSlot);
      e.schedBarrier(0);
      e.stage("loop compute cluster 2");
      e.setPrio(0);
      e.waitLgkmcnt(0);
      e.barrier();
      e.schedBarrier(0);
      e.mfmaChunk(1, Exprs.K);
      e.stage("loop memory cluster 2");
      e.schedBarrier(0);
      e.setPrio(1);
      e.g2sTile(B, next, nextSlot);
      e.waitVmcnt(0);
      e.barrier();
      localLoad(A, 0, next);
      localLoad(B, 0, next);
      e.schedBarrier(0);
      e.stage("loop end");
      e.setPrio(0);
      e.waitLgkmcnt(0);
      List<Op> loop = e.take();

      e.stage("epilogue");
      e.mfmaChunk(0, Exprs.T);
      localLoad(A, 1, Exprs.T);
      localLoad(B, 1, Exprs.T);
      e.mfmaChunk(1, Exprs.T);
      List<Op> epilogue = e.take();
      return asymmetric(prologue, loop, epilogue);
    }
  }
}

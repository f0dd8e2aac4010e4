package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** Configuration of {@link Cdna4Interleave}; see its knobs for the meaning of each field. */
public record Cdna4InterleaveConfig(
    CommonKnobs common,
    int stages,
    boolean prologueWait,
    boolean prologueBarrier,
    int lastStageWait,
    boolean lastStageBarrier,
    boolean barrierBeforeWait,
    boolean lgkmDrainBeforeBarrier,
    G2sSlot g2sSlot,
    boolean s2rKpackSwapA,
    boolean s2rKpackSwapB,
    boolean mfmaJHalfSwap,
    boolean epilogueWait,
    boolean swizzle)
    implements PassConfig {

  /** Which slot the loop's G2S of tile k+1 writes. */
  public enum G2sSlot {
    /** {@code (k+1) % slots}: the tile's own slot (correct). */
    NEXT,
    /** {@code k % slots}: the slot being computed on (a slot-index bug). */
    CURRENT;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static G2sSlot fromId(String id) {
      return valueOf(id.toUpperCase(Locale.ROOT));
    }
  }

  public Cdna4InterleaveConfig {
    Objects.requireNonNull(common);
    Objects.requireNonNull(g2sSlot);
    InvalidConfigException.requireNone(
        problems(
            common,
            stages,
            lastStageWait,
            lastStageBarrier,
            barrierBeforeWait,
            lgkmDrainBeforeBarrier,
            s2rKpackSwapA,
            s2rKpackSwapB,
            mfmaJHalfSwap));
  }

  static List<String> problems(
      CommonKnobs common,
      int stages,
      int lastStageWait,
      boolean lastStageBarrier,
      boolean barrierBeforeWait,
      boolean lgkmDrainBeforeBarrier,
      boolean s2rKpackSwapA,
      boolean s2rKpackSwapB,
      boolean mfmaJHalfSwap) {
    List<String> out =
        new ArrayList<>(
            Layout.problems(
                common,
                common.target().g2sBytesPerInstruction(),
                "g2s",
                Cdna4Interleave.K_CHUNK,
                1));
    if (lastStageWait < 0) {
      out.add("knob 'lastStageWait': must be >= 0, got " + lastStageWait);
    }
    if (barrierBeforeWait && !lastStageBarrier) {
      out.add("knobs 'barrierBeforeWait', 'lastStageBarrier': no barrier to put before the wait");
    }
    if (lgkmDrainBeforeBarrier && !lastStageBarrier) {
      out.add(
          "knobs 'lgkmDrainBeforeBarrier', 'lastStageBarrier': no barrier to put the drain before");
    }
    if (!out.isEmpty()) {
      return out;
    }
    int kChunks = common.tileK() / Cdna4Interleave.K_CHUNK;
    int jCount = common.tileN() / Layout.WARPS_N / 16;
    if (stages < 1 || stages % kChunks != 0 || jCount % (stages / kChunks) != 0) {
      out.add(
          "knob 'stages': "
              + stages
              + " must be kChunks x jParts with jParts dividing jCount (kChunks = "
              + kChunks
              + ", jCount = "
              + jCount
              + ")");
    } else if (mfmaJHalfSwap && stages / kChunks == 1) {
      out.add("knobs 'mfmaJHalfSwap', 'stages': one j part per k-chunk, nothing to swap");
    }
    if ((s2rKpackSwapA || s2rKpackSwapB) && kChunks == 1) {
      out.add(
          "knobs 's2rKpackSwapA'/'s2rKpackSwapB', 'tileK': one k-pack per tile, nothing to swap");
    }
    return out;
  }

  /** Stages per k-chunk: the number of j parts. */
  public int jParts() {
    return stages / (common.tileK() / Cdna4Interleave.K_CHUNK);
  }

  @Override
  public String transformName() {
    return Cdna4Interleave.NAME;
  }

  @Override
  public Map<String, String> options() {
    Knobs.OptionsBuilder b =
        new Knobs.OptionsBuilder()
            .put("stages", stages)
            .put("prologueWait", prologueWait)
            .put("prologueBarrier", prologueBarrier)
            .put("lastStageWait", lastStageWait)
            .put("lastStageBarrier", lastStageBarrier)
            .put("barrierBeforeWait", barrierBeforeWait)
            .put("lgkmDrainBeforeBarrier", lgkmDrainBeforeBarrier)
            .put("g2sSlot", g2sSlot.id())
            .put("s2rKpackSwapA", s2rKpackSwapA)
            .put("s2rKpackSwapB", s2rKpackSwapB)
            .put("mfmaJHalfSwap", mfmaJHalfSwap)
            .put("epilogueWait", epilogueWait)
            .put("swizzle", swizzle);
    common.putOptions(b);
    return b.build();
  }
}

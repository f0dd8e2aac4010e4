package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** Configuration of {@link TritonPingpong}; see its knobs for the meaning of each field. */
public record TritonPingpongConfig(
    CommonKnobs common, int clusters, boolean chainedDot, BarrierForm barrier)
    implements PassConfig {

  /** How {@code ttg.barrier local} is lowered. */
  public enum BarrierForm {
    /** {@code s_waitcnt lgkmcnt(0)} then {@code s_barrier}. */
    DRAIN,
    /** a bare {@code s_barrier}. */
    PLAIN;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static BarrierForm fromId(String id) {
      return valueOf(id.toUpperCase(Locale.ROOT));
    }
  }

  public TritonPingpongConfig {
    Objects.requireNonNull(common);
    Objects.requireNonNull(barrier);
    InvalidConfigException.requireNone(problems(common, clusters, chainedDot));
  }

  static List<String> problems(CommonKnobs common, int clusters, boolean chainedDot) {
    List<String> out = new ArrayList<>();
    if (clusters != 1 && clusters != 2 && clusters != 4) {
      out.add("knob 'clusters': must be 1, 2 or 4, got " + clusters);
      return out;
    }
    if (chainedDot && clusters != TritonPingpong.DEFAULT_CLUSTERS) {
      out.add(
          "knobs 'chainedDot', 'clusters': ChainedDot has its own clusters; leave clusters unset");
    }
    int requiredWaves = !chainedDot && clusters == 1 ? 4 : 8;
    if (common.waves() != requiredWaves) {
      out.add(
          "knob 'waves': "
              + (chainedDot ? "ChainedDot" : clusters + "-cluster pingpong")
              + " needs "
              + requiredWaves
              + " waves, got "
              + common.waves()
              + (requiredWaves == 4 ? " (e.g. waves=4 tileM=128 tileN=128)" : ""));
    }
    int divisor = chainedDot ? 2 : clusters == 1 ? 0 : clusters;
    int kChunk = divisor == 0 ? TritonPingpong.DEFAULT_K_CHUNK : common.tileK() / divisor;
    if (divisor != 0 && (common.tileK() % divisor != 0 || (kChunk != 16 && kChunk != 32))) {
      out.add(
          "knob 'tileK': "
              + common.tileK()
              + " sliced into "
              + divisor
              + " dots must give a k-chunk of 16 or 32 (one MFMA's K)");
      return out;
    }
    int bytes =
        chainedDot
            ? common.target().g2sBytesPerInstruction()
            : TritonPingpong.GLOAD_BYTES_PER_INSTRUCTION;
    out.addAll(Layout.problems(common, bytes, chainedDot ? "g2s" : "gload", kChunk, 1));
    return out;
  }

  /** The k-chunk: one MFMA's K, and one dot slice for 2 and 4 clusters and ChainedDot. */
  public int kChunk() {
    if (chainedDot) {
      return common.tileK() / 2;
    }
    return clusters == 1 ? TritonPingpong.DEFAULT_K_CHUNK : common.tileK() / clusters;
  }

  @Override
  public String transformName() {
    return TritonPingpong.NAME;
  }

  @Override
  public Map<String, String> options() {
    Knobs.OptionsBuilder b =
        new Knobs.OptionsBuilder()
            .put("clusters", Integer.toString(clusters))
            .put("chainedDot", chainedDot)
            .put("barrier", barrier.id());
    common.putOptions(b);
    return b.build();
  }
}

package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Configuration of {@link TileLangPipelined}; see its knobs for the meaning of each field. */
public record TileLangPipelinedConfig(
    CommonKnobs common,
    int numStages,
    int opsPerGroup,
    boolean endOfIterationBarrier,
    boolean barrierAfterWait,
    boolean swizzle)
    implements PassConfig {

  public TileLangPipelinedConfig {
    Objects.requireNonNull(common);
    InvalidConfigException.requireNone(problems(common, numStages, opsPerGroup));
  }

  static List<String> problems(CommonKnobs common, int numStages, int opsPerGroup) {
    List<String> out = new ArrayList<>();
    if (numStages < 1) {
      out.add("knob 'numStages': must be >= 1, got " + numStages);
    } else if (numStages > common.slots()) {
      out.add(
          "knobs 'numStages', 'slots': numStages "
              + numStages
              + " needs at least as many slots, got "
              + common.slots());
    }
    if (opsPerGroup < 0) {
      out.add("knob 'opsPerGroup': must be >= 0 (0 = count), got " + opsPerGroup);
    }
    out.addAll(
        Layout.problems(
            common, common.target().g2sBytesPerInstruction(), "g2s", TileLangPipelined.K_CHUNK, 1));
    return out;
  }

  @Override
  public String transformName() {
    return TileLangPipelined.NAME;
  }

  @Override
  public Map<String, String> options() {
    Knobs.OptionsBuilder b =
        new Knobs.OptionsBuilder()
            .put("numStages", numStages)
            .put("opsPerGroup", opsPerGroup)
            .put("endOfIterationBarrier", endOfIterationBarrier)
            .put("barrierAfterWait", barrierAfterWait)
            .put("swizzle", swizzle);
    common.putOptions(b);
    return b.build();
  }
}

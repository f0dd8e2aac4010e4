package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Configuration of {@link HipKittens2Step}; see its knobs for the meaning of each field. */
public record HipKittens2StepConfig(
    CommonKnobs common, boolean prologueBarrier, boolean phaseBarriers, boolean waitBarrier)
    implements PassConfig {

  public HipKittens2StepConfig {
    Objects.requireNonNull(common);
    InvalidConfigException.requireNone(problems(common));
  }

  static List<String> problems(CommonKnobs common) {
    List<String> out = new ArrayList<>();
    if (common.slots() != HipKittens2Step.SLOTS) {
      out.add(
          "knob 'slots': the 2-step-ahead schedule is built for exactly 2 slots, got "
              + common.slots());
    }
    out.addAll(
        Layout.problems(
            common, common.target().g2sBytesPerInstruction(), "g2s", HipKittens2Step.K_CHUNK, 2));
    return out;
  }

  @Override
  public String transformName() {
    return HipKittens2Step.NAME;
  }

  @Override
  public Map<String, String> options() {
    Knobs.OptionsBuilder b =
        new Knobs.OptionsBuilder()
            .put("prologueBarrier", prologueBarrier)
            .put("phaseBarriers", phaseBarriers)
            .put("waitBarrier", waitBarrier);
    common.putOptions(b);
    return b.build();
  }
}

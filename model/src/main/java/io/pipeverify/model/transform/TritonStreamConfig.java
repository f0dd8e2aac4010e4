package io.pipeverify.model.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Configuration of {@link TritonStream}; see its knobs for the meaning of each field. */
public record TritonStreamConfig(CommonKnobs common, int asyncWaitNum, boolean membarBarrier)
    implements PassConfig {

  public TritonStreamConfig {
    Objects.requireNonNull(common);
    InvalidConfigException.requireNone(problems(common, asyncWaitNum));
  }

  static List<String> problems(CommonKnobs common, int asyncWaitNum) {
    List<String> out = new ArrayList<>();
    if (asyncWaitNum < 0) {
      out.add("knob 'asyncWaitNum': must be >= 0, got " + asyncWaitNum);
    }
    out.addAll(
        Layout.problems(
            common, common.target().g2sBytesPerInstruction(), "g2s", TritonStream.K_CHUNK, 1));
    if (out.isEmpty() && common.tileM() != common.tileN()) {
      // Groups are one tensor's copies each; vmcnt(N x opsPerGroup) needs equal groups (note 003).
      out.add(
          "knobs 'tileM', 'tileN': the A and B commit groups must have equal sizes for the"
              + " vmcnt lowering, so tileM must equal tileN");
    }
    return out;
  }

  @Override
  public String transformName() {
    return TritonStream.NAME;
  }

  @Override
  public Map<String, String> options() {
    Knobs.OptionsBuilder b =
        new Knobs.OptionsBuilder()
            .put("asyncWaitNum", asyncWaitNum)
            .put("membarBarrier", membarBarrier);
    common.putOptions(b);
    return b.build();
  }
}

package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.OpRef;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.Violation;
import io.pipeverify.verifier.ViolationKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What makes two violations of a campaign one class: property, kind, buffer, and the transform
 * stage and kind of each op. Like {@link io.pipeverify.verifier.ViolationIdentity#key} it leaves
 * out waves, iterations, rows and positions (another configuration moves them), and unlike it the
 * schedule name, which carries the knobs. Stages stay in: the same race between other stages is
 * another defect of the transform.
 */
public record ClassKey(Property property, ViolationKind kind, String buffer, List<String> ops)
    implements Comparable<ClassKey> {

  public ClassKey {
    Objects.requireNonNull(property);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(buffer);
    ops = List.copyOf(ops);
  }

  public static ClassKey of(Violation v) {
    String buffer = "";
    List<String> ops = new ArrayList<>();
    for (OpRef op : v.ops()) {
      if (buffer.isEmpty()) {
        buffer = op.buffer();
      }
      String stage = op.stage().isEmpty() ? op.section() + " #" + op.position() : op.stage();
      ops.add(stage + " " + op.op());
    }
    return new ClassKey(v.property(), v.kind(), buffer, ops);
  }

  /** The SARIF rule and JUnit test name prefix: {@code pipeverify/P1/WAR}. */
  public String ruleId() {
    return "pipeverify/" + property.name() + "/" + kind.name();
  }

  /** {@code P1 WAR on B: loop stage 3 ds_read vs loop stage 2 g2s}. */
  public String describe() {
    StringBuilder s = new StringBuilder(property.name()).append(' ').append(kind.name());
    if (!buffer.isEmpty()) {
      s.append(" on ").append(buffer);
    }
    if (!ops.isEmpty()) {
      s.append(": ").append(String.join(" vs ", ops));
    }
    return s.toString();
  }

  @Override
  public int compareTo(ClassKey o) {
    return describe().compareTo(o.describe());
  }
}

package io.pipeverify.model.interp;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import java.util.Map;

/**
 * An op of one wave at one iteration, with the variables its expressions are evaluated in ({@code
 * w}, the wave parameters, {@code k} inside the loop and {@code T}).
 */
public record UnrolledOp(
    int wave, Section section, int iteration, int position, Op op, Map<String, Long> env) {

  public UnrolledOp {
    env = Map.copyOf(env);
  }

  /** Readable location, e.g. {@code wave 3 loop k=1 #12 (loop stage 2)}. */
  public String where() {
    String at = section == Section.LOOP ? "loop k=" + iteration : section.id();
    String stage =
        op.origin() instanceof io.pipeverify.model.Origin.FromTransform t
            ? " (" + t.stage() + ")"
            : "";
    return "wave " + wave + " " + at + " #" + position + stage;
  }
}

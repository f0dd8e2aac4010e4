package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import java.util.Optional;

/**
 * One executed instance of an op: wave {@code wave}, at {@code seq} in the wave's program order,
 * from {@code section} at loop iteration {@code iteration} (-1 outside the loop) and {@code
 * position} in that section's op list. Implicit waits (inserted by the {@code llvm} model) have
 * {@code implicit} set and the position of the op they guard.
 */
public record Instance(
    int wave,
    int seq,
    Section section,
    int iteration,
    int position,
    Op op,
    boolean implicit,
    Optional<Access> access) {

  /**
   * Wave and seq identify an instance within its execution; hashing them alone (consistent with the
   * record's equals) keeps the graph's maps from hashing whole ops, tags and expressions, which was
   * a third of the verifier's time.
   */
  @Override
  public int hashCode() {
    return 31 * wave + seq;
  }

  /** Readable location, e.g. {@code loop k=1 #12}. */
  public String where() {
    String at = section == Section.LOOP ? "loop k=" + iteration : section.id();
    return at + " #" + position + (implicit ? " (implicit)" : "");
  }
}

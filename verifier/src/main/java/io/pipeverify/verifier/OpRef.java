package io.pipeverify.verifier;

import java.util.Objects;

/**
 * One op instance as a report shows it: wave, section, iteration (-1 outside the loop), position in
 * the section, stage, the op rendered with evaluated slot, range and tile, and its origin.
 */
public record OpRef(
    int wave,
    String section,
    int iteration,
    int position,
    String stage,
    String op,
    String text,
    String buffer,
    int slot,
    String range,
    String tile,
    String origin) {

  public OpRef {
    Objects.requireNonNull(section);
    Objects.requireNonNull(stage);
    Objects.requireNonNull(op);
    Objects.requireNonNull(text);
    Objects.requireNonNull(buffer);
    Objects.requireNonNull(range);
    Objects.requireNonNull(tile);
    Objects.requireNonNull(origin);
  }

  /** Short form for tables and sentences: {@code wave 3 loop k=1 stage 3: ds_read B[0] ...}. */
  public String brief() {
    String at = iteration >= 0 ? section + " k=" + iteration : section;
    String st = stage.isEmpty() ? "#" + position : stage;
    return "wave " + wave + " " + at + " (" + st + "): " + text;
  }
}

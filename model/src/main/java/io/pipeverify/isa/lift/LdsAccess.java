package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One LDS access of one wave as evaluated: the instruction, the loop iteration it ran in (-1 before
 * the loop), and per lane (64 entries) the first LDS byte it touches, empty for an inactive lane;
 * each active lane touches {@code bytesPerLane} bytes from there.
 */
public record LdsAccess(
    Instruction instruction,
    int wave,
    int iteration,
    Kind kind,
    int bytesPerLane,
    List<OptionalLong> laneAddresses) {

  /** A ds_read, a ds_write, or the LDS write of an LDS-DMA copy. */
  public enum Kind {
    READ,
    WRITE,
    DMA_WRITE
  }

  public LdsAccess {
    Objects.requireNonNull(instruction);
    Objects.requireNonNull(kind);
    laneAddresses = List.copyOf(laneAddresses);
  }

  /** The first byte of {@code lane}; the lane must be active. */
  public long address(int lane) {
    return laneAddresses.get(lane).orElseThrow();
  }
}

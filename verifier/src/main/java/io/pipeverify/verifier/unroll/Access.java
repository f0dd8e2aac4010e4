package io.pipeverify.verifier.unroll;

import io.pipeverify.model.Region;

/**
 * An LDS access with everything evaluated: buffer, slot, byte range, and the tile it carries
 * (tensor and K-tile index; for a read, the tile it expects).
 */
public record Access(
    String buffer, int slot, Region.ByteRange bytes, String tensor, long kTile, boolean write) {

  public boolean conflictsWith(Access other) {
    return buffer.equals(other.buffer)
        && slot == other.slot
        && (write || other.write)
        && bytes.overlaps(other.bytes);
  }
}

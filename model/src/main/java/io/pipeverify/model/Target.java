package io.pipeverify.model;

import java.util.Locale;

/** The AMD GPU the schedule runs on (semantics.md section 1; seed note 003). */
public enum Target {
  /** MI355X: 160 KiB LDS per workgroup; buffer_load ... lds moves 16 B per lane. */
  GFX950(160 * 1024, 16),
  /** MI300X: 64 KiB LDS per workgroup; buffer_load ... lds moves at most 4 B per lane. */
  GFX942(64 * 1024, 4);

  /** Bits of the counters on gfx9: vmcnt is 6 bits, lgkmcnt 4 bits. */
  public static final int VMCNT_MAX = 63;

  public static final int LGKMCNT_MAX = 15;
  public static final int LANES = 64;

  private final int ldsBytes;
  private final int g2sBytesPerLane;

  Target(int ldsBytes, int g2sBytesPerLane) {
    this.ldsBytes = ldsBytes;
    this.g2sBytesPerLane = g2sBytesPerLane;
  }

  public int ldsBytes() {
    return ldsBytes;
  }

  public int g2sBytesPerLane() {
    return g2sBytesPerLane;
  }

  /** Bytes one g2s instruction moves: 64 lanes times the per-lane width. */
  public int g2sBytesPerInstruction() {
    return LANES * g2sBytesPerLane;
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Target fromId(String id) {
    for (Target t : values()) {
      if (t.id().equals(id)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown target '" + id + "' (expected gfx950 or gfx942)");
  }
}

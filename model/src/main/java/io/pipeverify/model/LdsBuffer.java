package io.pipeverify.model;

import java.util.Objects;

/** A named LDS buffer of {@code slots} slots of {@code slotBytes} bytes, in rows of rowBytes. */
public record LdsBuffer(String name, int slots, int slotBytes, int rowBytes) {
  public LdsBuffer {
    Objects.requireNonNull(name);
  }

  public long totalBytes() {
    return (long) slots * slotBytes;
  }
}

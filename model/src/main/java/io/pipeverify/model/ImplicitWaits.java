package io.pipeverify.model;

import java.util.Locale;

/**
 * Which waits the compiler adds on its own (semantics.md section 2): {@code llvm} inserts an
 * lgkmcnt wait before the first use of a ds_read's register and a vmcnt wait before the first use
 * of a gload's register; {@code none} (inline-asm loads, HipKittens style) adds nothing.
 */
public enum ImplicitWaits {
  LLVM,
  NONE;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static ImplicitWaits fromId(String id) {
    for (ImplicitWaits m : values()) {
      if (m.id().equals(id)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown implicit-wait model '" + id + "' (expected llvm or none)");
  }
}

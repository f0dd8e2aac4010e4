package io.pipeverify.model;

import java.util.Locale;

/**
 * What the ops of a schedule say beyond their timing (semantics.md section 8). A schedule written
 * for a GEMM ({@code gemm}) tags every copy and read with the tile, rows and k-chunk it means, and
 * every mfma with its output fragment, so P3 (wrong version) and P5 (contraction coverage) are
 * checked and P4 also checks that an mfma gets the fragment it needs. A schedule lifted from
 * compiled assembly ({@code none}) has no tensor names: its tags and mfma indices are placeholders,
 * P5 is not checked, P3 follows from P1 and P2 (proofs/lifted-intent.md), and P4 checks only that
 * the ds_read defining an mfma's register lands before the mfma. Reports say which properties were
 * checked.
 */
public enum Intent {
  GEMM,
  NONE;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}

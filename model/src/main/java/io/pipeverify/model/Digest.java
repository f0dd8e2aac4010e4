package io.pipeverify.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 digests of texts, in hex: what a large text is known by where only its identity matters
 * (a listing in the lift memo, a copy's source, a fuzz class's fingerprint).
 */
public final class Digest {
  private Digest() {}

  /** The first {@code bytes} bytes (at most 32) of {@code text}'s SHA-256 digest, in hex. */
  public static String sha256(CharSequence text, int bytes) {
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256")
              .digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}

package io.pipeverify.verifier;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * What makes two violations "the same" across runs and edits of a schedule: the schedule's name,
 * the property and kind, and for each op its section, stage, op kind and buffer. Waves, iterations,
 * positions, rows and line numbers are left out on purpose: the solver may pick another wave or
 * iteration on the next run, and an unrelated edit shifts positions and lines, but neither makes it
 * a new race. CI systems use this to match results across runs (SARIF {@code partialFingerprints});
 * the repair search uses it to decide whether an edit removed a violation.
 */
public final class ViolationIdentity {
  private ViolationIdentity() {}

  /** The rule of a violation: {@code pipeverify/P1/WAR}. */
  public static String ruleId(Violation v) {
    return "pipeverify/" + v.property().name() + "/" + v.kind().name();
  }

  /** The readable key the fingerprint hashes; also the identity without the schedule name. */
  public static String key(Violation v) {
    StringBuilder s = new StringBuilder(ruleId(v));
    for (OpRef op : v.ops()) {
      s.append('|')
          .append(op.section())
          .append(':')
          .append(op.stage())
          .append(':')
          .append(op.op())
          .append(':')
          .append(op.buffer());
    }
    return s.toString();
  }

  /** A stable hex fingerprint (SHA-256, 32 hex digits) of the schedule name and {@link #key}. */
  public static String fingerprint(String scheduleName, Violation v) {
    return fingerprint(scheduleName, key(v));
  }

  /**
   * The same of any stable key: a violation's, or a root cause's ({@link RootCause#key}), which is
   * what a SARIF result, one per root cause, is matched by across runs.
   */
  public static String fingerprint(String scheduleName, String key) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha.digest((scheduleName + "\n" + key).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16).toLowerCase(Locale.ROOT);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}

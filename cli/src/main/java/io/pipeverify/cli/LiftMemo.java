package io.pipeverify.cli;

import io.pipeverify.isa.lift.LiftedKernel;
import io.pipeverify.model.Digest;
import io.pipeverify.model.Target;
import java.lang.ref.SoftReference;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The kernels one command has lifted, by their text. A sweep meets the same kernel assembled for
 * several targets: aiter ships each of its GEMM kernels for gfx942 and for gfx950, instruction for
 * instruction the same, and their listings differ only in the target directive and the file name in
 * a comment. Such a kernel is lifted once (again for another LDS size when an address was beyond
 * the first target's LDS, or its accesses reach beyond the second's); the other inputs get its
 * launch classes moved to their file and target ({@link LiftedKernel#inFile}), which is what their
 * own lift would give. Only lifts that succeeded are kept: an input that fails fails with its own
 * file and lines. (A clang listing also names its target in its metadata, {@code amdhsa.target}:
 * there the texts differ and each is lifted.) A listing with several kernels has a lift per kernel:
 * they are known by text and kernel name.
 */
final class LiftMemo {
  private record Lifted(String name, LiftedKernel kernel) {}

  /** A kernel of a listing, the listing known by its {@link #key}. */
  private record Key(String text, String kernel) {}

  /** Comment lines and the target directive: each becomes an empty line, so lines still match. */
  private static final Pattern IGNORED =
      Pattern.compile("(?m)^(\\s*;.*|\\s*\\.amdgcn_target\\s.*)$");

  /**
   * Softly held: a lift the collector needs the memory of is made again when its twin comes (the
   * same classes), so a sweep's memory does not grow with its inputs.
   */
  private final Map<Key, SoftReference<Lifted>> byText = new ConcurrentHashMap<>();

  /**
   * What a listing is known by: the SHA-256 digest of its text without its comments and target
   * directive (a sweep's memo and opened inputs hold a key each, and a listing is megabytes).
   */
  static String key(String listing) {
    String text = IGNORED.matcher(listing).replaceAll("");
    return Digest.sha256(text, 32);
  }

  /**
   * Kernel {@code kernel} lifted before from a listing of text {@code key} ({@link #key}), as read
   * from {@code name} for {@code target}.
   */
  Optional<LiftedKernel> find(String key, String kernel, String name, Target target) {
    SoftReference<Lifted> held = byText.get(new Key(key, kernel));
    Lifted seen = held == null ? null : held.get();
    if (seen == null || seen.kernel().classes().isEmpty()) {
      return Optional.empty();
    }
    // An LDS address beyond a target's LDS touches nothing there (docs/isa.md): a lift is reused
    // for a target with another LDS size only when its accesses reach no further than that LDS
    // and it left no address out (LiftedKernel#reach).
    Target lifted = seen.kernel().classes().get(0).schedule().target();
    return lifted.ldsBytes() == target.ldsBytes() || seen.kernel().reach() <= target.ldsBytes()
        ? Optional.of(seen.kernel().inFile(seen.name(), name, target))
        : Optional.empty();
  }

  /**
   * Records {@code lifted}, kernel {@code kernel} of input {@code name}, whose listing's text is
   * {@code key}.
   */
  void put(String key, String kernel, String name, LiftedKernel lifted) {
    byText.compute(
        new Key(key, kernel),
        (k, held) ->
            held != null && held.get() != null
                ? held
                : new SoftReference<>(new Lifted(name, lifted)));
  }
}

package io.pipeverify.codegen;

import io.pipeverify.model.Schedule;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Verified built-in schedules and test resources shared by the codegen tests. */
public final class Fixtures {
  private Fixtures() {}

  public static Schedule builtin(String name, Map<String, String> knobs) {
    try {
      return Transforms.byName(name).orElseThrow().generate(knobs);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The built-in, verified; fails the test when it does not verify. */
  public static VerifiedSchedule verified(String name, Map<String, String> knobs) {
    return Verifier.certify(Verifier.verify(builtin(name, knobs), VerifyOptions.defaults()))
        .orElseThrow(() -> new AssertionError(name + " " + knobs + " does not verify"));
  }

  /** The note-000 schedule with the lgkmcnt(0) drain: verified on gfx950. */
  public static VerifiedSchedule cdna4Drain() {
    return verified("cdna4-interleave", Map.of("lgkmDrainBeforeBarrier", "true"));
  }

  public static String resource(String path) {
    try {
      return Files.readString(Path.of("src", "test", "resources", path), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.verifier.VerifyOptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a campaign draws configurations of and checks (docs/fuzzing.md): a built-in transform
 * ({@link BuiltinGenerator}), or a user's own generator run as a command ({@code fuzz --knobs SPEC
 * --generate CMD}).
 */
public interface Generator {
  /** How reports name it: the transform's name, or the generator's. */
  String name();

  /** Its knobs, each with its domain and default. */
  List<KnobSpec> knobs();

  /** A checker of configurations for one campaign, with the campaign's verify options. */
  Checker checker(VerifyOptions options);

  /** The command that reproduces a class with its minimal knobs. */
  String reproduce(FuzzClass c);

  /** The compiler every verified configuration also goes through ({@code --compile}), if any. */
  default Optional<String> compilerVersion() {
    return Optional.empty();
  }

  /** Checks configurations; thread-safe, and may answer a configuration seen before at once. */
  interface Checker {
    Outcome check(Map<String, String> knobs);

    /** How many configurations it verified (not answered from what it had seen). */
    int verifications();
  }
}

package io.pipeverify.model.transform;

import io.pipeverify.model.Schedule;
import java.util.List;
import java.util.Map;

/**
 * A built-in pipeline transform: one of the passes of the design notes (shared/seeds) re-expressed
 * as a generator of {@link Schedule}s whose knobs are the pass's configuration.
 *
 * @param <C> the transform's validated configuration
 */
public interface PipelineTransform<C extends PassConfig> {

  /** The name used on the command line, e.g. {@code cdna4-interleave}. */
  String name();

  /** One paragraph: what the pass does and which note it comes from. */
  String description();

  /** Every knob, with its type, default and meaning, in a stable order. */
  List<KnobSpec> knobs();

  /** The configuration class, for {@link #generateFrom}. */
  Class<C> configType();

  /**
   * Parses and validates options (absent knobs take their defaults). Unknown knobs, unparsable
   * values and violated invariants are all reported together in {@link KnobException#problems()}.
   */
  C configure(Map<String, String> options) throws KnobException;

  /** The schedule this configuration makes; deterministic. */
  Schedule generate(C config);

  /** {@link #configure} then {@link #generate}. */
  default Schedule generate(Map<String, String> options) throws KnobException {
    return generate(configure(options));
  }

  /** Generates from a configuration of this transform given as its interface type. */
  default Schedule generateFrom(PassConfig config) {
    if (!configType().isInstance(config)) {
      throw new IllegalArgumentException(
          name() + " cannot generate from a " + config.transformName() + " configuration");
    }
    return generate(configType().cast(config));
  }

  /** The default configuration. */
  default C defaults() {
    try {
      return configure(Map.of());
    } catch (KnobException e) {
      throw new IllegalStateException("the defaults of " + name() + " are invalid", e);
    }
  }
}

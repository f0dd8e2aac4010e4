package io.pipeverify.model.transform;

import java.util.Map;

/**
 * A validated configuration of one built-in transform. {@link #options()} gives back every knob's
 * value as the CLI writes it, so that {@code transform.configure(config.options())} equals the
 * configuration.
 */
public sealed interface PassConfig
    permits TileLangPipelinedConfig,
        Cdna4InterleaveConfig,
        HipKittens2StepConfig,
        TritonStreamConfig,
        TritonPingpongConfig {

  /** The name of the transform this configures. */
  String transformName();

  /** The knobs every transform has. */
  CommonKnobs common();

  /** Every knob's value, keyed by knob name. */
  Map<String, String> options();
}

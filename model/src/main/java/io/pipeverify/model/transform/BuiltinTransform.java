package io.pipeverify.model.transform;

import java.util.List;

/**
 * What every built-in transform has besides its configuration and generator: its name, its
 * description and its knobs, fixed at construction.
 *
 * @param <C> the transform's validated configuration
 */
abstract class BuiltinTransform<C extends PassConfig> implements PipelineTransform<C> {
  private final String name;
  private final String description;
  private final List<KnobSpec> knobs;
  private final Class<C> configType;

  BuiltinTransform(String name, String description, List<KnobSpec> knobs, Class<C> configType) {
    this.name = name;
    this.description = description;
    this.knobs = List.copyOf(knobs);
    this.configType = configType;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<KnobSpec> knobs() {
    return knobs;
  }

  @Override
  public final Class<C> configType() {
    return configType;
  }
}

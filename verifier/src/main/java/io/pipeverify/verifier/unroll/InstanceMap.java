package io.pipeverify.verifier.unroll;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A value per instance of one execution, in arrays by wave and seq: what an identity map of
 * instances did, without hashing. The happens-before graph and the data-flow checks keep several
 * per trip count; grown one entry at a time, identity maps spent a tenth of the data-flow check
 * resizing in a cold start (docs/PERFORMANCE.md, "Cold start").
 */
public final class InstanceMap<V> {
  private final List<List<Instance>> waves;

  /** By wave id: the position of its stream in the execution, or -1. */
  private final int[] waveIndex;

  private final Object[][] values;

  public InstanceMap(Execution execution) {
    waves = execution.waves();
    int maxWave = -1;
    for (List<Instance> wave : waves) {
      if (!wave.isEmpty()) {
        maxWave = Math.max(maxWave, wave.get(0).wave());
      }
    }
    waveIndex = new int[maxWave + 1];
    Arrays.fill(waveIndex, -1);
    values = new Object[waves.size()][];
    for (int w = 0; w < waves.size(); w++) {
      values[w] = new Object[waves.get(w).size()];
      if (!waves.get(w).isEmpty()) {
        waveIndex[waves.get(w).get(0).wave()] = w;
      }
    }
  }

  /** The position in the execution of the stream of wave {@code wave}, or -1 for none. */
  public int position(int wave) {
    return wave >= 0 && wave < waveIndex.length ? waveIndex[wave] : -1;
  }

  /** The value of {@code instance}, or null: none put, or an instance of another execution. */
  @SuppressWarnings("unchecked")
  public V get(Instance instance) {
    int w = position(instance.wave());
    if (w < 0 || instance.seq() < 0 || instance.seq() >= values[w].length) {
      return null;
    }
    return waves.get(w).get(instance.seq()) == instance ? (V) values[w][instance.seq()] : null;
  }

  /** Sets the value of {@code instance}, an instance of this execution. */
  public void put(Instance instance, V value) {
    values[waveIndex[instance.wave()]][instance.seq()] = value;
  }

  /** The value of {@code instance}, computed by {@code compute} and kept when there is none. */
  public V computeIfAbsent(Instance instance, Function<Instance, V> compute) {
    V v = get(instance);
    if (v == null) {
      v = compute.apply(instance);
      put(instance, v);
    }
    return v;
  }
}

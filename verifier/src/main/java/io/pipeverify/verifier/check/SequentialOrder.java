package io.pipeverify.verifier.check;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.Comparator;
import java.util.List;

/**
 * The order of a schedule's sequential execution (semantics.md section 8): barrier phase by phase,
 * wave by wave, every op landing at issue. Without intent (a schedule lifted from assembly) it says
 * which access of a racing pair the program means to come first: the earlier one in this order (a
 * write before a read is RAW, a read before a write WAR). Two waves in one phase are taken in wave
 * order; they race either way, so only the kind's name depends on it.
 */
final class SequentialOrder {
  private SequentialOrder() {}

  static Comparator<Instance> of(Execution execution) {
    List<List<Instance>> waves = execution.waves();
    int[][] phase = new int[waves.size()][];
    for (int w = 0; w < waves.size(); w++) {
      List<Instance> wave = waves.get(w);
      phase[w] = new int[wave.size()];
      int barriers = 0;
      for (int i = 0; i < wave.size(); i++) {
        phase[w][i] = barriers;
        if (wave.get(i).op() instanceof Op.Barrier) {
          barriers++;
        }
      }
    }
    return Comparator.comparingInt((Instance i) -> phase[i.wave()][i.seq()])
        .thenComparingInt(Instance::wave)
        .thenComparingInt(Instance::seq);
  }
}

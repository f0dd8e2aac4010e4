package io.pipeverify.verifier.check;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The order of a schedule's sequential execution (semantics.md section 8): barrier phase by phase,
 * wave by wave, every op landing at issue. Without intent (a schedule lifted from assembly) it says
 * which access of a racing pair the program means to come first: the earlier one in this order (a
 * write before a read is RAW, a read before a write WAR). Two waves in one phase are taken in wave
 * order; they race either way, so only the kind's name depends on it.
 */
final class SequentialOrder {
  private final List<List<Instance>> waves;
  private final int[][] phase;
  private final int[][] nextBarrier;
  private final Comparator<Instance> order;

  private SequentialOrder(Execution execution) {
    waves = execution.waves();
    phase = new int[waves.size()][];
    nextBarrier = new int[waves.size()][];
    for (int w = 0; w < waves.size(); w++) {
      List<Instance> wave = waves.get(w);
      phase[w] = new int[wave.size()];
      nextBarrier[w] = new int[wave.size()];
      int barriers = 0;
      for (int i = 0; i < wave.size(); i++) {
        phase[w][i] = barriers;
        if (wave.get(i).op() instanceof Op.Barrier) {
          barriers++;
        }
      }
      int next = -1;
      for (int i = wave.size() - 1; i >= 0; i--) {
        nextBarrier[w][i] = next;
        if (wave.get(i).op() instanceof Op.Barrier) {
          next = i;
        }
      }
    }
    // By phase, wave, then seq; written out (see RaceChecker.PROGRAM_POSITION).
    order =
        (a, b) -> {
          int c = Integer.compare(phase[a.wave()][a.seq()], phase[b.wave()][b.seq()]);
          if (c == 0) {
            c = Integer.compare(a.wave(), b.wave());
          }
          return c != 0 ? c : Integer.compare(a.seq(), b.seq());
        };
  }

  static SequentialOrder of(Execution execution) {
    return new SequentialOrder(execution);
  }

  Comparator<Instance> comparator() {
    return order;
  }

  /**
   * The first s_barrier after {@code i} in its wave: where a race between waves is missing its
   * synchronisation (the access before it was not retired by a wait before it).
   */
  Optional<Instance> barrierAfter(Instance i) {
    int next = nextBarrier[i.wave()][i.seq()];
    return next < 0 ? Optional.empty() : Optional.of(waves.get(i.wave()).get(next));
  }
}

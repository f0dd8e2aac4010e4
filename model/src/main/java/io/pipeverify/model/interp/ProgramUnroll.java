package io.pipeverify.model.interp;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Each wave's ops in program order for a concrete trip count: prologue, loop body for k = 0..T-1,
 * epilogue (semantics.md section 3), without the verifier's implicit waits, which carry no data.
 */
public final class ProgramUnroll {
  private ProgramUnroll() {}

  /** What {@link #walk} is given: each section a wave runs, the loop once per iteration. */
  @FunctionalInterface
  public interface SectionVisitor {
    /**
     * One section of wave {@code wave} ({@code iteration} -1 outside the loop) with the values of
     * its expressions' variables: {@code env} changes after the call returns, so keep a copy.
     */
    void section(int wave, Section section, int iteration, List<Op> ops, Map<String, Long> env);
  }

  /** Gives {@code visitor} the sections each wave runs at trip count T, wave by wave, in order. */
  public static void walk(Schedule schedule, int tripCount, SectionVisitor visitor) {
    if (tripCount < 1) {
      throw new IllegalArgumentException("trip count must be >= 1, got " + tripCount);
    }
    for (int w = 0; w < schedule.waves(); w++) {
      WaveProgram program = schedule.programOf(w);
      Map<String, Long> env = schedule.waveEnv(w);
      env.put(Schedule.TRIP_COUNT, (long) tripCount);
      visitor.section(w, Section.PROLOGUE, -1, program.prologue(), env);
      for (int k = 0; k < tripCount; k++) {
        env.put(Schedule.K, (long) k);
        visitor.section(w, Section.LOOP, k, program.loop(), env);
      }
      env.remove(Schedule.K);
      visitor.section(w, Section.EPILOGUE, -1, program.epilogue(), env);
    }
  }

  public static List<List<UnrolledOp>> of(Schedule schedule, int tripCount) {
    List<List<UnrolledOp>> out = new ArrayList<>();
    walk(
        schedule,
        tripCount,
        (wave, section, iteration, ops, env) -> {
          if (out.size() == wave) {
            out.add(new ArrayList<>());
          }
          Map<String, Long> frozen = Map.copyOf(env);
          for (int p = 0; p < ops.size(); p++) {
            out.get(wave).add(new UnrolledOp(wave, section, iteration, p, ops.get(p), frozen));
          }
        });
    return out.stream().map(List::copyOf).toList();
  }
}

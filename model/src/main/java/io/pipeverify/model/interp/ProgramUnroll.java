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

  public static List<List<UnrolledOp>> of(Schedule schedule, int tripCount) {
    if (tripCount < 1) {
      throw new IllegalArgumentException("trip count must be >= 1, got " + tripCount);
    }
    List<List<UnrolledOp>> out = new ArrayList<>();
    for (int w = 0; w < schedule.waves(); w++) {
      WaveProgram program = schedule.programOf(w);
      Map<String, Long> env = schedule.waveEnv(w);
      env.put(Schedule.TRIP_COUNT, (long) tripCount);
      List<UnrolledOp> stream = new ArrayList<>();
      add(stream, w, Section.PROLOGUE, -1, program.prologue(), env);
      for (int k = 0; k < tripCount; k++) {
        env.put(Schedule.K, (long) k);
        add(stream, w, Section.LOOP, k, program.loop(), env);
      }
      env.remove(Schedule.K);
      add(stream, w, Section.EPILOGUE, -1, program.epilogue(), env);
      out.add(List.copyOf(stream));
    }
    return List.copyOf(out);
  }

  private static void add(
      List<UnrolledOp> stream,
      int wave,
      Section section,
      int iteration,
      List<Op> ops,
      Map<String, Long> env) {
    Map<String, Long> frozen = Map.copyOf(env);
    for (int p = 0; p < ops.size(); p++) {
      stream.add(new UnrolledOp(wave, section, iteration, p, ops.get(p), frozen));
    }
  }
}

package io.pipeverify.verifier.relax;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The waits and barriers of a schedule as relaxed so far: each {@link SyncPoint} of the original
 * holds its current op, or nothing when removed. Immutable; {@link #with} gives the next state.
 */
final class SyncState {
  private final Schedule original;
  private final Map<SyncPoint, Optional<Op>> ops;

  private SyncState(Schedule original, Map<SyncPoint, Optional<Op>> ops) {
    this.original = original;
    this.ops = ops;
  }

  static SyncState of(Schedule original) {
    Map<SyncPoint, Optional<Op>> ops = new LinkedHashMap<>();
    for (SyncPoint p : SyncPoint.of(original)) {
      ops.put(p, Optional.of(p.op(original)));
    }
    return new SyncState(original, ops);
  }

  List<SyncPoint> points() {
    return List.copyOf(ops.keySet());
  }

  Optional<Op> at(SyncPoint p) {
    return ops.get(p);
  }

  SyncState with(SyncPoint p, Optional<Op> op) {
    Map<SyncPoint, Optional<Op>> next = new LinkedHashMap<>(ops);
    next.put(p, op);
    return new SyncState(original, next);
  }

  /** The original schedule with every point's current op, removed ones left out. */
  Schedule schedule() {
    List<WaveProgram> programs = new ArrayList<>();
    for (int p = 0; p < original.programs().size(); p++) {
      WaveProgram w = original.programs().get(p);
      programs.add(
          new WaveProgram(
              w.role(),
              w.waves(),
              section(p, Section.PROLOGUE),
              section(p, Section.LOOP),
              section(p, Section.EPILOGUE)));
    }
    return original.withPrograms(programs);
  }

  private List<Op> section(int program, Section section) {
    List<Op> given = original.programs().get(program).section(section);
    List<Op> out = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      Optional<Op> current = ops.get(new SyncPoint(program, section, i));
      if (current == null) {
        out.add(given.get(i));
      } else {
        current.ifPresent(out::add);
      }
    }
    return out;
  }
}

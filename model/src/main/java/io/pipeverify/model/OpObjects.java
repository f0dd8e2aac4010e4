package io.pipeverify.model;

import java.util.List;

/**
 * A schedule compared by which op objects its programs hold, in order (and its other fields by
 * value): a map key that costs one pass over the ops' identities instead of hashing and comparing
 * every op record field by field. Where equal ops are one object (the schedule lift interns them),
 * two keys are equal exactly when their schedules are.
 */
public final class OpObjects {
  private final Schedule schedule;
  private final Schedule withoutPrograms;
  private final int hash;

  public OpObjects(Schedule schedule) {
    this.schedule = schedule;
    this.withoutPrograms = schedule.withPrograms(List.of());
    int h = withoutPrograms.hashCode();
    for (WaveProgram p : schedule.programs()) {
      h = 31 * h + p.role().hashCode();
      h = 31 * h + p.waves().hashCode();
      for (Section s : Section.values()) {
        for (Op op : p.section(s)) {
          h = 31 * h + System.identityHashCode(op);
        }
        h = 31 * h + s.ordinal();
      }
    }
    this.hash = h;
  }

  /** The schedule this key stands for. */
  public Schedule schedule() {
    return schedule;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof OpObjects r)
        || r.hash != hash
        || !withoutPrograms.equals(r.withoutPrograms)
        || schedule.programs().size() != r.schedule.programs().size()) {
      return false;
    }
    for (int p = 0; p < schedule.programs().size(); p++) {
      WaveProgram x = schedule.programs().get(p);
      WaveProgram y = r.schedule.programs().get(p);
      if (!x.role().equals(y.role()) || !x.waves().equals(y.waves())) {
        return false;
      }
      for (Section s : Section.values()) {
        List<Op> a = x.section(s);
        List<Op> b = y.section(s);
        if (a.size() != b.size()) {
          return false;
        }
        for (int i = 0; i < a.size(); i++) {
          if (a.get(i) != b.get(i)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return hash;
  }
}

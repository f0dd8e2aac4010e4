package io.pipeverify.codegen.compiled;

import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.model.Op;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The compiled loop against the emitted schedule's, in events (docs/codegen.md, "The compiled
 * check"). Both loops are sequences of ops: the schedule's loop body unrolled as the emitter
 * unrolls it, and one iteration of the loop lifted from clang's assembly.
 *
 * <ul>
 *   <li>Copies, reads, writes, MFMAs and barriers are counted per kind (an MFMA of the schedule is
 *       {@code mfmaPerOp} instructions): a difference is ops the compiler added or dropped.
 *   <li>With the same counts, the loops are cut at their barriers: a kind counted differently
 *       between two barriers is ops the compiler moved across a barrier (the class of race no
 *       schedule check sees), and the same counts in another order are a reordering.
 *   <li>A wait is placed by the op it precedes: the next copy, read, write, MFMA or barrier, by its
 *       kind and its ordinal among those of its kind. Per counter, a compiled wait where the
 *       schedule has none was inserted, a larger or smaller value weakened or strengthened, and a
 *       schedule's wait with no compiled one at its place dropped. An inserted {@code lgkmcnt} wait
 *       before an MFMA is a register use, which the llvm implicit-wait model assumes.
 * </ul>
 */
final class LoopComparison {

  /** An op of a loop with the schedule's stage it belongs to, and its assembly line if compiled. */
  record Step(Op op, String stage, String where) {}

  /** The ops a comparison tracks. */
  private enum Tracked {
    G2S("g2s"),
    GLOAD("global load"),
    DS_WRITE("ds_write"),
    DS_READ("ds_read"),
    MFMA("mfma"),
    BARRIER("s_barrier");

    final String word;

    Tracked(String word) {
      this.word = word;
    }

    boolean memory() {
      return this != MFMA && this != BARRIER;
    }
  }

  /** The op a wait precedes: its kind and ordinal among those of its kind; null kind: the end. */
  private record Anchor(Tracked kind, int ordinal) {}

  private final List<Step> expected;
  private final List<Step> actual;
  private final int mfmaPerOp;
  private final boolean usesModelled;
  private final List<CompiledEvent> events = new ArrayList<>();

  private LoopComparison(
      List<Step> expected, List<Step> actual, int mfmaPerOp, boolean usesModelled) {
    this.expected = expected;
    this.actual = actual;
    this.mfmaPerOp = mfmaPerOp;
    this.usesModelled = usesModelled;
  }

  /**
   * The events of {@code actual} (the compiled loop) against {@code expected} (the schedule's);
   * {@code usesModelled}: the schedule was verified with the llvm implicit-wait model.
   */
  static List<CompiledEvent> compare(
      List<Step> expected, List<Step> actual, int mfmaPerOp, boolean usesModelled) {
    LoopComparison c = new LoopComparison(expected, actual, mfmaPerOp, usesModelled);
    if (c.counts()) {
      c.regions();
    }
    c.waits("vmcnt");
    c.waits("lgkmcnt");
    return c.events;
  }

  private static Optional<Tracked> tracked(Op op) {
    Op o = op instanceof Op.Conditional c ? c.op() : op;
    if (o instanceof Op.G2s) {
      return Optional.of(Tracked.G2S);
    } else if (o instanceof Op.GLoad) {
      // A spill or reload is the compiler's register allocation, not an op of the schedule.
      return ScheduleLift.isScratch(o) ? Optional.empty() : Optional.of(Tracked.GLOAD);
    } else if (o instanceof Op.DsWrite) {
      return Optional.of(Tracked.DS_WRITE);
    } else if (o instanceof Op.DsRead) {
      return Optional.of(Tracked.DS_READ);
    } else if (o instanceof Op.Mfma) {
      return Optional.of(Tracked.MFMA);
    } else if (o instanceof Op.Barrier) {
      return Optional.of(Tracked.BARRIER);
    }
    return Optional.empty();
  }

  /** How many instructions the schedule's ops of a kind are. */
  private int scale(Tracked t) {
    return t == Tracked.MFMA ? mfmaPerOp : 1;
  }

  private static long count(List<Step> steps, Tracked t) {
    return steps.stream().filter(s -> tracked(s.op()).equals(Optional.of(t))).count();
  }

  private static Optional<Step> first(List<Step> steps, Tracked t) {
    return steps.stream().filter(s -> tracked(s.op()).equals(Optional.of(t))).findFirst();
  }

  /** Ops added or dropped; true when every kind has its count. */
  private boolean counts() {
    boolean same = true;
    for (Tracked t : Tracked.values()) {
      long want = count(expected, t) * scale(t);
      long got = count(actual, t);
      if (want == got) {
        continue;
      }
      same = false;
      Optional<Step> at = first(actual, t);
      events.add(
          new CompiledEvent(
              got > want ? CompiledEvent.Kind.ADDED_OPS : CompiledEvent.Kind.DROPPED_OPS,
              at.map(Step::where).orElse(""),
              first(expected, t).map(Step::stage).orElse(""),
              "",
              OptionalInt.empty(),
              "the compiled loop has "
                  + got
                  + " "
                  + t.word
                  + ", the schedule's loop as emitted "
                  + want,
              true));
    }
    return same;
  }

  private static List<List<Step>> regions(List<Step> steps) {
    List<List<Step>> out = new ArrayList<>();
    out.add(new ArrayList<>());
    for (Step s : steps) {
      if (tracked(s.op()).equals(Optional.of(Tracked.BARRIER))) {
        out.add(new ArrayList<>());
      } else {
        out.get(out.size() - 1).add(s);
      }
    }
    return out;
  }

  /** Ops moved across a barrier, or reordered between two barriers. */
  private void regions() {
    List<List<Step>> want = regions(expected);
    List<List<Step>> got = regions(actual);
    for (int r = 0; r < want.size(); r++) {
      List<Step> w = want.get(r);
      List<Step> g = got.get(r);
      String stage = w.isEmpty() ? "" : w.get(0).stage();
      String where = g.isEmpty() ? "" : g.get(0).where();
      String between = between(r, want.size());
      List<String> moved = new ArrayList<>();
      for (Tracked t : Tracked.values()) {
        long a = count(w, t) * scale(t);
        long b = count(g, t);
        if (t != Tracked.BARRIER && a != b) {
          moved.add(t.word + " " + a + " -> " + b);
        }
      }
      if (!moved.isEmpty()) {
        events.add(
            new CompiledEvent(
                CompiledEvent.Kind.MOVED_ACROSS_BARRIER,
                where,
                stage,
                "",
                OptionalInt.empty(),
                between
                    + ": ops moved across an s_barrier (schedule -> compiled: "
                    + String.join(", ", moved)
                    + ")",
                true));
        continue;
      }
      String scheduleOrder = order(w);
      String compiledOrder = order(g);
      if (!scheduleOrder.equals(compiledOrder)) {
        events.add(
            new CompiledEvent(
                CompiledEvent.Kind.REORDERED,
                where,
                stage,
                "",
                OptionalInt.empty(),
                between + ": schedule order " + scheduleOrder + ", compiled order " + compiledOrder,
                true));
      }
    }
  }

  private static String between(int r, int regions) {
    if (regions == 1) {
      return "in the loop";
    }
    if (r == 0) {
      return "before the loop's first s_barrier";
    }
    if (r == regions - 1) {
      return "after the loop's last s_barrier";
    }
    return "between the loop's s_barriers " + r + " and " + (r + 1);
  }

  /** The memory ops of a region in order, runs of one kind counted: "ds_read x8, g2s x2". */
  private static String order(List<Step> region) {
    List<String> runs = new ArrayList<>();
    Tracked last = null;
    int n = 0;
    for (Step s : region) {
      Optional<Tracked> t = tracked(s.op()).filter(Tracked::memory);
      if (t.isEmpty()) {
        continue;
      }
      if (t.get() != last && last != null) {
        runs.add(last.word + (n > 1 ? " x" + n : ""));
        n = 0;
      }
      last = t.get();
      n++;
    }
    if (last != null) {
      runs.add(last.word + (n > 1 ? " x" + n : ""));
    }
    return runs.isEmpty() ? "-" : String.join(", ", runs);
  }

  /**
   * Why the compiler waits on vmcnt where the schedule does not, when it waits for a register it
   * spilled: a reload of a spill was issued since the previous vmcnt wait; the wait holds the wave
   * until every global load issued before that reload is back too.
   */
  private String reload(String counter, Step wait) {
    if (!counter.equals("vmcnt")) {
      return "";
    }
    for (int i = actual.indexOf(wait) - 1; i >= 0; i--) {
      Op o = actual.get(i).op() instanceof Op.Conditional c ? c.op() : actual.get(i).op();
      if (o instanceof Op.Wait w && w.vmcnt().isPresent()) {
        return "";
      }
      if (ScheduleLift.isReload(o)) {
        return " (for the reload of a spilled register at "
            + actual.get(i).where()
            + "; it waits for every global load issued before it too)";
      }
    }
    return "";
  }

  /** A wait of one counter at its anchor, with where it is and the step it precedes. */
  private record Placed(int value, Step at, Optional<Step> before) {}

  /** The waits on {@code counter} by anchor; two at one anchor count as the smaller. */
  private Map<Anchor, Placed> waitsOf(List<Step> steps, String counter, int perOp) {
    Map<Anchor, Placed> out = new LinkedHashMap<>();
    List<Step> pending = new ArrayList<>();
    Map<Tracked, Integer> seen = new java.util.EnumMap<>(Tracked.class);
    for (Step s : steps) {
      Op o = s.op() instanceof Op.Conditional c ? c.op() : s.op();
      if (o instanceof Op.Wait) {
        pending.add(s);
        continue;
      }
      Optional<Tracked> t = tracked(o);
      if (t.isEmpty()) {
        continue;
      }
      int ordinal = seen.merge(t.get(), 1, Integer::sum) - 1;
      int scaled = t.get() == Tracked.MFMA ? ordinal / perOp : ordinal;
      place(out, pending, counter, new Anchor(t.get(), scaled), Optional.of(s));
    }
    place(out, pending, counter, new Anchor(null, 0), Optional.empty());
    return out;
  }

  private static void place(
      Map<Anchor, Placed> out,
      List<Step> pending,
      String counter,
      Anchor anchor,
      Optional<Step> before) {
    for (Step w : pending) {
      Op.Wait wait = (Op.Wait) (w.op() instanceof Op.Conditional c ? c.op() : w.op());
      OptionalInt v = counter.equals("vmcnt") ? wait.vmcnt() : wait.lgkmcnt();
      if (v.isEmpty()) {
        continue;
      }
      Placed p = new Placed(v.getAsInt(), w, before);
      out.merge(anchor, p, (a, b) -> a.value() <= b.value() ? a : b);
    }
    pending.clear();
  }

  private void waits(String counter) {
    Map<Anchor, Placed> want = waitsOf(expected, counter, 1);
    Map<Anchor, Placed> got = waitsOf(actual, counter, mfmaPerOp);
    for (Map.Entry<Anchor, Placed> e : got.entrySet()) {
      Placed g = e.getValue();
      Placed w = want.get(e.getKey());
      String before = describe(e.getKey(), g.before());
      String stage = stageAt(e.getKey());
      if (w == null) {
        // Under the llvm model the verifier already has these: an mfma's wait for its ds_reads,
        // a ds_write's for the gload that staged its data (semantics.md section 2).
        boolean use =
            usesModelled
                && ((counter.equals("lgkmcnt") && e.getKey().kind() == Tracked.MFMA)
                    || (counter.equals("vmcnt") && e.getKey().kind() == Tracked.DS_WRITE));
        events.add(
            new CompiledEvent(
                CompiledEvent.Kind.INSERTED_WAIT,
                g.at().where(),
                stage,
                counter,
                OptionalInt.of(g.value()),
                "compiler-inserted s_waitcnt "
                    + counter
                    + "("
                    + g.value()
                    + ") "
                    + before
                    + (use
                        ? " (a register use; the llvm implicit-wait model assumes it)"
                        : reload(counter, g.at())),
                !use));
      } else if (w.value() != g.value()) {
        boolean weaker = g.value() > w.value();
        events.add(
            new CompiledEvent(
                weaker ? CompiledEvent.Kind.WEAKENED_WAIT : CompiledEvent.Kind.STRENGTHENED_WAIT,
                g.at().where(),
                w.at().stage(),
                counter,
                OptionalInt.of(g.value()),
                "the schedule's s_waitcnt "
                    + counter
                    + "("
                    + w.value()
                    + ") "
                    + before
                    + " is "
                    + counter
                    + "("
                    + g.value()
                    + ") in the compiled loop",
                true));
      }
    }
    for (Map.Entry<Anchor, Placed> e : want.entrySet()) {
      if (got.containsKey(e.getKey())) {
        continue;
      }
      Placed w = e.getValue();
      Optional<Step> at = stepAt(actual, e.getKey(), mfmaPerOp);
      events.add(
          new CompiledEvent(
              CompiledEvent.Kind.DROPPED_WAIT,
              at.map(Step::where).orElse(""),
              w.at().stage(),
              counter,
              OptionalInt.of(w.value()),
              "the schedule's s_waitcnt "
                  + counter
                  + "("
                  + w.value()
                  + ") "
                  + describe(e.getKey(), at)
                  + " has no wait on "
                  + counter
                  + " before it in the compiled loop",
              true));
    }
  }

  /** "before the mfma at kernel.s:288", "at the loop's end". */
  private static String describe(Anchor a, Optional<Step> before) {
    if (a.kind() == null) {
      return "at the end of the loop body";
    }
    String where =
        before.map(Step::where).filter(w -> !w.isEmpty()).map(w -> " at " + w).orElse("");
    return "before the " + a.kind().word + where;
  }

  /** The schedule's stage of the op at an anchor (the stage of the loop's end: its last op's). */
  private String stageAt(Anchor a) {
    Optional<Step> at = stepAt(expected, a, 1);
    if (at.isPresent()) {
      return at.get().stage();
    }
    return expected.isEmpty() ? "" : expected.get(expected.size() - 1).stage();
  }

  private static Optional<Step> stepAt(List<Step> steps, Anchor a, int perOp) {
    if (a.kind() == null) {
      return Optional.empty();
    }
    int seen = 0;
    for (Step s : steps) {
      if (tracked(s.op()).equals(Optional.of(a.kind()))) {
        int scaled = a.kind() == Tracked.MFMA ? seen / perOp : seen;
        if (scaled == a.ordinal()) {
          return Optional.of(s);
        }
        seen++;
      }
    }
    return Optional.empty();
  }
}

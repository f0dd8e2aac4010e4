package io.pipeverify.verifier;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The straight-line runs of a half before the fence (proofs/fence-split.md, section 6): the half
 * unrolled for each trip count the verifier checks, as a schedule without a loop. A lifted kernel's
 * trip-count classes are one concrete run cut at different K steps, so their runs start one
 * another: the run of 8 K steps is the first 8 steps of the run of 17. A run that starts a longer
 * one has no violation the longer one lacks (the same ops, orders and barriers up to its end), so
 * where the longest runs verify, every run that starts one does, and the verifier checks the
 * longest runs only.
 */
final class Unrolls {
  private Unrolls() {}

  /**
   * The half unrolled for T = 1..cutoff, each once; none where an op of its loop depends on k or T
   * (its unrolls are then not the loop's ops repeated).
   */
  static List<Schedule> of(Schedule half) {
    for (WaveProgram p : half.programs()) {
      for (Op op : p.loop()) {
        if (!constant(op)) {
          return List.of();
        }
      }
    }
    if (half.programs().stream().allMatch(p -> p.loop().isEmpty())) {
      return List.of(unrolled(half, 1)); // every trip count runs the same ops
    }
    List<Schedule> runs = new ArrayList<>();
    for (int t : Verifier.tripCounts(half)) {
      runs.add(unrolled(half, t));
    }
    return runs;
  }

  /**
   * The runs none of the others starts, each once (an equal run starts it), longest first: compared
   * op by op, as hashing runs of tens of thousands of ops costs more than the few comparisons.
   */
  static List<Schedule> longest(List<Schedule> runs) {
    List<Schedule> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparingLong(Unrolls::ops).reversed());
    List<Schedule> out = new ArrayList<>();
    for (Schedule r : sorted) {
      if (out.stream().noneMatch(longer -> starts(r, longer))) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * Whether run {@code a} is the start of run {@code b}: the same machine, buffers and intent, each
   * wave's ops of {@code a} the first ops of its ops in {@code b}, and every wave of {@code a}
   * meeting the same number of barriers (so each of them is the same barrier of all waves in both:
   * a wave that ended early would leave later barriers to the others in {@code a} only).
   */
  static boolean starts(Schedule a, Schedule b) {
    if (!sameMachine(a, b) || a.programs().size() != b.programs().size()) {
      return false;
    }
    Set<Long> barriers = new HashSet<>();
    for (int p = 0; p < a.programs().size(); p++) {
      WaveProgram x = a.programs().get(p);
      WaveProgram y = b.programs().get(p);
      if (!x.role().equals(y.role())
          || !x.waves().equals(y.waves())
          || !x.loop().isEmpty()
          || !x.epilogue().isEmpty()
          || !y.loop().isEmpty()
          || !y.epilogue().isEmpty()
          || !prefix(x.prologue(), y.prologue())) {
        return false;
      }
      barriers.add(x.prologue().stream().filter(o -> o instanceof Op.Barrier).count());
    }
    return barriers.size() <= 1;
  }

  private static boolean prefix(List<Op> start, List<Op> ops) {
    if (start.size() > ops.size()) {
      return false;
    }
    for (int i = 0; i < start.size(); i++) {
      Op x = start.get(i);
      Op y = ops.get(i);
      if (x != y && !x.equals(y)) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameMachine(Schedule a, Schedule b) {
    return a.name().equals(b.name())
        && a.target() == b.target()
        && a.waves() == b.waves()
        && a.implicitWaits() == b.implicitWaits()
        && a.waveParams().equals(b.waveParams())
        && a.buffers().equals(b.buffers())
        && a.gemm().equals(b.gemm())
        && a.nominalTripCount() == b.nominalTripCount()
        && a.intent() == b.intent();
  }

  /** The half's ops for trip count {@code t} in one straight line: prologue, t loops, epilogue. */
  private static Schedule unrolled(Schedule half, int t) {
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : half.programs()) {
      List<Op> ops = new ArrayList<>(p.prologue());
      for (int k = 0; k < t; k++) {
        ops.addAll(p.loop());
      }
      ops.addAll(p.epilogue());
      programs.add(new WaveProgram(p.role(), p.waves(), ops, List.of(), List.of()));
    }
    return half.withPrograms(programs);
  }

  private static long ops(Schedule s) {
    long n = 0;
    for (WaveProgram p : s.programs()) {
      for (Section section : Section.values()) {
        n += p.section(section).size();
      }
    }
    return n;
  }

  /** An op whose regions and tiles name no variable: the same in every iteration. */
  private static boolean constant(Op op) {
    List<Expr> exprs = new ArrayList<>();
    if (op instanceof Op.LdsAccess a) {
      exprs.addAll(
          List.of(
              a.slot(),
              a.region().start(),
              a.region().count(),
              a.tile().kTile(),
              a.tile().rowStart(),
              a.tile().rowCount()));
      a.tile().kChunk().ifPresent(exprs::add);
    } else if (op instanceof Op.Mfma m) {
      exprs.add(m.kTile());
    } else if (op instanceof Op.GLoad g) {
      exprs.addAll(List.of(g.tile().kTile(), g.tile().rowStart(), g.tile().rowCount()));
      g.tile().kChunk().ifPresent(exprs::add);
    } else if (op instanceof Op.Conditional) {
      return false;
    }
    Set<String> vars = new HashSet<>();
    for (Expr e : exprs) {
      e.collectVars(vars);
    }
    return vars.isEmpty();
  }
}

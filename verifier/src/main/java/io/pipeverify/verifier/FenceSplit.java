package io.pipeverify.verifier;

import io.pipeverify.model.Expr;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A schedule cut in two at a full fence after its loop (proofs/fence-split.md): every wave, in its
 * epilogue, waits for all its counted ops ({@code vmcnt(0)} and {@code lgkmcnt(0)}, no counted op
 * after) and then meets the same barrier as every other wave. Every op before the fence then
 * happens before every op after it, in every wave, so the schedule verifies exactly when {@code
 * before} (the schedule up to the fence, without its waits and barrier) and {@code after} (the
 * fence's barrier and the rest of the epilogues, as a schedule without a loop) both verify.
 *
 * <p>Waves that all end without a fence end at one: the schedule is its own half before the fence
 * and has no half after it.
 *
 * <p>A lifted kernel's launch classes share their halves: the ways its epilogue's branches go share
 * the prologue and the K loop, and the trip-count classes share the epilogue; {@link
 * LaunchClassVerifier} verifies each half once. The cut is made only where the argument needs
 * nothing beyond the happens-before order: schedules without GEMM intent (P3 follows from P1 and P2
 * there, P5 is not checked) and without implicit waits, an {@code after} half of constant regions
 * and without mfmas (no register crosses the fence).
 */
record FenceSplit(Schedule before, Optional<Schedule> after) {

  /**
   * The split of {@code schedule} (with its roles specialised and groups lowered), if it has one.
   */
  static Optional<FenceSplit> of(Schedule schedule) {
    if (schedule.intent() != Intent.NONE
        || schedule.implicitWaits() != ImplicitWaits.NONE
        || schedule.programs().isEmpty()) {
      return Optional.empty();
    }
    List<WaveProgram> programs = schedule.programs();
    int[] fences = programs.stream().mapToInt(p -> fence(p.epilogue())).toArray();
    // Waves that all end without a fence end at one: the end of the kernel; there is no half after
    // it, and the waits that end the waves order nothing, as nothing comes after them.
    boolean ended = Arrays.stream(fences).allMatch(f -> f < 0);
    long prologueBarriers = barriers(programs.get(0).prologue());
    long loopBarriers = barriers(programs.get(0).loop());
    long ordinal = -1;
    List<WaveProgram> before = new ArrayList<>();
    List<WaveProgram> after = new ArrayList<>();
    for (int w = 0; w < programs.size(); w++) {
      WaveProgram p = programs.get(w);
      int fence = ended ? p.epilogue().size() : fences[w];
      if (!plain(p)) {
        return Optional.empty();
      }
      if (!ended) {
        if (barriers(p.prologue()) != prologueBarriers || barriers(p.loop()) != loopBarriers) {
          return Optional.empty(); // the fence would not be the same barrier in every wave
        }
        if (fence < 0) {
          return Optional.empty();
        }
        long n = barriers(p.epilogue().subList(0, fence));
        if (ordinal >= 0 && n != ordinal) {
          return Optional.empty();
        }
        ordinal = n;
        List<Op> rest = p.epilogue().subList(fence, p.epilogue().size());
        if (!standsAlone(rest)) {
          return Optional.empty();
        }
        after.add(new WaveProgram(p.role(), p.waves(), rest, List.of(), List.of()));
      }
      before.add(
          new WaveProgram(p.role(), p.waves(), settled(p), p.loop(), leading(p.epilogue(), fence)));
    }
    return Optional.of(
        new FenceSplit(
            schedule.withPrograms(before),
            ended ? Optional.empty() : Optional.of(schedule.withPrograms(after))));
  }

  /**
   * The prologue without its quiet start: the longest run of first ops that touch no LDS, meet no
   * barrier and multiply nothing (global loads and stores, waits, hints) and after which the wave
   * has nothing counted outstanding. Those ops are retired before anything after them is issued, so
   * they order nothing among the others, and the counters start from zero either way; a load among
   * them whose register an op after them reads keeps the start (P4 names the load). A kernel's ways
   * that differ only in what they store before their K loop (split-K's zeroing of the output, by
   * argument) then share the half.
   */
  private static List<Op> settled(WaveProgram p) {
    List<Op> prologue = p.prologue();
    Set<Counter> outstanding = new HashSet<>();
    Set<String> loaded = new HashSet<>();
    int cut = 0;
    for (int i = 0; i < prologue.size(); i++) {
      Op op = prologue.get(i);
      if (op instanceof Op.GLoad g) {
        outstanding.add(Counter.VMCNT);
        loaded.add(g.dst());
      } else if (op instanceof Op.Wait w && orders(w)) {
        for (Counter c : Counter.ALL) {
          if (c.of(w).orElse(-1) == 0) {
            outstanding.remove(c);
          }
        }
      } else if (!orders(op)) {
        break;
      }
      if (outstanding.isEmpty()) {
        cut = i + 1;
      }
    }
    if (cut == 0 || readsAny(p, prologue.subList(cut, prologue.size()), loaded)) {
      return prologue;
    }
    return prologue.subList(cut, prologue.size());
  }

  /** Whether an op of {@code rest} or of the loop or epilogue reads one of {@code registers}. */
  private static boolean readsAny(WaveProgram p, List<Op> rest, Set<String> registers) {
    List<List<Op>> parts = List.of(rest, p.loop(), p.epilogue());
    for (List<Op> part : parts) {
      for (Op op : part) {
        for (String r : Unroller.registersUsed(op)) {
          if (registers.contains(r)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * The epilogue's ops before the fence's barrier at {@code fence} without the waits that end them:
   * a wait orders only ops after it, and the ops after these are the other half's, so the half
   * before the fence is the same whichever lines its ways drain the counters at.
   */
  private static List<Op> leading(List<Op> epilogue, int fence) {
    int end = fence;
    while (end > 0 && orders(epilogue.get(end - 1))) {
      end--;
    }
    return epilogue.subList(0, end);
  }

  /**
   * An op that only orders others or hints the scheduler: it touches nothing itself (a wait whose
   * values its counters can encode: one that cannot is a P7 finding of its own).
   */
  private static boolean orders(Op op) {
    if (op instanceof Op.Wait w) {
      return Counter.ALL.stream().allMatch(c -> c.of(w).orElse(0) <= c.max());
    }
    return op instanceof Op.SchedBarrier || op instanceof Op.SetPrio;
  }

  /**
   * The index of the first barrier of {@code epilogue} that the wave meets with nothing counted
   * outstanding: after a wait for zero on every counter, with no counted op since; -1 if none.
   */
  static int fence(List<Op> epilogue) {
    Set<Counter> drained = new HashSet<>();
    for (int i = 0; i < epilogue.size(); i++) {
      Op op = epilogue.get(i);
      if (op instanceof Op.Wait w) {
        for (Counter c : Counter.ALL) {
          if (c.of(w).orElse(-1) == 0) {
            drained.add(c);
          }
        }
      } else if (op instanceof Op.Barrier && drained.size() == Counter.ALL.size()) {
        return i;
      } else {
        Counter.of(op).ifPresent(drained::remove);
      }
    }
    return -1;
  }

  /** Ops that mean the same at the start of a schedule as after the fence. */
  private static boolean standsAlone(List<Op> ops) {
    for (Op op : ops) {
      if (op instanceof Op.Mfma) {
        return false;
      }
      if (op instanceof Op.LdsAccess a) {
        List<Expr> exprs =
            List.of(a.slot(), a.region().start(), a.region().count(), a.tile().kTile());
        for (Expr e : exprs) {
          Set<String> vars = new HashSet<>();
          e.collectVars(vars);
          if (!vars.isEmpty()) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** A program of plain ops: no per-wave conditions or groups left (the verifier lowers them). */
  private static boolean plain(WaveProgram p) {
    for (Section s : Section.values()) {
      for (Op op : p.section(s)) {
        if (op instanceof Op.Conditional
            || op instanceof Op.CommitGroup
            || op instanceof Op.WaitGroup) {
          return false;
        }
      }
    }
    return true;
  }

  private static long barriers(List<Op> ops) {
    return ops.stream().filter(o -> o instanceof Op.Barrier).count();
  }
}

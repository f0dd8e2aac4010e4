package io.pipeverify.model;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * Lowers TileLang / Triton async copy groups to vmcnt waits (seed note 003): {@code wait_group(N)}
 * becomes {@code wait vmcnt(N * opsPerGroup)} and {@code commit_group} disappears. This is exact
 * only when every group holds the same number of vmcnt-counted ops, because vmcnt counts
 * instructions, not groups; the counting mode checks that.
 */
public final class GroupLowering {
  private GroupLowering() {}

  /**
   * Lowers every program of {@code s}. With {@code opsPerGroup} empty, each program's groups are
   * counted (the g2s and gload ops committed by each {@code commit_group}, following the loop
   * around its back edge) and must all have the same size; a given value is used as is, which can
   * express a wrong lowering on purpose.
   *
   * @throws IllegalArgumentException when counting finds groups of different sizes, or a wait_group
   *     in a program without commit_group
   */
  public static Schedule lower(Schedule s, OptionalInt opsPerGroup) {
    if (opsPerGroup.isPresent() && opsPerGroup.getAsInt() < 1) {
      throw new IllegalArgumentException("opsPerGroup must be >= 1, got " + opsPerGroup);
    }
    List<WaveProgram> programs = new ArrayList<>();
    for (WaveProgram p : s.programs()) {
      int perGroup = 0;
      if (hasWaitGroup(p)) {
        perGroup = opsPerGroup.isPresent() ? opsPerGroup.getAsInt() : countedGroupSize(p);
      }
      programs.add(
          new WaveProgram(
              p.role(),
              p.waves(),
              lowerOps(p.prologue(), perGroup),
              lowerOps(p.loop(), perGroup),
              lowerOps(p.epilogue(), perGroup)));
    }
    return s.withPrograms(programs);
  }

  private static boolean hasWaitGroup(WaveProgram p) {
    for (Section section : Section.values()) {
      for (Op op : p.section(section)) {
        if (op instanceof Op.WaitGroup) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The common size of the program's commit groups. The loop body is walked twice so that a group
   * that starts at the end of one iteration and is committed in the next is counted whole.
   */
  private static int countedGroupSize(WaveProgram p) {
    List<Op> walk = new ArrayList<>(p.prologue());
    walk.addAll(p.loop());
    walk.addAll(p.loop());
    walk.addAll(p.epilogue());
    TreeSet<Integer> sizes = new TreeSet<>();
    int open = 0;
    for (Op op : walk) {
      if (op instanceof Op.G2s || op instanceof Op.GLoad) {
        open++;
      } else if (op instanceof Op.CommitGroup) {
        sizes.add(open);
        open = 0;
      }
    }
    if (sizes.isEmpty()) {
      throw new IllegalArgumentException(
          "program '" + p.role() + "' has wait_group but no commit_group to count");
    }
    if (sizes.size() != 1) {
      throw new IllegalArgumentException(
          "program '"
              + p.role()
              + "' has commit groups of different sizes "
              + sizes
              + " (vmcnt ops per group); wait_group cannot be lowered to one vmcnt per group count");
    }
    return sizes.first();
  }

  private static List<Op> lowerOps(List<Op> ops, int perGroup) {
    List<Op> out = new ArrayList<>();
    for (Op op : ops) {
      if (op instanceof Op.CommitGroup) {
        continue;
      }
      if (op instanceof Op.WaitGroup g) {
        int vmcnt = g.pending() * perGroup;
        out.add(Op.Wait.vmcnt(vmcnt, loweredOrigin(g, vmcnt)));
      } else {
        out.add(op);
      }
    }
    return out;
  }

  private static Origin loweredOrigin(Op.WaitGroup g, int vmcnt) {
    if (g.origin() instanceof Origin.FromTransform t) {
      return new Origin.FromTransform(
          t.transform(), t.stage() + " wait_group(" + g.pending() + ") -> vmcnt(" + vmcnt + ")");
    }
    return g.origin();
  }
}

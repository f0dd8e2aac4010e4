package io.pipeverify.codegen.isa;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.relax.RelaxedOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the compiler made of a relaxation (docs/relax.md): for every vmcnt a relaxed wait of the
 * loop no longer waits for, are the copies kept in flight in the compiled loop, or did the compiler
 * put an {@code s_waitcnt vmcnt(0)} the relaxed schedule does not have into the same stage (seed
 * note 003: LLVM drains the LDS-DMA copies before a ds_read it cannot tell apart), so that the
 * relaxation buys nothing there. A relaxed lgkmcnt is {@code modelled}: the compiler's lgkmcnt
 * waits are the ones before register uses, which the llvm implicit-wait model the relaxed schedule
 * was verified with already has. Only the loop is compared: the ISA check maps the compiled loop
 * onto the schedule's, not the prologue or epilogue.
 */
public record DrainComparison(List<Row> rows) {

  public DrainComparison {
    rows = List.copyOf(rows);
  }

  /** Where a weakened counter ended up. */
  public enum Outcome {
    IN_FLIGHT,
    DRAINED,
    MODELLED,
    OUTSIDE_LOOP;

    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /** One weakened counter of one relaxed wait; {@code drain} is the compiler's wait, if any. */
  public record Row(RelaxedOp op, String counter, Outcome outcome, Optional<IsaFinding> drain) {
    public Row {
      Objects.requireNonNull(op);
      Objects.requireNonNull(counter);
      Objects.requireNonNull(outcome);
      Objects.requireNonNull(drain);
    }
  }

  /** The rows of a relaxation's table against the ISA report of its compiled kernel. */
  public static DrainComparison of(List<RelaxedOp> relaxed, IsaReport isa) {
    List<Row> rows = new ArrayList<>();
    for (RelaxedOp op : relaxed) {
      if (!(op.before() instanceof Op.Wait before)) {
        continue;
      }
      Optional<Op.Wait> after = op.after().map(Op.Wait.class::cast);
      for (boolean vm : new boolean[] {true, false}) {
        OptionalInt was = vm ? before.vmcnt() : before.lgkmcnt();
        OptionalInt is = after.map(w -> vm ? w.vmcnt() : w.lgkmcnt()).orElse(OptionalInt.empty());
        if (was.isEmpty() || (is.isPresent() && is.getAsInt() <= was.getAsInt())) {
          continue;
        }
        String counter = vm ? "vmcnt" : "lgkmcnt";
        if (op.section() != Section.LOOP || !vm) {
          Outcome outcome = op.section() != Section.LOOP ? Outcome.OUTSIDE_LOOP : Outcome.MODELLED;
          rows.add(new Row(op, counter, outcome, Optional.empty()));
          continue;
        }
        Optional<IsaFinding> drain = drainIn(isa, op.before().origin().describe());
        rows.add(
            new Row(op, counter, drain.isPresent() ? Outcome.DRAINED : Outcome.IN_FLIGHT, drain));
      }
    }
    return new DrainComparison(rows);
  }

  /**
   * The first inserted wait of 0 in a region of {@code stage} (the ISA check names a region by its
   * first op's origin, plus the unrolled iteration: {@code cdna4-interleave loop stage 3, k % 2 ==
   * 1}).
   */
  private static Optional<IsaFinding> drainIn(IsaReport isa, String stage) {
    for (IsaFinding f : isa.findings()) {
      boolean sameStage =
          isa.regions().stream()
              .anyMatch(
                  r ->
                      r.index() == f.region()
                          && (r.stage().equals(stage) || r.stage().startsWith(stage + ", ")));
      if (f.kind() == IsaFinding.Kind.INSERTED_VMCNT
          && f.count().equals(OptionalInt.of(0))
          && sameStage) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  public long count(Outcome outcome) {
    return rows.stream().filter(r -> r.outcome() == outcome).count();
  }

  /** The summary sentence of the text and JSON outputs. */
  public String summary() {
    long compared = count(Outcome.IN_FLIGHT) + count(Outcome.DRAINED);
    return "of "
        + compared
        + " relaxed vmcnt wait"
        + (compared == 1 ? "" : "s")
        + " of the loop, the compiled loop keeps "
        + count(Outcome.IN_FLIGHT)
        + " in flight and drains "
        + count(Outcome.DRAINED)
        + " with an inserted vmcnt(0)"
        + (count(Outcome.MODELLED) > 0
            ? "; " + count(Outcome.MODELLED) + " relaxed lgkmcnt as modelled (llvm implicit waits)"
            : "")
        + (count(Outcome.OUTSIDE_LOOP) > 0
            ? "; " + count(Outcome.OUTSIDE_LOOP) + " outside the loop, not compared"
            : "");
  }
}

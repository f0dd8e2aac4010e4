package io.pipeverify.codegen.compiled;

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
 * was verified with already has. Only the loop is compared: the compiled check compares the
 * compiled loop with the schedule's ({@link LoopComparison}), not the prologue or epilogue.
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
  public record Row(RelaxedOp op, String counter, Outcome outcome, Optional<CompiledEvent> drain) {
    public Row {
      Objects.requireNonNull(op);
      Objects.requireNonNull(counter);
      Objects.requireNonNull(outcome);
      Objects.requireNonNull(drain);
    }
  }

  /** The rows of a relaxation's table against the compiled check of its kernel. */
  public static DrainComparison of(List<RelaxedOp> relaxed, CompiledReport compiled) {
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
        Optional<CompiledEvent> drain = drainIn(compiled, op.before().origin().describe());
        rows.add(
            new Row(op, counter, drain.isPresent() ? Outcome.DRAINED : Outcome.IN_FLIGHT, drain));
      }
    }
    return new DrainComparison(rows);
  }

  /**
   * The first inserted vmcnt(0) in {@code stage} (an event names the schedule's stage of the op it
   * precedes, plus the unrolled iteration: {@code cdna4-interleave loop stage 3, k % 2 == 1}).
   */
  private static Optional<CompiledEvent> drainIn(CompiledReport compiled, String stage) {
    return compiled.events().stream()
        .filter(
            e ->
                e.kind() == CompiledEvent.Kind.INSERTED_WAIT
                    && e.counter().equals("vmcnt")
                    && e.value().equals(OptionalInt.of(0))
                    && (e.stage().equals(stage) || e.stage().startsWith(stage + ", ")))
        .findFirst();
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

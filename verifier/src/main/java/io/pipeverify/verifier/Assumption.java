package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.unroll.Instance;
import java.util.Arrays;
import java.util.Optional;

/**
 * A timing assumption a user states ({@code --assume NAME}, or {@code "assumptions"} in a schedule
 * file): instances of a race that rest only on latencies the kernel's authors rely on are excused
 * and listed as notes instead of failing the verdict. The default is the ISA's rules, under which
 * they are races. A timing assumption never excuses an {@link RaceClass#UNORDERED} race; the data
 * assumption {@link #SAME_SOURCE_COPIES} excuses only writes of equal values.
 */
public enum Assumption {
  /**
   * A ds_read issued before a barrier has read its bytes before any LDS-DMA write that a wave (its
   * own or another) issues after that barrier lands.
   */
  LDS_READ_BEFORE_DMA(
      "lds-read-before-dma",
      "a ds_read issued before an s_barrier reads LDS before an LDS-DMA write (buffer_load ... lds)"
          + " that any wave, its own included, issues after the barrier lands: the DMA's data makes"
          + " a round trip through global memory (hundreds of cycles), the read waits only in the"
          + " LDS queue",
      "a read delayed past the other wave's global-memory round trip (a long LDS queue under bank"
          + " conflicts, a preempted or descheduled wave) reads the new tile; the ISA does not"
          + " promise the order, and LLVM's memory model waits for lgkmcnt(0) before a workgroup"
          + " barrier"),

  /**
   * Two LDS-DMA copies that read the same global bytes into the same LDS bytes write equal values:
   * the global bytes do not change while the kernel runs.
   */
  SAME_SOURCE_COPIES(
      "same-source-copies",
      "two LDS-DMA copies the lift names alike (the same buffer resource, offsets and per-lane"
          + " addresses, the same LDS bytes; a loop's copies in the same K step, alike in every K"
          + " step the lift ran) write the same values:"
          + " the global memory a kernel copies from is not written while it runs (its inputs),"
          + " so the order of the two writes cannot change what LDS holds",
      "a write to that global memory between the two copies (by the kernel itself, another"
          + " workgroup or the host) makes the two values differ, and the LDS then holds whichever"
          + " copy landed last");

  private final String id;
  private final String fact;
  private final String mayHide;

  Assumption(String id, String fact, String mayHide) {
    this.id = id;
    this.fact = fact;
    this.mayHide = mayHide;
  }

  /** The name users write: {@code lds-read-before-dma}. */
  public String id() {
    return id;
  }

  /** The hardware fact it relies on. */
  public String fact() {
    return fact;
  }

  /** What it may hide when the fact does not hold. */
  public String mayHide() {
    return mayHide;
  }

  /**
   * Whether this assumption excuses a race of class {@code c} whose instance {@code first} should
   * come first and whose {@code second} may land before it. The timing assumption excuses only
   * races in flight across a barrier (a ds_read against an LDS-DMA write); the data assumption only
   * two copies of the same source, whatever orders them: their order changes no value. A loop
   * copy's source names what it copies in each K step, so two loop copies share one only in the
   * same K step.
   */
  public boolean excuses(RaceClass c, Instance first, Instance second) {
    return switch (this) {
      case LDS_READ_BEFORE_DMA ->
          c == RaceClass.IN_FLIGHT
              && first.op() instanceof Op.DsRead
              && second.op() instanceof Op.G2s;
      case SAME_SOURCE_COPIES ->
          first.op() instanceof Op.G2s a
              && second.op() instanceof Op.G2s b
              && a.source().isPresent()
              && a.source().equals(b.source())
              && first.section() == second.section()
              && (first.section() != Section.LOOP || first.iteration() == second.iteration());
    };
  }

  /**
   * Whether an instance it excuses is ordered at issue (through a barrier), an order the verifier
   * proves with Z3 like any other; the data assumption's instances rest on their copies' sources,
   * which the lift compared, and may be unordered.
   */
  public boolean restsOnIssueOrder() {
    return this == LDS_READ_BEFORE_DMA;
  }

  /** The assumption named {@code id}, if any. */
  public static Optional<Assumption> byId(String id) {
    return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst();
  }

  /** The assumption named {@code id}; an unknown name is an error that lists the known ones. */
  public static Assumption fromId(String id) {
    return byId(id)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown assumption '"
                        + id
                        + "'; known: "
                        + names()
                        + " (pipeverify list --assumptions)"));
  }

  /** Every name, for messages: {@code lds-read-before-dma}. */
  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(Assumption::id).toList());
  }
}

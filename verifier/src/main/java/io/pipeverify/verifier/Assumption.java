package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import java.util.Arrays;
import java.util.Optional;

/**
 * A timing assumption a user states ({@code --assume NAME}, or {@code "assumptions"} in a schedule
 * file): instances of a race that rest only on latencies the kernel's authors rely on are excused
 * and listed as notes instead of failing the verdict. The default is the ISA's rules, under which
 * they are races. An assumption never excuses an {@link RaceClass#UNORDERED} race.
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
          + " barrier");

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
   * Whether this assumption excuses a race of class {@code c} whose op {@code first} should come
   * first and whose {@code second} may land before it. Only races in flight across a barrier are
   * ever excused; this one, a ds_read against an LDS-DMA write.
   */
  public boolean excuses(RaceClass c, Op first, Op second) {
    return c == RaceClass.IN_FLIGHT && first instanceof Op.DsRead && second instanceof Op.G2s;
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

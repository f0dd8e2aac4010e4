package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.Instruction;
import java.util.Arrays;
import java.util.Objects;

/**
 * One LDS access of one wave as evaluated: the instruction, the loop iteration it ran in (-1 before
 * the loop), and per lane (64 entries) the first LDS byte it touches, none for an inactive lane;
 * each active lane touches {@code bytesPerLane} bytes from there. Immutable; equal when every field
 * and lane address is.
 *
 * <p>The lane addresses are one array of longs (an inactive lane holds {@link #INACTIVE}), not a
 * list of optionals: the lift makes one access per LDS instruction a wave executes, and compares
 * them lane by lane to find a loop's period (LoopPeriod).
 */
public final class LdsAccess {
  /** A ds_read, a ds_write, or the LDS write of an LDS-DMA copy. */
  public enum Kind {
    READ,
    WRITE,
    DMA_WRITE
  }

  /** The address of an inactive lane (LDS addresses are never negative). */
  static final long INACTIVE = -1;

  private final Instruction instruction;
  private final int wave;
  private final int iteration;
  private final Kind kind;
  private final int bytesPerLane;
  private final long[] addresses;

  /**
   * For an LDS-DMA copy, what each lane copies from where ({@code WaveEvaluator.copySource}), when
   * every value naming it is known or a symbol; null otherwise. Not part of equality: a loop's
   * copies read other global bytes every iteration and still repeat (LoopPeriod).
   */
  private final String source;

  /**
   * @param addresses per lane the first byte, or {@link #INACTIVE}; owned by the access from here
   *     (the evaluator makes a new array for each)
   * @param source an LDS-DMA copy's source, or null
   */
  LdsAccess(
      Instruction instruction,
      int wave,
      int iteration,
      Kind kind,
      int bytesPerLane,
      long[] addresses,
      String source) {
    this.instruction = Objects.requireNonNull(instruction);
    this.wave = wave;
    this.iteration = iteration;
    this.kind = Objects.requireNonNull(kind);
    this.bytesPerLane = bytesPerLane;
    this.addresses = addresses;
    this.source = source;
  }

  /** What an LDS-DMA copy copies from where, if the lift could name it. */
  public java.util.Optional<String> source() {
    return java.util.Optional.ofNullable(source);
  }

  public Instruction instruction() {
    return instruction;
  }

  public int wave() {
    return wave;
  }

  public int iteration() {
    return iteration;
  }

  public Kind kind() {
    return kind;
  }

  public int bytesPerLane() {
    return bytesPerLane;
  }

  /** The lanes the access has (64). */
  public int lanes() {
    return addresses.length;
  }

  /** Whether {@code lane} was active. */
  public boolean active(int lane) {
    return addresses[lane] != INACTIVE;
  }

  /** The first byte of {@code lane}; the lane must be active. */
  public long address(int lane) {
    long a = addresses[lane];
    if (a == INACTIVE) {
      throw new IllegalArgumentException("lane " + lane + " of " + instruction + " is inactive");
    }
    return a;
  }

  /**
   * What the bytes the access touches are known by, for the lift's caches: its lane array as an
   * object (the evaluator makes one per distinct list of lane addresses), its width and whether it
   * reads. Equal keys touch the same bytes.
   */
  Bytes bytes() {
    return new Bytes(addresses, bytesPerLane, kind == Kind.READ);
  }

  /** {@link #bytes()}: the array compared as an object (the record's equality for an array). */
  record Bytes(long[] lanes, int bytesPerLane, boolean read) {}

  /** Whether {@code other} touches the same bytes in the same lanes. */
  public boolean sameLanes(LdsAccess other) {
    return bytesPerLane == other.bytesPerLane && Arrays.equals(addresses, other.addresses);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LdsAccess a
        && wave == a.wave
        && iteration == a.iteration
        && kind == a.kind
        && sameLanes(a)
        && instruction.equals(a.instruction);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        instruction, wave, iteration, kind, bytesPerLane, Arrays.hashCode(addresses));
  }

  @Override
  public String toString() {
    return "LdsAccess["
        + instruction.location().describe()
        + " wave "
        + wave
        + " iteration "
        + iteration
        + " "
        + kind
        + " "
        + bytesPerLane
        + " B/lane "
        + Arrays.toString(addresses)
        + "]";
  }
}

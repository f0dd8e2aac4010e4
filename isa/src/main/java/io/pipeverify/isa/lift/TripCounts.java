package io.pipeverify.isa.lift;

/**
 * The trip counts of one periodic launch class, as a condition on the launch's unknowns: the K loop
 * leaves on a compare of a counter with a symbol ({@code s_cmp_lt_u32 s2, s20} with {@code s2 =
 * start + step * j} at K step j), and the class runs n = offset + period * T steps for some T >= 1.
 * So some n with n = offset (mod period), n >= offset + period makes the compare at step n - 2 have
 * {@code stayTruth} (where n >= 2) and the one at step n - 1 its negation. Whether that can hold
 * together with the class's branch decisions is a question for {@link Feasibility}.
 *
 * @param compare the compare's opcode ({@code s_cmp_lt_u32})
 * @param counterFirst whether the counter is the compare's first operand
 * @param start the counter at step 0, as a 32-bit value
 * @param step what a step adds to it (mod 2^32)
 * @param bound the symbol the counter is compared with
 * @param stayTruth the compare's truth at the steps the wave stays in the loop
 */
public record TripCounts(
    String compare,
    boolean counterFirst,
    long start,
    long step,
    long bound,
    boolean stayTruth,
    int offset,
    int period) {
  public TripCounts {
    if (period < 1 || offset < 0) {
      throw new IllegalArgumentException("a class of trip counts has a period and an offset");
    }
  }

  /** The same exits for the class of {@code offset} + {@code period} T steps. */
  public TripCounts withClass(int offset, int period) {
    return new TripCounts(compare, counterFirst, start, step, bound, stayTruth, offset, period);
  }
}

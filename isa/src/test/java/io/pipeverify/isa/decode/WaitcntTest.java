package io.pipeverify.isa.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The gfx9 {@code s_waitcnt} immediate both ways: what the emitter writes ({@link
 * Waitcnt#immediate}) is what the decoder reads ({@link Waitcnt#ofImmediate}), one ISA layer for
 * both.
 */
class WaitcntTest {
  private static Waitcnt of(int vm, int lgkm) {
    return new Waitcnt(OptionalInt.of(vm), OptionalInt.empty(), OptionalInt.of(lgkm));
  }

  @Test
  void lgkmcntOnlyKeepsAllSixVmcntBits() {
    // lgkmcnt(0): vmcnt 63 = low 0xF in [3:0] and high 0x3 in [15:14]; expcnt 7 in [6:4].
    assertEquals(
        0xC07F,
        new Waitcnt(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.of(0)).immediate());
  }

  @Test
  void vmcntAboveFifteenUsesTheHighBits() {
    // vmcnt 40 = 0b10_1000: 0x8 in [3:0] and 0b10 in [15:14]; lgkmcnt 3 in [11:8]. llvm-mc
    // -arch=amdgcn -mcpu=gfx950 encodes 's_waitcnt vmcnt(40) lgkmcnt(3)' the same.
    assertEquals(0x8378, of(40, 3).immediate());
  }

  @Test
  void everyWaitRoundTripsThroughItsImmediate() {
    for (int vm = 0; vm < 63; vm++) {
      for (int lgkm = 0; lgkm < 15; lgkm++) {
        Waitcnt w = of(vm, lgkm);
        assertEquals(w, Waitcnt.ofImmediate(w.immediate()), w.toString());
      }
    }
  }

  @Test
  void valuesBeyondTheCounterBitsAreNoWait() {
    assertThrows(IllegalArgumentException.class, () -> of(64, 0));
    assertThrows(IllegalArgumentException.class, () -> of(0, 16));
  }
}

package io.pipeverify.codegen.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WaitcntTest {
  @Test
  void vmcntOnlyKeepsLgkmcntAndExpcntAtTheirMaximum() {
    // vmcnt(0): vm bits 0, expcnt 7 << 4, lgkmcnt 15 << 8.
    assertEquals(0x0F70, Waitcnt.encode(OptionalInt.of(0), OptionalInt.empty()));
  }

  @Test
  void lgkmcntOnlyKeepsAllSixVmcntBits() {
    // lgkmcnt(0): vmcnt 63 = low 0xF in [3:0] and high 0x3 in [15:14].
    assertEquals(0xC07F, Waitcnt.encode(OptionalInt.empty(), OptionalInt.of(0)));
  }

  @Test
  void vmcntAboveFifteenUsesTheHighBits() {
    // vmcnt 40 = 0b10_1000: 0x8 in [3:0] and 0b10 in [15:14]; expcnt 7 in [6:4]; lgkmcnt 3 in
    // [11:8]. llvm-mc -arch=amdgcn -mcpu=gfx950 encodes 's_waitcnt vmcnt(40) lgkmcnt(3)' the same.
    int imm = Waitcnt.encode(OptionalInt.of(40), OptionalInt.of(3));
    assertEquals(0x8378, imm);
    assertEquals(40, Waitcnt.vmcnt(imm));
    assertEquals(3, Waitcnt.lgkmcnt(imm));
    assertEquals(7, Waitcnt.expcnt(imm));
  }

  @Test
  void everyEncodableValueRoundTrips() {
    for (int vm = 0; vm <= 63; vm++) {
      for (int lgkm = 0; lgkm <= 15; lgkm++) {
        int imm = Waitcnt.encode(OptionalInt.of(vm), OptionalInt.of(lgkm));
        assertEquals(vm, Waitcnt.vmcnt(imm), "vmcnt of 0x" + Integer.toHexString(imm));
        assertEquals(lgkm, Waitcnt.lgkmcnt(imm), "lgkmcnt of 0x" + Integer.toHexString(imm));
      }
    }
  }

  @Test
  void valuesBeyondTheCounterBitsAreRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> Waitcnt.encode(OptionalInt.of(64), OptionalInt.empty()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Waitcnt.encode(OptionalInt.empty(), OptionalInt.of(16)));
  }
}

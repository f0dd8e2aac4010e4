package io.pipeverify.isa.semantics;

import static io.pipeverify.isa.semantics.WaveState.LANES;
import static io.pipeverify.isa.semantics.WaveState.UNKNOWN;

import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.Operand;
import java.util.Optional;

/**
 * Private memory (register spills and reloads): {@code scratch_store_dword*} / {@code
 * scratch_load_dword*} with vaddr or off, saddr or off, offset, kept per lane at known addresses.
 */
final class PrivateMemory {
  private PrivateMemory() {}

  static void register() {
    for (int n = 1; n <= 4; n++) {
      int dwords = n;
      String suffix = n == 1 ? "" : "x" + n;
      // Cache-policy modifiers (sc0, sc1, nt) do not change the values: any modifier is modelled.
      Semantics.def("scratch_store_dword" + suffix, null, (s, i) -> store(s, i, dwords));
      Semantics.def("scratch_load_dword" + suffix, null, (s, i) -> load(s, i, dwords));
    }
  }

  /** The private byte address of a scratch access in {@code lane}; UNKNOWN when not known. */
  private static long address(WaveState s, Instruction i, Operand vaddr, Operand saddr, int lane) {
    long v = vaddr instanceof Operand.Off ? 0 : s.read(vaddr, lane);
    long a = saddr instanceof Operand.Off ? 0 : s.read(saddr, 0);
    return Semantics.known(v, a, 0) ? v + a + i.integerModifier("offset").orElse(0) : UNKNOWN;
  }

  /**
   * The registers of a spill or reload one dword each, in their own file: clang spills AGPRs as
   * well as VGPRs ({@code scratch_store_dwordx4 off, a[88:91], ...}), and an AGPR's value is not
   * the VGPR of the same number.
   */
  private static Operand.Register[] dwordsOf(Operand.Register r, int dwords) {
    Operand.Register[] out = new Operand.Register[dwords];
    for (int d = 0; d < dwords; d++) {
      out[d] = new Operand.Register(r.file(), r.first() + d, 1);
    }
    return out;
  }

  /** {@code scratch_store_dword* vaddr, vdata, saddr}: per active lane at a known address. */
  private static void store(WaveState s, Instruction i, int dwords) {
    Operand.Register[] data = dwordsOf((Operand.Register) i.operand(1), dwords);
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      long address = address(s, i, i.operand(0), i.operand(2), lane);
      if (active.isEmpty() || (active.get() && address == UNKNOWN)) {
        s.forgetScratch();
        return;
      }
      for (int d = 0; active.get() && d < dwords; d++) {
        s.setScratch(address + 4L * d, lane, s.read(data[d], lane));
      }
    }
  }

  /** {@code scratch_load_dword* vdst, vaddr, saddr}: what the wave stored there, else unknown. */
  private static void load(WaveState s, Instruction i, int dwords) {
    Operand.Register[] dst = dwordsOf((Operand.Register) i.operand(0), dwords);
    for (int lane = 0; lane < LANES; lane++) {
      Optional<Boolean> active = s.active(lane);
      if (active.isPresent() && !active.get()) {
        continue;
      }
      long address = active.isEmpty() ? UNKNOWN : address(s, i, i.operand(1), i.operand(2), lane);
      for (int d = 0; d < dwords; d++) {
        s.write(dst[d], lane, address == UNKNOWN ? UNKNOWN : s.scratch(address + 4L * d, lane));
      }
    }
  }
}

package io.pipeverify.codegen.isa;

import io.pipeverify.model.Op;
import io.pipeverify.model.Target;
import java.util.OptionalInt;

/**
 * The gfx9 encoding of the {@code s_waitcnt} immediate (CDNA3 / CDNA4 ISA, "S_WAITCNT"): vmcnt bits
 * [3:0] and its high bits [15:14] (6 bits in all), expcnt bits [6:4], lgkmcnt bits [11:8]. A
 * counter that is not waited on gets its maximum, which never blocks.
 */
public final class Waitcnt {
  /** expcnt is 3 bits; pipeverify never waits on it. */
  public static final int EXPCNT_MAX = 7;

  private Waitcnt() {}

  /** The immediate for {@code s_waitcnt vmcnt(vm) lgkmcnt(lgkm)}; absent means not waited on. */
  public static int encode(OptionalInt vmcnt, OptionalInt lgkmcnt) {
    int vm = vmcnt.orElse(Target.VMCNT_MAX);
    int lgkm = lgkmcnt.orElse(Target.LGKMCNT_MAX);
    if (vm < 0 || vm > Target.VMCNT_MAX) {
      throw new IllegalArgumentException("vmcnt(" + vm + ") does not fit 6 bits");
    }
    if (lgkm < 0 || lgkm > Target.LGKMCNT_MAX) {
      throw new IllegalArgumentException("lgkmcnt(" + lgkm + ") does not fit 4 bits");
    }
    return (vm & 0xF) | (EXPCNT_MAX << 4) | (lgkm << 8) | ((vm >> 4) << 14);
  }

  public static int encode(Op.Wait wait) {
    return encode(wait.vmcnt(), wait.lgkmcnt());
  }

  /** The vmcnt field of an immediate. */
  public static int vmcnt(int imm) {
    return (imm & 0xF) | (((imm >> 14) & 0x3) << 4);
  }

  /** The lgkmcnt field of an immediate. */
  public static int lgkmcnt(int imm) {
    return (imm >> 8) & 0xF;
  }

  /** The expcnt field of an immediate. */
  public static int expcnt(int imm) {
    return (imm >> 4) & 0x7;
  }
}

package io.pipeverify.isa.decode;

import io.pipeverify.model.Target;
import java.util.OptionalInt;

/**
 * The operand of {@code s_waitcnt}: the counters it waits on, as {@code vmcnt(N) expcnt(N)
 * lgkmcnt(N)} (any subset, separated by spaces, {@code &} or {@code ,}) or as the raw gfx9
 * immediate (vmcnt bits [3:0] and [15:14], expcnt [6:4], lgkmcnt [11:8]). A field that is absent or
 * at its maximum does not wait.
 */
public record Waitcnt(OptionalInt vmcnt, OptionalInt expcnt, OptionalInt lgkmcnt)
    implements Operand {
  public static final int EXPCNT_MAX = 7;

  public Waitcnt {
    check("vmcnt", vmcnt, Target.VMCNT_MAX);
    check("expcnt", expcnt, EXPCNT_MAX);
    check("lgkmcnt", lgkmcnt, Target.LGKMCNT_MAX);
  }

  private static void check(String name, OptionalInt value, int max) {
    if (value.isPresent() && (value.getAsInt() < 0 || value.getAsInt() >= max)) {
      throw new IllegalArgumentException(
          name + "(" + value.getAsInt() + ") is not a wait (0.." + (max - 1) + ")");
    }
  }

  /** A field value as written: the maximum means "not waited on". */
  static OptionalInt field(int value, int max) {
    return value >= max ? OptionalInt.empty() : OptionalInt.of(value);
  }

  /** Decodes the raw gfx9 immediate, e.g. {@code 0xc07f} = {@code lgkmcnt(0)}. */
  public static Waitcnt ofImmediate(int imm) {
    int vm = (imm & 0xF) | (((imm >> 14) & 0x3) << 4);
    int exp = (imm >> 4) & 0x7;
    int lgkm = (imm >> 8) & 0xF;
    return new Waitcnt(
        field(vm, Target.VMCNT_MAX), field(exp, EXPCNT_MAX), field(lgkm, Target.LGKMCNT_MAX));
  }

  /** The raw gfx9 immediate (a counter not waited on at its maximum), as the emitter writes it. */
  public int immediate() {
    int vm = vmcnt.orElse(Target.VMCNT_MAX);
    int exp = expcnt.orElse(EXPCNT_MAX);
    int lgkm = lgkmcnt.orElse(Target.LGKMCNT_MAX);
    return (vm & 0xF) | (exp << 4) | (lgkm << 8) | ((vm >> 4) << 14);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    vmcnt.ifPresent(n -> b.append("vmcnt(").append(n).append(") "));
    expcnt.ifPresent(n -> b.append("expcnt(").append(n).append(") "));
    lgkmcnt.ifPresent(n -> b.append("lgkmcnt(").append(n).append(") "));
    return b.isEmpty() ? "(no wait)" : b.toString().strip();
  }
}

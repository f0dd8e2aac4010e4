package io.pipeverify.isa.decode;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** One operand of an instruction, typed as the assembler prints it. */
public sealed interface Operand
    permits Operand.Register,
        Operand.Special,
        Operand.Immediate,
        Operand.FloatImmediate,
        Operand.Symbol,
        Operand.Off,
        Operand.Modified,
        Operand.GprIdx,
        Operand.HwReg,
        Waitcnt {

  /** The register file of a {@link Register}: scalar, vector or accumulation (AGPR). */
  enum RegisterFile {
    SGPR('s'),
    VGPR('v'),
    AGPR('a');

    private final char prefix;

    RegisterFile(char prefix) {
      this.prefix = prefix;
    }

    static RegisterFile of(char prefix) {
      for (RegisterFile f : values()) {
        if (f.prefix == prefix) {
          return f;
        }
      }
      throw new IllegalArgumentException("no register file '" + prefix + "'");
    }
  }

  /** {@code s5}, {@code v[4:7]}, {@code a[0:3]}: {@code count} consecutive 32-bit registers. */
  record Register(RegisterFile file, int first, int count) implements Operand {
    public Register {
      Objects.requireNonNull(file);
      if (first < 0 || count < 1) {
        throw new IllegalArgumentException("bad register range " + first + "+" + count);
      }
    }

    public int last() {
      return first + count - 1;
    }

    @Override
    public String toString() {
      char p = file.prefix;
      return count == 1 ? p + "" + first : p + "[" + first + ":" + last() + "]";
    }
  }

  /**
   * A named hardware register: {@code m0}, {@code exec}, {@code exec_lo/hi}, {@code vcc}, {@code
   * vcc_lo/hi}, {@code scc}, {@code flat_scratch}, {@code ttmp}s, {@code src_*} apertures.
   */
  record Special(String name) implements Operand {
    public static final Special M0 = new Special("m0");
    public static final Special EXEC = new Special("exec");
    public static final Special EXEC_LO = new Special("exec_lo");
    public static final Special EXEC_HI = new Special("exec_hi");
    public static final Special VCC = new Special("vcc");
    public static final Special VCC_LO = new Special("vcc_lo");
    public static final Special VCC_HI = new Special("vcc_hi");
    public static final Special SCC = new Special("scc");

    public Special {
      Objects.requireNonNull(name);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** An integer: an inline constant (-16..64) or a 32-bit literal, as printed (decimal or hex). */
  record Immediate(long value) implements Operand {
    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  /** A floating-point constant such as {@code 1.0} or {@code -0.5}. */
  record FloatImmediate(double value) implements Operand {}

  /** A label or symbol expression: a branch target, {@code sym@rel32@lo+4}. */
  record Symbol(String text) implements Operand {
    public Symbol {
      Objects.requireNonNull(text);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** {@code off}: no address register (global and scratch instructions with an SGPR base). */
  record Off() implements Operand {
    @Override
    public String toString() {
      return "off";
    }
  }

  /** A source with the VOP3 input modifiers {@code -x} (neg) and/or {@code |x|} (abs). */
  record Modified(Operand inner, boolean neg, boolean abs) implements Operand {
    public Modified {
      Objects.requireNonNull(inner);
      if (!neg && !abs) {
        throw new IllegalArgumentException("a modified operand needs neg or abs");
      }
    }
  }

  /**
   * The VGPR-indexing mode operand of {@code s_set_gpr_idx_on} and {@code s_set_gpr_idx_mode}:
   * {@code gpr_idx(SRC0,DST)}; bit 0 SRC0, bit 1 SRC1, bit 2 SRC2, bit 3 DST (the 4-bit immediate
   * the hardware copies to M0[15:12]).
   */
  record GprIdx(int mask) implements Operand {
    public static final List<String> KINDS = List.of("SRC0", "SRC1", "SRC2", "DST");

    public GprIdx {
      if (mask < 0 || mask > 15) {
        throw new IllegalArgumentException("gpr_idx mask " + mask + " is not 4 bits");
      }
    }

    /** Whether operand kind {@code k} (0-2 a source, 3 the destination) is indexed. */
    public boolean indexes(int k) {
      return ((mask >>> k) & 1) != 0;
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("gpr_idx(");
      String sep = "";
      for (int k = 0; k < KINDS.size(); k++) {
        if (indexes(k)) {
          b.append(sep).append(KINDS.get(k));
          sep = ",";
        }
      }
      return b.append(')').toString();
    }
  }

  /**
   * A hardware register field, as {@code s_getreg_b32} and {@code s_setreg_b32} name it: {@code
   * hwreg(HW_REG_MODE, 0, 4)} is bits 0-3 of MODE. {@code register} is the name the disassembler
   * prints, or the register's number where the ISA reference gives it none we name; the field is
   * {@code size} bits from bit {@code offset} (the whole register when {@code hwreg(NAME)} gives no
   * bits).
   */
  record HwReg(String register, int offset, int size) implements Operand {
    public static final String MODE = "HW_REG_MODE";
    public static final String TRAPSTS = "HW_REG_TRAPSTS";

    /** The registers a numbered field names (the ISA reference's hwreg ids) that we name. */
    private static final java.util.Map<Integer, String> NAMED =
        java.util.Map.of(1, MODE, 2, "HW_REG_STATUS", 3, TRAPSTS);

    public HwReg {
      Objects.requireNonNull(register);
      if (offset < 0 || size < 1 || offset + size > 32) {
        throw new IllegalArgumentException("no field of " + size + " bits at bit " + offset);
      }
    }

    /** The field of hardware register number {@code id}. */
    public static HwReg numbered(int id, int offset, int size) {
      return new HwReg(NAMED.getOrDefault(id, Integer.toString(id)), offset, size);
    }

    /**
     * The field {@code o} names: a {@code hwreg(...)} operand, or the 16-bit immediate that encodes
     * one (id in bits 5:0, offset in 10:6, size - 1 in 15:11), as hand-written assembly may give
     * it.
     */
    public static Optional<HwReg> of(Operand o) {
      if (o instanceof HwReg h) {
        return Optional.of(h);
      }
      if (o instanceof Immediate i && i.value() >= 0 && i.value() <= 0xFFFF) {
        int v = (int) i.value();
        int offset = (v >>> 6) & 31;
        int size = ((v >>> 11) & 31) + 1;
        return offset + size <= 32 ? Optional.of(numbered(v & 63, offset, size)) : Optional.empty();
      }
      return Optional.empty();
    }

    /** Whether the field holds any of bits {@code lo} to {@code hi} of its register. */
    public boolean overlaps(int lo, int hi) {
      return offset <= hi && offset + size - 1 >= lo;
    }

    @Override
    public String toString() {
      return "hwreg(" + register + ", " + offset + ", " + size + ")";
    }
  }
}

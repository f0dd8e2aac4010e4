package io.pipeverify.isa.semantics;

import io.pipeverify.isa.decode.Operand;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The registers of one wave: 32-bit values held as {@code long}s in {@code [0, 2^32)}, or {@link
 * #UNKNOWN} (a value loaded from memory, a kernel argument not given, the result of an instruction
 * without semantics). 64-bit quantities (EXEC, VCC, SGPR and VGPR pairs) are read and written as
 * {@link OptionalLong}s. Mutable: {@link Semantics#execute} updates it in place; {@link #copy()}
 * forks it (per branch, per wave).
 */
public final class WaveState {
  /** The unknown value of a 32-bit register. */
  public static final long UNKNOWN = Long.MIN_VALUE;

  public static final int LANES = 64;
  public static final int SGPRS = 128;
  public static final int VGPRS = 512;

  /**
   * Where AGPR {@code aN} is kept: after the 256 architectural VGPRs. Clang spills address VGPRs to
   * AGPRs ({@code v_accvgpr_write_b32}) under register pressure and reads them back before a
   * ds_read, so their values must survive.
   */
  private static final int AGPR_BASE = 256;

  /**
   * A register past the AGPRs that no instruction names: where {@link Dpp} puts the first source of
   * a DPP instruction after moving it across lanes, so the operation reads the moved values while
   * its other sources (often the same register) keep theirs. Always unknown between instructions.
   */
  static final int DPP_LATCH = VGPRS;

  static final Operand.Register LATCH =
      new Operand.Register(Operand.RegisterFile.VGPR, DPP_LATCH, 1);

  private final long[] sgpr;

  /**
   * The vector registers, one array of 64 lanes per register, shared with the copies this state was
   * made from or made into until one of them writes it ({@link #owned}): the lift copies a wave's
   * state at every branch it summarises, and most registers are never written on either side.
   */
  private final long[][] vgpr;

  /** Whether {@code vgpr[r]} is this state's own (else it is shared and copied before a write). */
  private final boolean[] owned;

  /**
   * Whether {@code vgpr[r]} may hold a symbol in some lane (false: it holds none): most registers
   * never do, and every vector instruction asks whether its sources hold one ({@link
   * #holdsSymbol}).
   */
  private final boolean[] symbolic;

  /** Private (scratch) memory the wave wrote at known addresses: dword address -> per lane. */
  private final Map<Long, long[]> scratch;

  private long m0;
  private long scc;
  private long vccLo;
  private long vccHi;
  private long execLo;
  private long execHi;

  /** The symbols registers may hold, shared by every wave of one evaluation. */
  private final Symbols symbols;

  /**
   * The VGPR indexing mode (s_set_gpr_idx_on): 0 when off (at wave launch), else {@code 1 << 16 |
   * M0[15:12] << 12 | M0[7:0]} (the indexed operand kinds and the index), or {@link #UNKNOWN}.
   */
  private long gprIdx;

  /**
   * MODE[1:0], the f32 round mode: 0 (round to nearest even, the launch default) unless the kernel
   * descriptor or an {@code s_setreg} says otherwise, or {@link #UNKNOWN}.
   */
  private long f32Round;

  private WaveState(
      long[] sgpr,
      long[][] vgpr,
      boolean[] owned,
      boolean[] symbolic,
      Map<Long, long[]> scratch,
      Symbols symbols) {
    this.sgpr = sgpr;
    this.vgpr = vgpr;
    this.owned = owned;
    this.symbolic = symbolic;
    this.scratch = scratch;
    this.symbols = symbols;
  }

  /**
   * The state at kernel entry of wave {@code wave} in a 1-D workgroup of {@code threads}: v0 holds
   * the work-item id {@code wave * 64 + lane}, EXEC has the wave's existing lanes, everything else
   * (kernarg pointer, workgroup ids, M0, SCC, VCC) is unknown until set.
   */
  public static WaveState atEntry(int wave, int threads) {
    return atEntry(wave, threads, new Symbols());
  }

  /** The state at entry, its symbolic values named in {@code symbols} (shared by the waves). */
  public static WaveState atEntry(int wave, int threads, Symbols symbols) {
    if (wave < 0 || threads < 1 || wave * LANES >= threads) {
      throw new IllegalArgumentException("no wave " + wave + " in a workgroup of " + threads);
    }
    long[] s = new long[SGPRS];
    Arrays.fill(s, UNKNOWN);
    long[] unknown = new long[LANES];
    Arrays.fill(unknown, UNKNOWN);
    long[][] v = new long[VGPRS + 1][];
    Arrays.fill(v, unknown);
    WaveState st =
        new WaveState(
            s, v, new boolean[VGPRS + 1], new boolean[VGPRS + 1], new HashMap<>(), symbols);
    st.m0 = UNKNOWN;
    st.scc = UNKNOWN;
    st.vccLo = UNKNOWN;
    st.vccHi = UNKNOWN;
    int lanes = Math.min(LANES, threads - wave * LANES);
    long exec = lanes == LANES ? -1L : (1L << lanes) - 1;
    st.execLo = exec & 0xFFFFFFFFL;
    st.execHi = exec >>> 32;
    for (int lane = 0; lane < LANES; lane++) {
      st.setVgpr(0, lane, wave * LANES + lane);
    }
    return st;
  }

  public WaveState copy() {
    Map<Long, long[]> memory = new HashMap<>();
    scratch.forEach((address, lanes) -> memory.put(address, lanes.clone()));
    // Every register array is shared now: both states copy one before writing it.
    Arrays.fill(owned, false);
    WaveState c =
        new WaveState(
            sgpr.clone(), vgpr.clone(), new boolean[VGPRS + 1], symbolic.clone(), memory, symbols);
    c.m0 = m0;
    c.scc = scc;
    c.vccLo = vccLo;
    c.vccHi = vccHi;
    c.execLo = execLo;
    c.execHi = execHi;
    c.gprIdx = gprIdx;
    c.f32Round = f32Round;
    c.conditionals = conditionals == null ? null : conditionals.clone();
    return c;
  }

  static long word(long v) {
    return v == UNKNOWN ? UNKNOWN : v & 0xFFFFFFFFL;
  }

  /** Every lane unknown: shared by every register made unknown whole ({@link #forget}). */
  private static final long[] ALL_UNKNOWN = unknownLanes();

  private static long[] unknownLanes() {
    long[] lanes = new long[LANES];
    Arrays.fill(lanes, UNKNOWN);
    return lanes;
  }

  /**
   * Makes every lane of {@code o} unknown, as {@link #write} of {@link #UNKNOWN} in each lane
   * would: a vector register then shares one array of unknowns (copied before its next write)
   * instead of having its 64 lanes written one by one.
   */
  public void forget(Operand o) {
    if (o instanceof Operand.Register r && r.file() != Operand.RegisterFile.SGPR) {
      int base = r.file() == Operand.RegisterFile.AGPR ? AGPR_BASE : 0;
      for (int i = r.first(); i <= r.last(); i++) {
        vgpr[base + i] = ALL_UNKNOWN;
        owned[base + i] = false;
        symbolic[base + i] = false;
      }
    } else {
      // Scalar destinations have one value for all lanes.
      write(o, 0, UNKNOWN);
    }
  }

  /** Register {@code reg}'s lanes, this state's own (copied first when shared). */
  private long[] writable(int reg) {
    if (!owned[reg]) {
      vgpr[reg] = vgpr[reg].clone();
      owned[reg] = true;
    }
    return vgpr[reg];
  }

  /** Whether register {@code reg} holds the same lanes here and in {@code other}. */
  public boolean sameVgpr(int reg, WaveState other) {
    return vgpr[reg] == other.vgpr[reg] || Arrays.equals(vgpr[reg], other.vgpr[reg]);
  }

  /** The symbols of this evaluation. */
  public Symbols symbols() {
    return symbols;
  }

  /**
   * Stores a value as it is: a known 32-bit value, {@link #UNKNOWN} or a symbol ({@link Symbols}).
   * The setters that take arithmetic results keep the low 32 bits, which would mangle a symbol.
   */
  private static long value(long v) {
    return Symbols.isSymbol(v) ? v : word(v);
  }

  public void setSgprValue(int i, long value) {
    sgpr[i] = value(value);
    forgetConditional(i);
  }

  /**
   * What an SGPR the lift holds as unknown is known to hold when the launch's decision {@code key}
   * (a branch on a symbol) is {@code truth}: a summarised branch whose one side wrote {@code value}
   * and whose other side left a value the lift cannot name (hipBLASLt's split-K setup writes {@code
   * s7} only where {@code s50 != 1}, and a later branch on the same {@code s50 == 1} reads it on
   * that side alone).
   */
  public record Conditional(String key, boolean truth, long value) {}

  /**
   * What each SGPR holds under a decision, by register; null when no register has one (most
   * states): cleared on every write of the register, so kept as an array, not a map.
   */
  private Conditional[] conditionals;

  /** What SGPR {@code i} holds under a decision, if the state knows. */
  public Optional<Conditional> conditional(int i) {
    return conditionals == null ? Optional.empty() : Optional.ofNullable(conditionals[i]);
  }

  /** Records what SGPR {@code i}, unknown here, holds under a decision ({@link Conditional}). */
  public void setConditional(int i, Conditional c) {
    if (conditionals == null) {
      conditionals = new Conditional[SGPRS];
    }
    conditionals[i] = c;
  }

  private void forgetConditional(int i) {
    if (conditionals != null) {
      conditionals[i] = null;
    }
  }

  public void setVgprValue(int reg, int lane, long value) {
    if (Symbols.isSymbol(value)) {
      symbolic[reg] = true;
    }
    writable(reg)[lane] = value(value);
  }

  /** SCC as a symbol (a compare of symbolic values), or 0/1/UNKNOWN as {@link #setScc}. */
  public void setSccValue(long value) {
    scc = Symbols.isSymbol(value) ? value : (value == UNKNOWN ? UNKNOWN : (value != 0 ? 1 : 0));
  }

  /**
   * Writes a value (known, UNKNOWN or a symbol) into a 32-bit destination, every register of a
   * range, the special registers as {@link #write}.
   */
  public void writeValue(Operand o, int lane, long value) {
    if (!Symbols.isSymbol(value)) {
      write(o, lane, value);
    } else if (o instanceof Operand.Register r) {
      for (int i = r.first(); i <= r.last(); i++) {
        switch (r.file()) {
          case SGPR -> setSgprValue(i, value);
          case VGPR -> setVgprValue(i, lane, value);
          case AGPR -> setVgprValue(AGPR_BASE + i, lane, value);
        }
      }
    } else if (o instanceof Operand.Special sp) {
      switch (sp.name()) {
        case "m0" -> m0 = value;
        case "scc" -> scc = value;
        case "vcc_lo" -> vccLo = value;
        case "vcc_hi" -> vccHi = value;
        case "exec_lo" -> execLo = value;
        case "exec_hi" -> execHi = value;
        default -> write(o, lane, UNKNOWN);
      }
    }
  }

  /** Writes the two halves of a 64-bit destination (pair, VCC, EXEC) as values. */
  public void writePairValue(Operand o, int lane, long lo, long hi) {
    if (o instanceof Operand.Special sp && (sp.name().equals("vcc") || sp.name().equals("exec"))) {
      boolean vcc = sp.name().equals("vcc");
      writeValue(vcc ? Operand.Special.VCC_LO : Operand.Special.EXEC_LO, lane, lo);
      writeValue(vcc ? Operand.Special.VCC_HI : Operand.Special.EXEC_HI, lane, hi);
    } else if (o instanceof Operand.Register r && r.count() == 2) {
      writeValue(new Operand.Register(r.file(), r.first(), 1), lane, lo);
      writeValue(new Operand.Register(r.file(), r.first() + 1, 1), lane, hi);
    } else {
      writeValue(o, lane, lo);
    }
  }

  public long sgpr(int i) {
    return sgpr[i];
  }

  public void setSgpr(int i, long value) {
    sgpr[i] = word(value);
    forgetConditional(i);
  }

  public long vgpr(int reg, int lane) {
    return vgpr[reg][lane];
  }

  public void setVgpr(int reg, int lane, long value) {
    writable(reg)[lane] = word(value);
  }

  /**
   * The dword of private memory at byte {@code address} in {@code lane}, as the wave stored it
   * (register spills); {@link #UNKNOWN} where it stored nothing known.
   */
  public long scratch(long address, int lane) {
    long[] lanes = scratch.get(address);
    return lanes == null ? UNKNOWN : lanes[lane];
  }

  public void setScratch(long address, int lane, long value) {
    long[] lanes = scratch.get(address);
    if (lanes == null) {
      lanes = new long[LANES];
      Arrays.fill(lanes, UNKNOWN);
      scratch.put(address, lanes);
    }
    lanes[lane] = word(value);
  }

  /** Whether this wave's private memory holds what {@code other}'s does. */
  public boolean sameScratch(WaveState other) {
    if (!scratch.keySet().equals(other.scratch.keySet())) {
      return false;
    }
    for (Map.Entry<Long, long[]> e : scratch.entrySet()) {
      if (!Arrays.equals(e.getValue(), other.scratch.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /** The byte addresses of private memory the wave stored something known at, sorted. */
  public java.util.SortedSet<Long> scratchAddresses() {
    return new java.util.TreeSet<>(scratch.keySet());
  }

  /** A store to an unknown private address may have overwritten any of it. */
  public void forgetScratch() {
    scratch.clear();
  }

  public long m0() {
    return m0;
  }

  public void setM0(long value) {
    m0 = word(value);
  }

  /** The VGPR indexing mode: 0 (off), {@code 1 << 16 | kinds << 12 | index}, or UNKNOWN. */
  public long gprIdx() {
    return gprIdx;
  }

  public void setGprIdx(long value) {
    gprIdx = value;
  }

  /** The f32 round mode, MODE[1:0]: 0 (nearest even) to 3, or {@link #UNKNOWN}. */
  public long f32Round() {
    return f32Round;
  }

  public void setF32Round(long value) {
    f32Round = value;
  }

  /** SCC: 0, 1 or {@link #UNKNOWN}. */
  public long scc() {
    return scc;
  }

  public void setScc(long value) {
    scc = value == UNKNOWN ? UNKNOWN : (value != 0 ? 1 : 0);
  }

  public OptionalLong exec() {
    return pair(execLo, execHi);
  }

  public void setExec(OptionalLong mask) {
    execLo = lo(mask);
    execHi = hi(mask);
  }

  public OptionalLong vcc() {
    return pair(vccLo, vccHi);
  }

  public void setVcc(OptionalLong mask) {
    vccLo = lo(mask);
    vccHi = hi(mask);
  }

  /** Whether {@code lane} is active; empty when EXEC is unknown. */
  public Optional<Boolean> active(int lane) {
    OptionalLong e = exec();
    return e.isEmpty() ? Optional.empty() : Optional.of(((e.getAsLong() >>> lane) & 1) != 0);
  }

  /** A 64-bit value from known halves; empty when a half is unknown or a symbol. */
  private static OptionalLong pair(long lo, long hi) {
    return lo < 0 || hi < 0 ? OptionalLong.empty() : OptionalLong.of(lo | hi << 32);
  }

  private static long lo(OptionalLong v) {
    return v.isEmpty() ? UNKNOWN : v.getAsLong() & 0xFFFFFFFFL;
  }

  private static long hi(OptionalLong v) {
    return v.isEmpty() ? UNKNOWN : v.getAsLong() >>> 32;
  }

  /** A 32-bit source in {@code lane}: a register, inline constant, literal or special register. */
  /**
   * Whether a register of {@code r} holds a symbol in a lane of {@code exec} (an SGPR: its one
   * value): what {@link #read} would find in those lanes, without reading them one by one.
   */
  public boolean holdsSymbol(Operand.Register r, long exec) {
    for (int n = r.first(); n <= r.last(); n++) {
      if (r.file() == Operand.RegisterFile.SGPR) {
        if (Symbols.isSymbol(sgpr(n))) {
          return true;
        }
        continue;
      }
      int reg = r.file() == Operand.RegisterFile.AGPR ? AGPR_BASE + n : n;
      if (!symbolic[reg]) {
        continue;
      }
      long[] lanes = vgpr[reg];
      for (int lane = 0; lane < LANES; lane++) {
        if (((exec >>> lane) & 1) != 0 && Symbols.isSymbol(lanes[lane])) {
          return true;
        }
      }
    }
    return false;
  }

  public long read(Operand o, int lane) {
    if (o instanceof Operand.Register r) {
      return switch (r.file()) {
        case SGPR -> sgpr(r.first());
        case VGPR -> vgpr(r.first(), lane);
        case AGPR -> vgpr(AGPR_BASE + r.first(), lane);
      };
    }
    if (o instanceof Operand.Immediate i) {
      return i.value() & 0xFFFFFFFFL;
    }
    if (o instanceof Operand.FloatImmediate f) {
      return Float.floatToRawIntBits((float) f.value()) & 0xFFFFFFFFL;
    }
    if (o instanceof Operand.Special s) {
      return switch (s.name()) {
        case "m0" -> m0;
        case "scc" -> scc;
        case "vcc_lo", "vcc" -> vccLo;
        case "vcc_hi" -> vccHi;
        case "exec_lo", "exec" -> execLo;
        case "exec_hi" -> execHi;
        default -> UNKNOWN;
      };
    }
    return UNKNOWN;
  }

  /** A 64-bit source: a register pair, VCC, EXEC, or a sign-extended constant. */
  public OptionalLong read64(Operand o, int lane) {
    if (o instanceof Operand.Immediate i) {
      return OptionalLong.of(i.value());
    }
    if (o instanceof Operand.Special s && (s.name().equals("vcc") || s.name().equals("exec"))) {
      return s.name().equals("vcc") ? vcc() : exec();
    }
    if (o instanceof Operand.Register r) {
      Operand.Register hi = new Operand.Register(r.file(), r.first() + 1, 1);
      return pair(read(new Operand.Register(r.file(), r.first(), 1), lane), read(hi, lane));
    }
    return OptionalLong.empty();
  }

  /** Writes a 32-bit destination (each register of a range gets the value). */
  public void write(Operand o, int lane, long value) {
    if (o instanceof Operand.Register r) {
      for (int i = r.first(); i <= r.last(); i++) {
        switch (r.file()) {
          case SGPR -> setSgpr(i, value);
          case VGPR -> setVgpr(i, lane, value);
          case AGPR -> setVgpr(AGPR_BASE + i, lane, value);
        }
      }
    } else if (o instanceof Operand.Special s) {
      switch (s.name()) {
        case "m0" -> setM0(value);
        case "scc" -> setScc(value);
        case "vcc_lo" -> vccLo = word(value);
        case "vcc_hi" -> vccHi = word(value);
        case "exec_lo" -> execLo = word(value);
        case "exec_hi" -> execHi = word(value);
        case "vcc" -> setVcc(OptionalLong.empty());
        case "exec" -> setExec(OptionalLong.empty());
        default -> {}
      }
    }
  }

  /** Writes a 64-bit destination: a register pair, VCC or EXEC. */
  public void write64(Operand o, int lane, OptionalLong value) {
    if (o instanceof Operand.Special s && s.name().equals("vcc")) {
      setVcc(value);
    } else if (o instanceof Operand.Special s && s.name().equals("exec")) {
      setExec(value);
    } else if (o instanceof Operand.Register r && r.count() == 2) {
      Operand.Register lo = new Operand.Register(r.file(), r.first(), 1);
      Operand.Register hi = new Operand.Register(r.file(), r.first() + 1, 1);
      write(lo, lane, lo(value));
      write(hi, lane, hi(value));
    } else {
      write(o, lane, UNKNOWN);
    }
  }
}

package io.pipeverify.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One instruction of a wave's program (semantics.md section 2). Every op knows its {@link Origin}.
 */
public sealed interface Op {

  Origin origin();

  /** The same op from {@code origin} (a listing's op read from another file of the same text). */
  Op withOrigin(Origin origin);

  /** This op as lifted from the same line of assembly file {@code file} (itself if not lifted). */
  default Op inFile(String file) {
    return origin() instanceof Origin.InAssembly a && !a.file().equals(file)
        ? withOrigin(
            new Origin.InAssembly(
                file,
                a.line(),
                a.source()
                    .map(
                        l ->
                            l.file().equals(a.file())
                                ? new Origin.SourceLine(file, l.line(), l.text())
                                : l)))
        : this;
  }

  /** The op's name in the file format and in listings ({@code g2s}, {@code wait}, ...). */
  String kind();

  /**
   * The register a load into registers writes (a ds_read's, gload's, sload's or ds_permute's {@code
   * dst}: what an mfma, ds_write or consume names); empty for any other op.
   */
  static Optional<String> loadedRegister(Op op) {
    if (op instanceof DsRead r) {
      return Optional.of(r.dst());
    }
    if (op instanceof GLoad g) {
      return Optional.of(g.dst());
    }
    if (op instanceof SLoad l) {
      return Optional.of(l.dst());
    }
    return op instanceof DsPermute p ? Optional.of(p.dst()) : Optional.empty();
  }

  /** An op that touches LDS: g2s, ds_read or ds_write. */
  sealed interface LdsAccess extends Op {
    String buffer();

    Expr slot();

    Region region();

    TileTag tile();

    boolean writes();
  }

  /**
   * {@code buffer_load_dwordx4 ... lds}: global to LDS, counted by vmcnt. {@code source}, where the
   * lift knows it exactly (a copy of a lifted kernel's prologue), names what each lane copies from
   * where: two copies with the same source write the same global bytes to the same LDS bytes.
   */
  record G2s(
      String buffer, Expr slot, Region region, TileTag tile, Origin origin, Optional<String> source)
      implements LdsAccess {
    public G2s {
      Objects.requireNonNull(buffer);
      Objects.requireNonNull(slot);
      Objects.requireNonNull(region);
      Objects.requireNonNull(tile);
      Objects.requireNonNull(origin);
      Objects.requireNonNull(source);
    }

    /** A copy whose source is not known (every copy of a schedule file). */
    public G2s(String buffer, Expr slot, Region region, TileTag tile, Origin origin) {
      this(buffer, slot, region, tile, origin, Optional.empty());
    }

    @Override
    public G2s withOrigin(Origin o) {
      return new G2s(buffer, slot, region, tile, o, source);
    }

    /** The same copy with its source named. */
    public G2s withSource(String s) {
      return new G2s(buffer, slot, region, tile, origin, Optional.of(s));
    }

    /** The same copy without a source. */
    public G2s withoutSource() {
      return new G2s(buffer, slot, region, tile, origin, Optional.empty());
    }

    @Override
    public String kind() {
      return "g2s";
    }

    @Override
    public boolean writes() {
      return true;
    }
  }

  /** A global load into VGPRs ({@code tt.load}); counted by vmcnt, defines {@code dst}. */
  record GLoad(String dst, TileTag tile, Origin origin) implements Op {
    public GLoad {
      Objects.requireNonNull(dst);
      Objects.requireNonNull(tile);
      Objects.requireNonNull(origin);
    }

    @Override
    public GLoad withOrigin(Origin o) {
      return new GLoad(dst, tile, o);
    }

    @Override
    public String kind() {
      return "gload";
    }
  }

  /**
   * A scalar memory load ({@code s_load_dword*}, {@code s_buffer_load_dword*}) into SGPRs {@code
   * dst}, in a kernel lifted from assembly. It counts on lgkmcnt, but scalar memory returns out of
   * order with the LDS operations on that counter (and with other scalar loads), so only {@code
   * s_waitcnt lgkmcnt(0)} retires it (semantics.md section 4). The lift makes one only where a
   * later instruction may read or overwrite its registers before that wait.
   */
  record SLoad(String dst, Origin origin) implements Op {
    public SLoad {
      Objects.requireNonNull(dst);
      Objects.requireNonNull(origin);
    }

    @Override
    public SLoad withOrigin(Origin o) {
      return new SLoad(dst, o);
    }

    @Override
    public String kind() {
      return "sload";
    }
  }

  /**
   * {@code ds_bpermute_b32}, {@code ds_permute_b32} or {@code ds_swizzle_b32} into VGPR {@code
   * dst}, in a kernel lifted from assembly: the lanes exchange a register through the LDS unit,
   * touching no LDS byte. It counts on lgkmcnt in order with the wave's other DS instructions (the
   * lift makes one for every permute, so that the waits' counts are exact).
   */
  record DsPermute(String dst, Origin origin) implements Op {
    public DsPermute {
      Objects.requireNonNull(dst);
      Objects.requireNonNull(origin);
    }

    @Override
    public DsPermute withOrigin(Origin o) {
      return new DsPermute(dst, o);
    }

    @Override
    public String kind() {
      return "ds_permute";
    }
  }

  /**
   * An instruction of a kernel lifted from assembly that reads {@code registers} (a VALU operand,
   * an LDS or memory address) while the loads that last wrote them may be in flight: each entry is
   * the destination of such a load as its op names it ({@link GLoad#dst}, {@link DsRead#dst},
   * {@link SLoad#dst}, {@link DsPermute#dst}). P4 needs each load landed before the instruction
   * issues (semantics.md section 4); it touches nothing.
   */
  record Consume(java.util.List<String> registers, Origin origin) implements Op {
    public Consume {
      registers = java.util.List.copyOf(registers);
      if (registers.isEmpty()) {
        throw new IllegalArgumentException("a consume op reads at least one register");
      }
      Objects.requireNonNull(origin);
    }

    @Override
    public Consume withOrigin(Origin o) {
      return new Consume(registers, o);
    }

    @Override
    public String kind() {
      return "consume";
    }
  }

  /**
   * {@code ds_read_b128}: reads LDS into register {@code dst}; counted by lgkmcnt. {@code use} says
   * which of its instances load a value nothing uses ({@link ReadUse}).
   */
  record DsRead(
      String buffer, Expr slot, Region region, String dst, TileTag tile, Origin origin, ReadUse use)
      implements LdsAccess {
    public DsRead {
      Objects.requireNonNull(buffer);
      Objects.requireNonNull(slot);
      Objects.requireNonNull(region);
      Objects.requireNonNull(dst);
      Objects.requireNonNull(tile);
      Objects.requireNonNull(origin);
      Objects.requireNonNull(use);
    }

    /** A read whose use the schedule's ops decide ({@link ReadUse#BY_OPS}). */
    public DsRead(
        String buffer, Expr slot, Region region, String dst, TileTag tile, Origin origin) {
      this(buffer, slot, region, dst, tile, origin, ReadUse.BY_OPS);
    }

    @Override
    public DsRead withOrigin(Origin o) {
      return new DsRead(buffer, slot, region, dst, tile, o, use);
    }

    /** The same read with another {@link ReadUse}. */
    public DsRead withUse(ReadUse newUse) {
      return new DsRead(buffer, slot, region, dst, tile, origin, newUse);
    }

    /** The same read of other bytes, tagged {@code newTile}. */
    public DsRead withRegion(Region newRegion, TileTag newTile) {
      return new DsRead(buffer, slot, newRegion, dst, newTile, origin, use);
    }

    @Override
    public String kind() {
      return "ds_read";
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  /** {@code ds_write_b128}: writes register {@code src} to LDS; counted by lgkmcnt. */
  record DsWrite(String buffer, Expr slot, Region region, String src, TileTag tile, Origin origin)
      implements LdsAccess {
    public DsWrite {
      Objects.requireNonNull(buffer);
      Objects.requireNonNull(slot);
      Objects.requireNonNull(region);
      Objects.requireNonNull(src);
      Objects.requireNonNull(tile);
      Objects.requireNonNull(origin);
    }

    @Override
    public DsWrite withOrigin(Origin o) {
      return new DsWrite(buffer, slot, region, src, tile, o);
    }

    @Override
    public String kind() {
      return "ds_write";
    }

    @Override
    public boolean writes() {
      return true;
    }
  }

  /** {@code s_waitcnt vmcnt(N) lgkmcnt(M)}; an absent counter is not waited on. */
  record Wait(OptionalInt vmcnt, OptionalInt lgkmcnt, Origin origin) implements Op {
    public Wait {
      Objects.requireNonNull(vmcnt);
      Objects.requireNonNull(lgkmcnt);
      Objects.requireNonNull(origin);
      if (vmcnt.isEmpty() && lgkmcnt.isEmpty()) {
        throw new IllegalArgumentException("a wait needs vmcnt or lgkmcnt");
      }
    }

    public static Wait vmcnt(int n, Origin origin) {
      return new Wait(OptionalInt.of(n), OptionalInt.empty(), origin);
    }

    public static Wait lgkmcnt(int n, Origin origin) {
      return new Wait(OptionalInt.empty(), OptionalInt.of(n), origin);
    }

    /** The counters waited on as in assembler, e.g. {@code vmcnt(0) lgkmcnt(3)}. */
    public String counters() {
      StringBuilder b = new StringBuilder();
      vmcnt.ifPresent(n -> b.append("vmcnt(").append(n).append(')'));
      lgkmcnt.ifPresent(
          n -> b.append(b.length() == 0 ? "" : " ").append("lgkmcnt(").append(n).append(')'));
      return b.toString();
    }

    @Override
    public Wait withOrigin(Origin o) {
      return new Wait(vmcnt, lgkmcnt, o);
    }

    @Override
    public String kind() {
      return "wait";
    }
  }

  /** {@code s_barrier}: the n-th barrier of every wave joins (matched by count). */
  record Barrier(Origin origin) implements Op {
    public Barrier {
      Objects.requireNonNull(origin);
    }

    @Override
    public Barrier withOrigin(Origin o) {
      return new Barrier(o);
    }

    @Override
    public String kind() {
      return "barrier";
    }
  }

  /**
   * {@code v_mfma}: the product of A fragment register {@code a} and B fragment register {@code b}
   * for output fragment (i, j) and k-chunk {@code kChunk} of K tile {@code kTile}.
   */
  record Mfma(String a, String b, int i, int j, int kChunk, Expr kTile, Origin origin)
      implements Op {
    public Mfma {
      Objects.requireNonNull(a);
      Objects.requireNonNull(b);
      Objects.requireNonNull(kTile);
      Objects.requireNonNull(origin);
    }

    @Override
    public Mfma withOrigin(Origin o) {
      return new Mfma(a, b, i, j, kChunk, kTile, o);
    }

    @Override
    public String kind() {
      return "mfma";
    }
  }

  /** {@code sched_barrier(mask)}: a compiler hint, no ordering effect in the semantics. */
  record SchedBarrier(int mask, Origin origin) implements Op {
    public SchedBarrier {
      Objects.requireNonNull(origin);
    }

    @Override
    public SchedBarrier withOrigin(Origin o) {
      return new SchedBarrier(mask, o);
    }

    @Override
    public String kind() {
      return "sched_barrier";
    }
  }

  /** {@code s_setprio}: an arbiter hint, no ordering effect in the semantics. */
  record SetPrio(int priority, Origin origin) implements Op {
    public SetPrio {
      Objects.requireNonNull(origin);
    }

    @Override
    public SetPrio withOrigin(Origin o) {
      return new SetPrio(priority, o);
    }

    @Override
    public String kind() {
      return "setprio";
    }
  }

  /** Closes an async copy group (TileLang / Triton); lowered away before verification. */
  record CommitGroup(Origin origin) implements Op {
    public CommitGroup {
      Objects.requireNonNull(origin);
    }

    @Override
    public CommitGroup withOrigin(Origin o) {
      return new CommitGroup(o);
    }

    @Override
    public String kind() {
      return "commit_group";
    }
  }

  /** Waits until at most {@code pending} groups are in flight; lowered to a vmcnt wait. */
  record WaitGroup(int pending, Origin origin) implements Op {
    public WaitGroup {
      Objects.requireNonNull(origin);
    }

    @Override
    public WaitGroup withOrigin(Origin o) {
      return new WaitGroup(pending, o);
    }

    @Override
    public String kind() {
      return "wait_group";
    }
  }

  /**
   * An op that exists only in the waves where {@code when} holds ({@code "when"} in the file
   * format): one program can then say {@code if (warp_row == 1) s_barrier()}. {@link
   * WaveSpecialization} resolves it per wave before verification; nothing after that sees one.
   */
  record Conditional(Condition when, Op op) implements Op {
    public Conditional {
      Objects.requireNonNull(when);
      Objects.requireNonNull(op);
      if (op instanceof Conditional) {
        throw new IllegalArgumentException("a conditional op holds an unconditional one");
      }
    }

    @Override
    public Origin origin() {
      return op.origin();
    }

    @Override
    public Conditional withOrigin(Origin o) {
      return new Conditional(when, op.withOrigin(o));
    }

    @Override
    public String kind() {
      return op.kind();
    }
  }
}

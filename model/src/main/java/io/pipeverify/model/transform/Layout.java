package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;

/**
 * The data layout all transforms share (semantics.md section 7, generalised): bf16 rows of {@code
 * 2*tileK} bytes; a copy instruction moves {@code bytesPerInstruction} bytes = {@code r} whole
 * rows; instruction i of wave w writes rows {@code [i*(waves*r) + w*r, +r)} of its (sub-)tile;
 * waves form a {@code waves/2 x 2} grid ({@code warp_m = w / 2}, {@code warp_n = w % 2}) with 16x16
 * output fragments; a k-chunk of {@code kChunk} elements is one MFMA's K.
 */
final class Layout {
  static final int WARPS_N = 2;
  static final String TENSOR_A = "A";
  static final String TENSOR_B = "B";

  /** The help text of the transforms' {@code swizzle} knob. */
  static final String SWIZZLE_KNOB =
      "fragment reads at the 16-byte columns note 003's XOR swizzle puts their k-chunk in, as"
          + " emitted (exact), not as whole rows (same verdict)";

  final CommonKnobs common;
  final int bytesPerInstruction;
  final int kChunk;
  final boolean swizzle;

  Layout(CommonKnobs common, int bytesPerInstruction, int kChunk) {
    this(common, bytesPerInstruction, kChunk, false);
  }

  /**
   * With {@code swizzle}, a fragment read is the 16-byte columns of its k-chunk in each of its 16
   * rows, where note 003's XOR swizzle puts them ({@link #fragmentRegion}); without, whole rows.
   */
  Layout(CommonKnobs common, int bytesPerInstruction, int kChunk, boolean swizzle) {
    List<String> problems = problems(common, bytesPerInstruction, "", kChunk, 1);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    this.common = common;
    this.bytesPerInstruction = bytesPerInstruction;
    this.kChunk = kChunk;
    this.swizzle = swizzle;
  }

  /**
   * The LDS a ds_read of a 16-row fragment of k-chunk {@code readKChunk} touches: whole rows, or
   * with {@link #swizzle} the chunk's 16-byte columns of each row, column c of row r stored at c ^
   * (r & (columns per row - 1)), as the emitted HIP lays tiles out (the copies swizzle the global
   * side, the reads the LDS side: docs/codegen.md). The copies write whole rows either way, so the
   * verdict is the same; the swizzled regions are the exact ones.
   */
  Region fragmentRegion(Expr rowStart, int readKChunk) {
    if (!swizzle) {
      return new Region(Region.Unit.ROWS, rowStart, Expr.of(Gemm.FRAGMENT));
    }
    return Region.rows(
        rowStart,
        Expr.of(Gemm.FRAGMENT),
        Region.Columns.xorSwizzled(rowBytes(), kChunk * Gemm.ELEMENT_BYTES, readKChunk));
  }

  /**
   * The layout invariants for a configuration, each naming its knobs. {@code split} is 2 when the
   * tiles are loaded and read as two halves of rows (hipkittens-2step sub-tiles), else 1.
   */
  static List<String> problems(
      CommonKnobs c, int bytesPerInstruction, String copyWhat, int kChunk, int split) {
    List<String> out = new ArrayList<>();
    if (c.waves() % 2 != 0) {
      out.add("knob 'waves': must be even (the waves form a waves/2 x 2 grid), got " + c.waves());
      return out;
    }
    int warpsM = c.waves() / 2;
    if (kChunk < 1 || c.tileK() % kChunk != 0) {
      out.add(
          "knob 'tileK': "
              + c.tileK()
              + " must be a multiple of the k-chunk "
              + kChunk
              + " (one MFMA's K)");
    }
    int rowBytes = c.tileK() * Gemm.ELEMENT_BYTES;
    if (bytesPerInstruction % rowBytes != 0) {
      out.add(
          "knob 'tileK': rows of "
              + rowBytes
              + " B must divide the "
              + bytesPerInstruction
              + " B one "
              + copyWhat
              + " instruction moves, so that it writes whole rows");
    } else {
      tileSplits(out, "tileM", c.tileM(), c, rowBytes, bytesPerInstruction, copyWhat, split);
      tileSplits(out, "tileN", c.tileN(), c, rowBytes, bytesPerInstruction, copyWhat, split);
    }
    fragments(out, "tileM", c.tileM(), split * warpsM * Gemm.FRAGMENT, "waves/2 wave rows");
    fragments(out, "tileN", c.tileN(), split * WARPS_N * Gemm.FRAGMENT, "2 wave columns");
    return out;
  }

  private static void tileSplits(
      List<String> out,
      String knob,
      int rows,
      CommonKnobs c,
      int rowBytes,
      int bytesPerInstruction,
      String copyWhat,
      int split) {
    long perRound = (long) c.waves() * bytesPerInstruction;
    long bytes = (long) rows * rowBytes;
    if (rows % split != 0 || (bytes / split) % perRound != 0 || bytes / split < perRound) {
      out.add(
          "knobs '"
              + knob
              + "', 'waves', 'tileK': "
              + (split == 1 ? "a tile" : "a half tile")
              + " of "
              + bytes / split
              + " B must be a positive multiple of waves x "
              + bytesPerInstruction
              + " B ("
              + copyWhat
              + " instructions per wave must divide evenly)");
    }
  }

  private static void fragments(List<String> out, String knob, int rows, int unit, String why) {
    if (rows % unit != 0) {
      out.add(
          "knob '"
              + knob
              + "': "
              + rows
              + " must be a multiple of "
              + unit
              + " (16-row fragments over "
              + why
              + ")");
    }
  }

  int rowBytes() {
    return common.tileK() * Gemm.ELEMENT_BYTES;
  }

  int rowsPerInstruction() {
    return bytesPerInstruction / rowBytes();
  }

  int warpsM() {
    return common.waves() / 2;
  }

  int tileRows(String tensor) {
    return tensor.equals(TENSOR_A) ? common.tileM() : common.tileN();
  }

  /** Copy instructions per wave for a whole tile of {@code tensor}. */
  int instructions(String tensor) {
    return tileRows(tensor) * rowBytes() / (common.waves() * bytesPerInstruction);
  }

  /** Fragments per wave along M (i) or N (j). */
  int fragments(String tensor) {
    return tensor.equals(TENSOR_A)
        ? common.tileM() / warpsM() / Gemm.FRAGMENT
        : common.tileN() / WARPS_N / Gemm.FRAGMENT;
  }

  int kChunks() {
    return common.tileK() / kChunk;
  }

  /** First row written by copy instruction i of a (sub-)tile starting at {@code rowOffset}. */
  Expr copyRowStart(int rowOffset, int i) {
    int r = rowsPerInstruction();
    return Exprs.affine(Exprs.W, r, rowOffset + (long) i * common.waves() * r);
  }

  /** First row of this wave's fragment {@code index} (whole-tile ownership, section 7). */
  Expr fragmentRowStart(String tensor, int index) {
    boolean a = tensor.equals(TENSOR_A);
    int warpRows = a ? common.tileM() / warpsM() : common.tileN() / WARPS_N;
    return Exprs.affine(
        new Expr.Var(a ? "warp_m" : "warp_n"), warpRows, (long) index * Gemm.FRAGMENT);
  }

  /**
   * First row of fragment {@code indexInHalf} of half {@code half} when each wave owns fragments in
   * both halves of the tile (hipkittens-2step quadrants).
   */
  Expr halfFragmentRowStart(String tensor, int half, int indexInHalf) {
    boolean a = tensor.equals(TENSOR_A);
    int halfRows = tileRows(tensor) / 2;
    int warpRows = a ? halfRows / warpsM() : halfRows / WARPS_N;
    return Exprs.affine(
        new Expr.Var(a ? "warp_m" : "warp_n"),
        warpRows,
        (long) half * halfRows + (long) indexInHalf * Gemm.FRAGMENT);
  }

  Gemm gemm() {
    return new Gemm(common.tileM(), common.tileN(), common.tileK(), kChunk);
  }

  List<LdsBuffer> buffers() {
    return List.of(
        new LdsBuffer(TENSOR_A, common.slots(), common.tileM() * rowBytes(), rowBytes()),
        new LdsBuffer(TENSOR_B, common.slots(), common.tileN() * rowBytes(), rowBytes()));
  }

  static List<WaveParam> waveParams() {
    return List.of(
        new WaveParam("warp_m", Expr.parse("w / 2")), new WaveParam("warp_n", Expr.parse("w % 2")));
  }

  List<Integer> waveRange(int from, int to) {
    List<Integer> out = new ArrayList<>();
    for (int w = from; w < to; w++) {
      out.add(w);
    }
    return out;
  }

  List<Integer> allWaves() {
    return waveRange(0, common.waves());
  }

  Schedule schedule(String name, List<WaveProgram> programs) {
    return new Schedule(
        name,
        common.target(),
        common.waves(),
        common.implicitWaits(),
        waveParams(),
        buffers(),
        gemm(),
        programs,
        common.tripCount());
  }
}

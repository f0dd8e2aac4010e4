package io.pipeverify.model.transform;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.TileTag;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Appends ops of one section in program order, each with {@code Origin.FromTransform(transform,
 * stage)} for the current stage. The layout decides regions, tile tags and register names.
 */
final class Emitter {
  private final String transform;
  private final Layout layout;
  private final List<Op> ops = new ArrayList<>();
  private String stage = "";

  Emitter(String transform, Layout layout) {
    this.transform = transform;
    this.layout = layout;
  }

  Emitter stage(String name) {
    this.stage = name;
    return this;
  }

  /** The ops emitted since the last call, in order; the emitter starts empty again. */
  List<Op> take() {
    List<Op> out = List.copyOf(ops);
    ops.clear();
    return out;
  }

  private Origin origin() {
    return new Origin.FromTransform(transform, stage);
  }

  void barrier() {
    ops.add(new Op.Barrier(origin()));
  }

  void waitVmcnt(int n) {
    ops.add(Op.Wait.vmcnt(n, origin()));
  }

  void waitLgkmcnt(int n) {
    ops.add(Op.Wait.lgkmcnt(n, origin()));
  }

  void schedBarrier(int mask) {
    ops.add(new Op.SchedBarrier(mask, origin()));
  }

  void setPrio(int priority) {
    ops.add(new Op.SetPrio(priority, origin()));
  }

  void commitGroup() {
    ops.add(new Op.CommitGroup(origin()));
  }

  void waitGroup(int pending) {
    ops.add(new Op.WaitGroup(pending, origin()));
  }

  private TileTag copyTag(String tensor, Expr kTile, Expr rowStart) {
    return new TileTag(
        tensor, kTile, rowStart, Expr.of(layout.rowsPerInstruction()), Optional.empty());
  }

  /** Copy instruction i of the rows of {@code tensor} starting at {@code rowOffset}, as g2s. */
  void g2s(String tensor, int rowOffset, int i, Expr kTile, Expr slot) {
    Expr start = layout.copyRowStart(rowOffset, i);
    Region region = new Region(Region.Unit.ROWS, start, Expr.of(layout.rowsPerInstruction()));
    ops.add(new Op.G2s(tensor, slot, region, copyTag(tensor, kTile, start), origin()));
  }

  /** All g2s of a whole tile of {@code tensor}. */
  void g2sTile(String tensor, Expr kTile, Expr slot) {
    for (int i = 0; i < layout.instructions(tensor); i++) {
      g2s(tensor, 0, i, kTile, slot);
    }
  }

  static String globalRegister(String tensor, int i) {
    return "g" + tensor.toLowerCase(java.util.Locale.ROOT) + i;
  }

  /** Global loads into registers {@code ga{i}} / {@code gb{i}} of a whole tile (Triton tt.load). */
  void gloadTile(String tensor, Expr kTile) {
    for (int i = 0; i < layout.instructions(tensor); i++) {
      Expr start = layout.copyRowStart(0, i);
      ops.add(new Op.GLoad(globalRegister(tensor, i), copyTag(tensor, kTile, start), origin()));
    }
  }

  /** ds_write of the registers of {@link #gloadTile} (Triton local_store), same rows. */
  void dsWriteTile(String tensor, Expr kTile, Expr slot) {
    for (int i = 0; i < layout.instructions(tensor); i++) {
      Expr start = layout.copyRowStart(0, i);
      Region region = new Region(Region.Unit.ROWS, start, Expr.of(layout.rowsPerInstruction()));
      ops.add(
          new Op.DsWrite(
              tensor,
              slot,
              region,
              globalRegister(tensor, i),
              copyTag(tensor, kTile, start),
              origin()));
    }
  }

  static String fragmentRegister(String tensor, int index, int kChunk) {
    return (tensor.equals(Layout.TENSOR_A) ? "a" : "b") + index + "_kp" + kChunk;
  }

  /**
   * ds_read of one 16-row fragment into {@code a{index}_kp{kChunk}} (or b...), reading the data of
   * k-chunk {@code readKChunk} (normally equal to kChunk; differs to model a k-pack mix-up).
   */
  void dsRead(
      String tensor, int index, int kChunk, int readKChunk, Expr rowStart, Expr kTile, Expr slot) {
    Region region = layout.fragmentRegion(rowStart, readKChunk);
    TileTag tag =
        new TileTag(
            tensor, kTile, rowStart, Expr.of(Gemm.FRAGMENT), Optional.of(Expr.of(readKChunk)));
    ops.add(
        new Op.DsRead(
            tensor, slot, region, fragmentRegister(tensor, index, kChunk), tag, origin()));
  }

  /** ds_read of fragment {@code index} in the whole-tile ownership of section 7. */
  void dsRead(String tensor, int index, int kChunk, Expr kTile, Expr slot) {
    dsRead(tensor, index, kChunk, kChunk, layout.fragmentRowStart(tensor, index), kTile, slot);
  }

  /** All reads of one tensor's fragments for one k-chunk, in fragment order. */
  void dsReadChunk(String tensor, int kChunk, Expr kTile, Expr slot) {
    for (int idx = 0; idx < layout.fragments(tensor); idx++) {
      dsRead(tensor, idx, kChunk, kTile, slot);
    }
  }

  /**
   * The plain S2R of a whole tile as TileLang unrolls it: {@code for i, local_id in grid(I, KC)}
   * for A, then the same for B (note 000, section 三).
   */
  void dsReadTilePlain(Expr kTile, Expr slot) {
    for (String tensor : List.of(Layout.TENSOR_A, Layout.TENSOR_B)) {
      for (int idx = 0; idx < layout.fragments(tensor); idx++) {
        for (int kc = 0; kc < layout.kChunks(); kc++) {
          dsRead(tensor, idx, kc, kTile, slot);
        }
      }
    }
  }

  void mfma(int i, int j, int kChunk, Expr kTile) {
    ops.add(
        new Op.Mfma(
            fragmentRegister(Layout.TENSOR_A, i, kChunk),
            fragmentRegister(Layout.TENSOR_B, j, kChunk),
            i,
            j,
            kChunk,
            kTile,
            origin()));
  }

  /** The MFMAs of one k-chunk: for i, for j. */
  void mfmaChunk(int kChunk, Expr kTile) {
    for (int i = 0; i < layout.fragments(Layout.TENSOR_A); i++) {
      for (int j = 0; j < layout.fragments(Layout.TENSOR_B); j++) {
        mfma(i, j, kChunk, kTile);
      }
    }
  }

  /** The plain MFMA loop of a whole tile: {@code for kp, i, j} (note 000). */
  void mfmaTilePlain(Expr kTile) {
    for (int kc = 0; kc < layout.kChunks(); kc++) {
      mfmaChunk(kc, kTile);
    }
  }
}

package io.pipeverify.verifier.kernels;

import io.pipeverify.model.Condition;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An 8-wave HipKittens-style ping-pong GEMM, the kind of kernel issue 12 transcribed by hand: two
 * wave groups ({@code warp_row = w / 4}) offset by {@code if (warp_row == 1) s_barrier()} and
 * realigned by {@code if (warp_row == 0) s_barrier()} before the epilogue, a 16-phase loop with a
 * barrier at phases 8 and 15, three LDS slots per buffer, and LDS-DMA copies of 1 KiB (16 rows of
 * one k-chunk, the k-chunk-major layout keeps them contiguous) that land in the k-chunk the wave's
 * parity selects. Tile 256 x 128 x 64, k-chunks of 32.
 *
 * <p>Why three slots: with the offset, a group passes each barrier one phase group later than the
 * other, so a slot can be refilled only after the later group's next barrier. Tile k + 2 is copied
 * in phases 8-13 of iteration k; the {@code s_waitcnt vmcnt(0)} before the phase-8 barrier of
 * iteration k + 1 retires it, and iteration k + 2 reads it.
 *
 * <p>The variants: {@link Variant#REPAIRED} verifies; {@link Variant#RACY} has that wait after the
 * phase-8 barrier instead of before it, which is safe within a group and races across the offset
 * groups (group 1's copies are read by group 0); {@link Variant#UNEQUAL_BARRIERS} lacks group 0's
 * realigning barrier, so group 1 runs one more s_barrier after group 0 has ended.
 *
 * <p>The same kernel comes as one program ({@code when} and a k-chunk expression of {@code w},
 * docs/format.md) or as the four roles a hand transcription needs (wave group x wave parity); its
 * ops carry transform origins ({@code hk-pingpong}, the phase) so that both forms name them alike.
 */
public final class PingpongKernel {
  private PingpongKernel() {}

  /** How the per-wave differences are written. */
  public enum Form {
    ONE_PROGRAM,
    FOUR_ROLES
  }

  public enum Variant {
    REPAIRED,
    RACY,
    UNEQUAL_BARRIERS
  }

  static final int WAVES = 8;
  static final int PHASES = 16;
  private static final int K_CHUNKS = 2;
  private static final int ROW_BYTES = 64;
  private static final int A_ROWS = 256;
  private static final int B_ROWS = 128;
  private static final String TRANSFORM = "hk-pingpong";

  public static Schedule build(Form form, Variant variant) {
    List<WaveProgram> programs = new ArrayList<>();
    if (form == Form.ONE_PROGRAM) {
      programs.add(new Role(Expr.parse("w % 2"), -1, variant).program("main", waves(-1, -1)));
    } else {
      for (int group = 0; group < 2; group++) {
        for (int parity = 0; parity < 2; parity++) {
          programs.add(
              new Role(Expr.of(parity), group, variant)
                  .program("group" + group + "-parity" + parity, waves(group, parity)));
        }
      }
    }
    return new Schedule(
        "hk-pingpong-" + variant.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
        Target.GFX950,
        WAVES,
        ImplicitWaits.LLVM,
        List.of(
            new WaveParam("warp_row", Expr.parse("w / 4")),
            new WaveParam("warp_col", Expr.parse("w % 4"))),
        List.of(
            new LdsBuffer("A", 3, A_ROWS * ROW_BYTES * K_CHUNKS, ROW_BYTES),
            new LdsBuffer("B", 3, B_ROWS * ROW_BYTES * K_CHUNKS, ROW_BYTES)),
        new Gemm(A_ROWS, B_ROWS, 64, 32),
        programs,
        16);
  }

  /** The waves of a group and parity; -1 for all of them. */
  private static List<Integer> waves(int group, int parity) {
    List<Integer> out = new ArrayList<>();
    for (int w = 0; w < WAVES; w++) {
      if ((group < 0 || w / 4 == group) && (parity < 0 || w % 2 == parity)) {
        out.add(w);
      }
    }
    return out;
  }

  /** The program of one role: {@code group} -1 for the one program of every wave. */
  private record Role(Expr kChunk, int group, Variant variant) {

    WaveProgram program(String name, List<Integer> waves) {
      List<Op> prologue = new ArrayList<>();
      for (int tile = 0; tile < 2; tile++) {
        for (int piece = 0; piece < 6; piece++) {
          prologue.add(
              copy(piece, Integer.toString(tile), Integer.toString(tile), "prologue copy"));
        }
      }
      prologue.add(wait(OptionalInt.of(0), OptionalInt.empty(), "prologue wait"));
      prologue.add(new Op.Barrier(origin("prologue barrier")));
      groupBarrier(1, "prologue offset").ifPresent(prologue::add);

      List<Op> loop = new ArrayList<>();
      for (int p = 0; p < PHASES; p++) {
        String stage = "phase " + p;
        if (p == 8) {
          Op retire = wait(OptionalInt.of(0), OptionalInt.empty(), stage);
          Op barrier = new Op.Barrier(origin(stage));
          loop.addAll(
              variant == Variant.RACY ? List.of(barrier, retire) : List.of(retire, barrier));
        }
        if (p >= 8 && p < 14) {
          loop.add(copy(p - 8, "(k + 2) % 3", "k + 2", stage));
        }
        compute(loop, "k % 3", "k", stage, p);
        if (p == PHASES - 1) {
          loop.add(wait(OptionalInt.empty(), OptionalInt.of(0), stage));
          loop.add(new Op.Barrier(origin(stage)));
        }
      }

      List<Op> epilogue = new ArrayList<>();
      if (variant != Variant.UNEQUAL_BARRIERS) {
        groupBarrier(0, "epilogue realign").ifPresent(epilogue::add);
      }
      epilogue.add(wait(OptionalInt.of(0), OptionalInt.empty(), "epilogue drain"));
      epilogue.add(new Op.Barrier(origin("epilogue drain")));
      for (String tile : List.of("T", "T + 1")) {
        for (int p = 0; p < PHASES; p++) {
          compute(epilogue, "(" + tile + ") % 3", tile, "epilogue tile " + tile + " phase " + p, p);
        }
      }
      return new WaveProgram(name, waves, prologue, loop, epilogue);
    }

    /** The barrier only group {@code g} runs: a {@code when} in the one program. */
    Optional<Op> groupBarrier(int g, String stage) {
      Op barrier = new Op.Barrier(origin(stage));
      if (group < 0) {
        return Optional.of(new Op.Conditional(Condition.parse("warp_row == " + g), barrier));
      }
      return group == g ? Optional.of(barrier) : Optional.empty();
    }

    /**
     * Copy {@code piece} of a tile: A pieces 0-3 (64 of the 256 rows per wave pair), B pieces 4-5
     * (32 of 128), 16 rows of the wave's k-chunk each.
     */
    Op copy(int piece, String slot, String tile, String stage) {
      boolean a = piece < 4;
      String rows = plus(a ? "w / 2 * 64" : "w / 2 * 32", (a ? piece : piece - 4) * 16);
      String buffer = a ? "A" : "B";
      return new Op.G2s(
          buffer,
          Expr.parse(slot),
          bytes(buffer, kChunk.render(), rows),
          tag(buffer, tile, rows, kChunk),
          origin(stage));
    }

    /** Phase p: the reads it needs (B fragments at its k-chunk's first phase), then 2 mfmas. */
    void compute(List<Op> ops, String slot, String tile, String stage, int p) {
      int chunk = p / 8;
      int i = p % 8;
      if (i == 0) {
        ops.add(read("B", 0, chunk, slot, tile, stage));
        ops.add(read("B", 1, chunk, slot, tile, stage));
      }
      ops.add(read("A", i, chunk, slot, tile, stage));
      ops.add(new Op.SchedBarrier(0, origin(stage)));
      ops.add(new Op.SetPrio(1, origin(stage)));
      for (int j = 0; j < 2; j++) {
        ops.add(
            new Op.Mfma(
                "a" + i + "_kp" + chunk,
                "b" + j + "_kp" + chunk,
                i,
                j,
                chunk,
                Expr.parse(tile),
                origin(stage)));
      }
      ops.add(new Op.SetPrio(0, origin(stage)));
    }

    /** Fragment {@code index} (16 rows) of k-chunk {@code chunk}: A by warp_row, B by warp_col. */
    Op read(String buffer, int index, int chunk, String slot, String tile, String stage) {
      String rows = plus(buffer.equals("A") ? "warp_row * 128" : "warp_col * 32", index * 16);
      return new Op.DsRead(
          buffer,
          Expr.parse(slot),
          bytes(buffer, Integer.toString(chunk), rows),
          buffer.toLowerCase(java.util.Locale.ROOT) + index + "_kp" + chunk,
          tag(buffer, tile, rows, Expr.of(chunk)),
          origin(stage));
    }

    static String plus(String base, int offset) {
      return offset == 0 ? base : base + " + " + offset;
    }

    /** 16 rows of one k-chunk in the k-chunk-major layout: 1 KiB. */
    static Region bytes(String buffer, String chunk, String rows) {
      int rowsPerChunk = buffer.equals("A") ? A_ROWS : B_ROWS;
      return new Region(
          Region.Unit.BYTES,
          Expr.parse(
              "(" + chunk + ") * " + rowsPerChunk * ROW_BYTES + " + (" + rows + ") * " + ROW_BYTES),
          Expr.of(16L * ROW_BYTES));
    }

    static TileTag tag(String tensor, String tile, String rows, Expr chunk) {
      return new TileTag(
          tensor, Expr.parse(tile), Expr.parse(rows), Expr.of(16), Optional.of(chunk));
    }

    static Op wait(OptionalInt vmcnt, OptionalInt lgkmcnt, String stage) {
      return new Op.Wait(vmcnt, lgkmcnt, origin(stage));
    }

    static Origin origin(String stage) {
      return new Origin.FromTransform(TRANSFORM, stage);
    }
  }
}
